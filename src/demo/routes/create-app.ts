// POST /applications/public (interface.md §4.2): checks like a deployed server, stores the
// application, and with instant_deploy starts a deployment of it.
import { randomUUID } from 'node:crypto';
import { CREATE_APP_FIELDS, validateCreateApp } from '../../api/schemas/index.js';
import type { Deployer, DemoOutcome } from '../deployer.js';
import { hostOf, hostsOf, splitUrls } from '../domains.js';
import type { AppFields, FieldValue } from '../model.js';
import { hex, pick, type Random } from '../random.js';
import { settingsHash } from '../settings.js';
import { appDefaults } from '../records.js';
import { reply, type Reply } from '../reply.js';
import type { DemoStore } from '../store.js';
import { findPlace, problemsReply, readJsonObject, type Body, type Place } from './creation.js';

export interface CreateContext {
  readonly store: DemoStore;
  readonly deployer: Deployer;
  readonly now: () => number;
  readonly random: Random;
}

const FIRST_COMMITS = ['Initial commit', 'Update README.md', "Merge branch 'develop'", 'Fix build script'];

/** `owner/repo` of a repository URL, https or scp-like. */
function repoName(url: string): string {
  return url
    .trim()
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
    .split(/[/:]/)
    .slice(-2)
    .join('/');
}

/**
 * The demo's knob for how an instant deployment ends: a repository named `outcome-finished`,
 * `outcome-failed` or `outcome-cancelled` (any owner, e.g. `https://github.com/acme/outcome-failed`)
 * ends that way; any other ends by chance (one in five fails). For tests and demos of `--wait`.
 */
export function outcomeAsked(repository: string): DemoOutcome | undefined {
  const name = repoName(repository).split('/').pop();
  if (name === 'outcome-finished') return 'finished';
  if (name === 'outcome-failed') return 'failed';
  if (name === 'outcome-cancelled') return 'cancelled-by-user';
  return undefined;
}

/** The URLs the new application will answer on, as the creator wrote them. */
function requestedUrls(body: Body): string[] {
  if (body.build_pack !== 'containercompose') return splitUrls(body.domains as string | undefined);
  const list = Array.isArray(body.container_compose_domains) ? body.container_compose_domains : [];
  return list.flatMap((d: { domain?: string }) => splitUrls(d.domain));
}

/** `{"web":{"domain":"https://..."}}`, the way records carry compose domains. */
function composeDomains(body: Body): string | null {
  if (!Array.isArray(body.container_compose_domains)) return null;
  const entries = body.container_compose_domains.map((d: { name: string; domain?: string; redirect?: string }) => [
    d.name,
    { domain: d.domain ?? null, ...(d.redirect ? { redirect: d.redirect } : {}) },
  ]);
  return JSON.stringify(Object.fromEntries(entries));
}

function fieldsOf(body: Body, uuid: string, place: Place, fqdn: string | null): AppFields {
  const fields = appDefaults(place.server.id, place.environment.id);
  for (const [key, value] of Object.entries(body)) {
    if (Object.hasOwn(fields, key) && ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as FieldValue;
  }
  const repository = String(body.git_repository).trim();
  const compose = body.build_pack === 'containercompose';
  return {
    ...fields,
    name:
      typeof body.name === 'string' && body.name.trim() !== ''
        ? body.name
        : `${repoName(repository)}:${String(body.git_branch)}-${uuid.slice(0, 7)}`,
    fqdn,
    git_repository: repository,
    git_full_url: /^https?:/.test(repository) && !repository.endsWith('.git') ? `${repository}.git` : repository,
    ports_exposes: compose
      ? null
      : typeof body.ports_exposes === 'string'
        ? body.ports_exposes
        : body.build_pack === 'static'
          ? '80'
          : '3000',
    container_compose: compose ? (fields.container_compose_raw ?? null) : null,
    container_compose_domains: composeDomains(body),
  };
}

/** A full 40-hex sha for what the creator asked: HEAD or nothing picks one, a short sha is completed. */
function commitFor(asked: unknown, random: Random): string {
  const given = typeof asked === 'string' && /^[0-9a-f]{4,40}$/i.test(asked) ? asked.toLowerCase() : '';
  return given + hex(random, 40 - given.length);
}

export function createApp(ctx: CreateContext, text: string): Reply {
  const read = readJsonObject(text);
  if (!read.ok) return read.reply;
  const body = read.value;
  const checked = validateCreateApp(body);
  if (!checked.success) return problemsReply(body, checked.problems, CREATE_APP_FIELDS, 'fields');
  const place = findPlace(ctx.store, body);
  if (!place.ok) return place.reply;

  const urls = requestedUrls(body);
  if (body.force_domain_override !== true) {
    for (const url of urls) {
      const host = hostOf(url);
      if (host !== undefined && ctx.store.appOnHost(host)) {
        return reply(409, {
          message: `Domain ${url} is already in use by another resource.`,
          warning:
            'Using the same domain for more than one resource makes routing unpredictable. Send force_domain_override: true to use it anyway.',
        });
      }
    }
  }

  const uuid = randomUUID();
  const compose = body.build_pack === 'containercompose';
  const fqdn = compose ? null : urls.length > 0 ? urls.join(',') : `http://${uuid}.${place.value.server.ip}.sslip.io`;
  const fields = fieldsOf(body, uuid, place.value, fqdn);
  ctx.store.addApp({
    uuid,
    name: String(fields.name),
    environment: place.value.environment,
    server: place.value.server,
    hosts: hostsOf(fqdn !== null ? splitUrls(fqdn) : urls),
    fields,
    shape: 'snapshot',
  });

  if (body.instant_deploy === true) {
    const now = ctx.now();
    const deployment = ctx.store.addDeployment({
      uuid: randomUUID(),
      deploymentUuid: hex(ctx.random, 24),
      appUuid: uuid,
      status: 'queued',
      commitSha: commitFor(body.git_commit_sha, ctx.random),
      branch: String(body.git_branch).trim(),
      commitMessage: pick(ctx.random, FIRST_COMMITS),
      pullRequestId: 0,
      // Started by this API call.
      isWebhook: false,
      isApi: true,
      rollback: false,
      forceRebuild: false,
      restartOnly: false,
      configHash: settingsHash(fields),
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
      newer: true,
    });
    ctx.deployer.run(deployment, outcomeAsked(String(body.git_repository)));
  }
  return reply(201, { uuid, domains: fqdn ?? (urls.join(',') || null) });
}
