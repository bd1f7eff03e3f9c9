// The application request's fields (interface.md §2.2) as the form, the flags, their help and
// `--example` show them: label, help, step, kind, what an empty field leaves to the server, and a
// typical value. Zod-free (the argument parser reads it for every command). A new field is one line
// here and its rule in the schema (src/api/schemas/create-app.ts); a test checks that both agree.
import { BUILD_PACKS, CREATE_APP_REQUIRED, HEALTH_CHECK_METHODS, HEALTH_CHECK_SCHEMES, REDIRECTS } from '../api/schemas/constants.js';
import type { BuildPack, FieldKind, FieldMeta, FieldTable, FieldValue, FormValues, StepDef } from './types.js';

type Extra = Partial<Pick<FieldMeta, 'unset' | 'choices' | 'buildPacks' | 'recent'>>;

export const APP_STEP_TITLES = [
  'Quick create',
  'Where & source',
  'Build',
  'Network',
  'Health check',
  'Resources',
  'Commands & advanced',
  'Secrets',
  'Review',
] as const;

const S = { quick: 0, source: 1, build: 2, network: 3, health: 4, resources: 5, advanced: 6, secrets: 7, review: 8 };

const BUILDERS: BuildPack[] = ['nixpacks', 'railpack'];
const NOT_COMPOSE: BuildPack[] = ['nixpacks', 'railpack', 'static', 'containerfile'];

const list: FieldMeta[] = [];
function f(step: number, name: string, label: string, kind: FieldKind, help: string, example: unknown, extra: Extra = {}): void {
  list.push({ name, label, kind, help, step, example, ...extra });
}

// 1 Quick create: what is required, and what people set every time.
f(S.quick, 'project_uuid', 'Project', 'text', 'uuid of the project the application belongs to.', '', { recent: true });
f(S.quick, 'server_uuid', 'Server', 'text', 'uuid of the server to deploy on.', '', { recent: true });
f(S.quick, 'environment_name', 'Environment name', 'text', 'e.g. production. Give this or the environment uuid (step 2).', 'production', {
  recent: true,
  unset: 'then the environment uuid is needed',
});
f(
  S.quick,
  'git_repository',
  'Repository',
  'text',
  'https://host/owner/repo; host/owner/repo, git@host:owner/repo and …/tree/<branch> URLs are converted.',
  'https://github.com/acme/shop',
);
f(S.quick, 'git_branch', 'Branch', 'text', 'Branch to build.', 'main');
f(S.quick, 'build_pack', 'Build pack', 'choice', 'How the application is built.', 'nixpacks', { choices: BUILD_PACKS });
f(S.quick, 'ports_exposes', 'Port', 'text', 'Port(s) the application listens on, comma-separated, e.g. 3000 or 3000,3001.', '3000', {
  buildPacks: NOT_COMPOSE,
  unset: 'the server uses 3000 (80 for static sites)',
});
f(S.quick, 'name', 'Name', 'text', 'Display name.', 'shop', { unset: 'the server names it after the repository and branch' });
// On the quick step: Ctrl+S there sends it, and the success screen follows the deployment it starts.
f(S.quick, 'instant_deploy', 'Deploy right away', 'boolean', 'Start a deployment as soon as the application exists.', true, {
  unset: 'off, nothing is deployed until you start it',
});
// 2 Where & source
f(S.source, 'environment_uuid', 'Environment uuid', 'text', 'uuid of the environment; either this or the name is enough.', '', {
  recent: true,
  unset: 'the environment name is used',
});
f(S.source, 'destination_uuid', 'Destination', 'text', 'Container network on the server; only when the server has several.', '', {
  recent: true,
  unset: "the server's only network",
});
f(S.source, 'git_commit_sha', 'Commit', 'text', 'HEAD or a commit sha to pin.', 'HEAD', { unset: "the branch's newest commit (HEAD)" });
f(S.source, 'description', 'Description', 'text', 'Free text.', 'The shop front end', { unset: 'none' });
// 3 Build
f(S.build, 'install_command', 'Install command', 'text', 'Overrides the detected install command.', 'npm ci', {
  buildPacks: BUILDERS,
  unset: 'detected from the repository',
});
f(S.build, 'build_command', 'Build command', 'text', 'Overrides the detected build command.', 'npm run build', {
  buildPacks: BUILDERS,
  unset: 'detected from the repository',
});
f(S.build, 'start_command', 'Start command', 'text', 'Overrides the detected start command.', 'npm start', {
  buildPacks: BUILDERS,
  unset: 'detected from the repository',
});
f(S.build, 'base_directory', 'Base directory', 'text', 'Directory inside the repository to build from.', '/', {
  unset: 'the repository root (/)',
});
f(S.build, 'publish_directory', 'Publish directory', 'text', 'Directory with the built static files.', '/dist', {
  buildPacks: [...BUILDERS, 'static'],
  unset: "the build pack's choice",
});
f(S.build, 'is_static', 'Static site', 'boolean', 'Serve the publish directory with a web server image.', false, {
  buildPacks: BUILDERS,
  unset: 'off, the application serves itself',
});
f(S.build, 'static_image', 'Static image', 'text', 'Web server image for static sites.', 'nginx:alpine', {
  buildPacks: [...BUILDERS, 'static'],
  unset: 'the server uses nginx:alpine',
});
f(
  S.build,
  'containerfile',
  'Containerfile',
  'multiline',
  'Containerfile text (paste), or @path to read a file.',
  'FROM node:20-alpine\nWORKDIR /app\nCOPY . .\nRUN npm ci && npm run build\nCMD ["npm", "start"]\n',
  { buildPacks: ['containerfile'], unset: 'the Containerfile in the repository' },
);
f(S.build, 'container_compose_location', 'Compose file', 'text', 'Path of the compose file in the repository.', '/compose.yaml', {
  buildPacks: ['containercompose'],
  unset: 'the server looks for /compose.yaml',
});
f(
  S.build,
  'container_compose_raw',
  'Compose content',
  'multiline',
  'Compose file text (paste), or @path to read a file.',
  'services:\n  web:\n    build: .\n    ports:\n      - "3000"\n',
  { buildPacks: ['containercompose'], unset: 'read from the repository' },
);
f(
  S.build,
  'container_compose_custom_build_command',
  'Compose build command',
  'text',
  'Custom compose build command.',
  'container compose build',
  { buildPacks: ['containercompose'], unset: "the compose file's own" },
);
f(
  S.build,
  'container_compose_custom_start_command',
  'Compose start command',
  'text',
  'Custom compose start command.',
  'container compose up -d',
  { buildPacks: ['containercompose'], unset: "the compose file's own" },
);
f(
  S.build,
  'container_registry_image_name',
  'Registry image name',
  'text',
  'Push the built image under this name.',
  'registry.example.com/acme/shop',
  { unset: 'the image is not pushed' },
);
f(S.build, 'container_registry_image_tag', 'Registry image tag', 'text', 'Tag of the pushed image.', 'latest', {
  unset: 'the server tags it latest',
});
// 4 Network
f(S.network, 'ports_mappings', 'Port mappings', 'text', 'Comma-separated host:container pairs, e.g. 8080:80.', '8080:3000', {
  unset: 'no port published on the host',
});
f(S.network, 'domains', 'Domains', 'text', 'Comma-separated http(s) URLs, e.g. https://app.example.com.', 'https://shop.example.com', {
  buildPacks: NOT_COMPOSE,
  unset: 'the server generates one',
});
f(S.network, 'redirect', 'Redirect', 'choice', 'www, non-www or both.', 'both', {
  choices: REDIRECTS,
  unset: "the server's default: both, no redirect",
});
f(S.network, 'force_domain_override', 'Force domain override', 'boolean', 'Take the domains even when another resource uses them.', false, {
  unset: 'off, a domain in use elsewhere is refused (409)',
});
f(S.network, 'connect_to_container_network', 'Connect to container network', 'boolean', 'Join the destination network.', false, {
  unset: 'off, not joined',
});
f(
  S.network,
  'container_compose_domains',
  'Compose domains',
  'domains',
  'Rows of service name, URLs, redirect.',
  [{ name: 'web', domain: 'https://shop.example.com', redirect: 'both' }],
  { buildPacks: ['containercompose'], unset: 'no domains for the services' },
);
// 5 Health check
f(S.health, 'health_check_enabled', 'Health check', 'boolean', 'Check the application after deploying.', true, {
  unset: 'off, the application is not checked',
});
f(S.health, 'health_check_path', 'Path', 'text', 'Path to request.', '/health', { unset: 'the server requests /' });
f(S.health, 'health_check_port', 'Port', 'text', 'Port from 1 to 65535.', '3000', { unset: 'the exposed port' });
f(S.health, 'health_check_host', 'Host', 'text', 'Host to request.', 'localhost', { unset: 'localhost' });
f(S.health, 'health_check_method', 'Method', 'choice', 'GET, HEAD, POST or OPTIONS.', 'GET', {
  choices: HEALTH_CHECK_METHODS,
  unset: 'GET',
});
f(S.health, 'health_check_scheme', 'Scheme', 'choice', 'http or https.', 'http', { choices: HEALTH_CHECK_SCHEMES, unset: 'http' });
f(S.health, 'health_check_return_code', 'Expected status', 'integer', 'HTTP status from 100 to 599.', 200, {
  unset: 'the server expects 200',
});
f(S.health, 'health_check_response_text', 'Expected text', 'text', 'Text the response must contain.', 'ok', { unset: 'any answer' });
f(S.health, 'health_check_interval', 'Interval (s)', 'integer', 'Seconds between checks.', 30, { unset: 'the server checks every 5 s' });
f(S.health, 'health_check_timeout', 'Timeout (s)', 'integer', 'Seconds before a check fails.', 5, { unset: 'the server waits 5 s' });
f(S.health, 'health_check_retries', 'Retries', 'integer', 'Failed checks before unhealthy.', 3, { unset: 'the server tries 10 times' });
f(S.health, 'health_check_start_period', 'Start period (s)', 'integer', 'Seconds to wait before the first check.', 10, {
  unset: 'the server waits 5 s',
});
// 6 Resources
f(S.resources, 'limits_memory', 'Memory', 'text', 'e.g. 512m or 1g; "0" is unlimited.', '512m', { unset: 'no limit' });
f(S.resources, 'limits_memory_swap', 'Memory + swap', 'text', 'e.g. 1g; "0" is unlimited.', '1g', { unset: 'no limit' });
f(S.resources, 'limits_memory_reservation', 'Memory reservation', 'text', 'Soft limit, e.g. 256m.', '256m', { unset: 'none' });
f(S.resources, 'limits_memory_swappiness', 'Swappiness', 'integer', '0 to 100.', 60, { unset: 'the server uses 60' });
f(S.resources, 'limits_cpus', 'CPUs', 'text', 'Decimal number of CPUs, e.g. 0.5.', '0.5', { unset: 'no limit' });
f(S.resources, 'limits_cpuset', 'CPU set', 'text', 'CPUs to use, e.g. 0-2 or 0,1,3.', '0-1', { unset: 'any CPU' });
f(S.resources, 'limits_cpu_shares', 'CPU shares', 'integer', 'Relative weight.', 1024, { unset: 'the server uses 1024' });
// 7 Commands & advanced
f(S.advanced, 'pre_deployment_command', 'Pre-deployment command', 'text', 'Runs before the new container starts.', 'npm run migrate', {
  unset: 'none',
});
f(S.advanced, 'pre_deployment_command_container', 'Pre-deployment container', 'text', 'Container to run it in.', 'shop', {
  unset: "the application's container",
});
f(S.advanced, 'post_deployment_command', 'Post-deployment command', 'text', 'Runs after the new container started.', 'npm run warm-cache', {
  unset: 'none',
});
f(S.advanced, 'post_deployment_command_container', 'Post-deployment container', 'text', 'Container to run it in.', 'shop', {
  unset: "the application's container",
});
f(S.advanced, 'custom_labels', 'Custom labels', 'text', 'Container labels.', 'traefik.enable=true', {
  unset: "the server's generated labels",
});
f(
  S.advanced,
  'custom_container_run_options',
  'Run options',
  'text',
  'Extra container run options, e.g. --cap-add SYS_ADMIN.',
  '--cap-add SYS_ADMIN',
  { unset: 'none' },
);
f(S.advanced, 'watch_paths', 'Watch paths', 'text', 'Only deploy on pushes touching these paths.', 'src/**', {
  unset: 'every push deploys',
});
f(S.advanced, 'use_build_server', 'Use build server', 'boolean', 'Build on the build server instead of the target.', false, {
  unset: 'off, built on the target server',
});
// 8 Secrets
f(S.secrets, 'manual_webhook_secret_provider_a', 'Webhook secret A', 'secret', 'Webhook secret of git provider A.', 'change-me-a', {
  unset: 'none',
});
f(S.secrets, 'manual_webhook_secret_provider_b', 'Webhook secret B', 'secret', 'Webhook secret of git provider B.', 'change-me-b', {
  unset: 'none',
});
f(S.secrets, 'manual_webhook_secret_provider_c', 'Webhook secret C', 'secret', 'Webhook secret of git provider C.', 'change-me-c', {
  unset: 'none',
});
f(S.secrets, 'manual_webhook_secret_provider_d', 'Webhook secret D', 'secret', 'Webhook secret of git provider D.', 'change-me-d', {
  unset: 'none',
});
f(S.secrets, 'is_http_basic_auth_enabled', 'Basic auth', 'boolean', 'Protect the application with HTTP basic auth.', false, {
  unset: 'off, no password asked',
});
f(S.secrets, 'http_basic_auth_username', 'Basic auth user', 'text', 'Required when basic auth is on.', 'admin', { unset: 'none' });
f(S.secrets, 'http_basic_auth_password', 'Basic auth password', 'secret', 'Password for basic auth.', 'change-me', { unset: 'none' });
// 9 Review
f(S.review, '$save_as', 'Save as FILE', 'save-as', 'Path to save the request body to.', undefined);

// No prototype: a body key such as `toString` or `constructor` is not a field (`fields[k]` is undefined).
const fields: Record<string, FieldMeta> = Object.assign(
  Object.create(null) as Record<string, FieldMeta>,
  Object.fromEntries(list.map((m) => [m.name, m])),
);
const steps: StepDef[] = APP_STEP_TITLES.map((title, i) => ({
  title,
  fields: list.filter((m) => m.step === i).map((m) => m.name),
  ...(i === S.quick ? { quick: true } : {}),
  ...(i === S.review ? { review: true } : {}),
}));

/** The port a build pack's application listens on by default; none for compose (its ports are ignored). */
export function defaultPort(pack: FieldValue | undefined): string | undefined {
  if (pack === 'containercompose') return undefined;
  return pack === 'static' ? '80' : '3000';
}

/** What the form starts with: values, sent unless changed. */
function defaultOf(name: string, values: FormValues): FieldValue | undefined {
  switch (name) {
    case 'environment_name':
      return 'production';
    case 'git_branch':
      return 'main';
    case 'build_pack':
      return 'nixpacks';
    case 'ports_exposes':
      return defaultPort(values.build_pack);
    default:
      return undefined;
  }
}

export const APP_FIELDS: FieldTable = {
  noun: 'app',
  steps,
  fields,
  required: CREATE_APP_REQUIRED,
  defaultOf,
};
