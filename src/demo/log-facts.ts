// What a deployment's log names (the repository, commit, server, image, container, the settings
// at the time), worked out once from the deployment and its application: the log's script
// (log-script.ts) and its failures (log-script-failures.ts) both write them.
import { hostOf } from './domains.js';
import type { AppFields, DemoApp, DemoDeployment } from './model.js';
import { between, hex, type Random } from './random.js';

/** What the log names: taken from the deployment and its application's settings at the time. */
export interface Facts {
  readonly repo: string;
  readonly cloneUrl: string;
  readonly branch: string;
  readonly sha: string;
  readonly short: string;
  readonly server: string;
  readonly work: string;
  readonly helper: string;
  readonly image: string;
  readonly container: string;
  readonly appUuid: string;
  readonly settings: AppFields;
}

export const HELPER_IMAGE = 'ghcr.io/acme/dms-helper:1.0.8';

export function factsOf(app: DemoApp, d: DemoDeployment, random: Random): Facts {
  const settings = d.settings ?? app.fields;
  const repository = String(settings.git_repository ?? `https://code.example.com/acme/${app.name}`)
    .trim()
    .replace(/\/+$/, '');
  const repo = repository
    .replace(/\.git$/, '')
    .split(/[/:]/)
    .slice(-2)
    .join('/');
  const host = hostOf(repository);
  // Servers scrub the access token before they store the log.
  const cloneUrl = host !== undefined && /^https?:/.test(repository) ? `https://x-access-token:<REDACTED>@${host}/${repo}.git` : repository;
  const sha = d.commitSha === 'HEAD' ? hex(random, 40) : d.commitSha;
  return {
    repo,
    cloneUrl,
    branch: d.branch,
    sha,
    short: sha.slice(0, 7),
    server: app.server.name,
    work: `/artifacts/${d.deploymentUuid}`,
    helper: d.deploymentUuid,
    image: String(settings.container_registry_image_name ?? app.uuid),
    container: `${app.uuid}-${between(random, 100000, 235959)}`,
    appUuid: app.uuid,
    settings,
  };
}
