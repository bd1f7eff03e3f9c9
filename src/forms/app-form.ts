// The application wizard (interface.md §2.2): labels, help, steps and kinds beside CreateAppShape.
import { CREATE_APP_FIELDS, CREATE_APP_REQUIRED, CreateAppShape } from '../api/schemas/create-app.js';
import { BUILD_PACKS, HEALTH_CHECK_METHODS, HEALTH_CHECK_SCHEMES, REDIRECTS } from '../api/schemas/rules.js';
import { validateCreateApp } from '../api/schemas/validate.js';
import type { BuildPack, FieldKind, FieldMeta, FormDef, StepDef } from './types.js';

type Extra = Partial<Pick<FieldMeta, 'placeholder' | 'choices' | 'buildPacks' | 'recent'>>;

export const APP_STEP_TITLES = [
  'Where', 'Source', 'Build', 'Network', 'Health check', 'Resources', 'Commands & advanced', 'Secrets', 'Review',
] as const;

const S = { where: 0, source: 1, build: 2, network: 3, health: 4, resources: 5, advanced: 6, secrets: 7, review: 8 };

const BUILDERS: BuildPack[] = ['nixpacks', 'railpack'];
const NOT_COMPOSE: BuildPack[] = ['nixpacks', 'railpack', 'static', 'containerfile'];

const list: FieldMeta[] = [];
function f(step: number, name: string, label: string, kind: FieldKind, help: string, extra: Extra = {}): void {
  list.push({ name, label, kind, help, step, ...extra });
}

// 1 Where
f(S.where, 'project_uuid', 'Project', 'text', 'uuid of the project the application belongs to.', { recent: true });
f(S.where, 'server_uuid', 'Server', 'text', 'uuid of the server to deploy on.', { recent: true });
f(S.where, 'environment_name', 'Environment name', 'text', 'e.g. production. Give this or the environment uuid.', { recent: true, placeholder: 'production' });
f(S.where, 'environment_uuid', 'Environment uuid', 'text', 'uuid of the environment; either this or the name is enough.', { recent: true });
f(S.where, 'destination_uuid', 'Destination', 'text', 'Container network on the server; only when the server has several.', { recent: true });
// 2 Source
f(S.source, 'git_repository', 'Repository', 'text', 'https://host/owner/repo; git@host:owner/repo and …/tree/<branch> URLs are converted.');
f(S.source, 'git_branch', 'Branch', 'text', 'Branch to build.', { placeholder: 'main' });
f(S.source, 'git_commit_sha', 'Commit', 'text', 'HEAD or a commit sha to pin.', { placeholder: 'HEAD' });
f(S.source, 'name', 'Name', 'text', 'Display name; the server makes one up when empty.');
f(S.source, 'description', 'Description', 'text', 'Free text.');
// 3 Build
f(S.build, 'build_pack', 'Build pack', 'choice', 'How the application is built: ←/→ or space to choose.', { choices: BUILD_PACKS });
f(S.build, 'install_command', 'Install command', 'text', 'Overrides the detected install command.', { buildPacks: BUILDERS });
f(S.build, 'build_command', 'Build command', 'text', 'Overrides the detected build command.', { buildPacks: BUILDERS });
f(S.build, 'start_command', 'Start command', 'text', 'Overrides the detected start command.', { buildPacks: BUILDERS });
f(S.build, 'base_directory', 'Base directory', 'text', 'Directory inside the repository to build from.', { placeholder: '/' });
f(S.build, 'publish_directory', 'Publish directory', 'text', 'Directory with the built static files.', { buildPacks: [...BUILDERS, 'static'] });
f(S.build, 'is_static', 'Static site', 'boolean', 'Serve the publish directory with a web server image.', { buildPacks: BUILDERS });
f(S.build, 'static_image', 'Static image', 'text', 'Web server image for static sites.', { buildPacks: [...BUILDERS, 'static'], placeholder: 'nginx:alpine' });
f(S.build, 'containerfile', 'Containerfile', 'multiline', 'Containerfile text (paste), or @path to read a file.', { buildPacks: ['containerfile'] });
f(S.build, 'container_compose_location', 'Compose file', 'text', 'Path of the compose file in the repository.', { buildPacks: ['containercompose'], placeholder: '/compose.yaml' });
f(S.build, 'container_compose_raw', 'Compose content', 'multiline', 'Compose file text (paste), or @path to read a file.', { buildPacks: ['containercompose'] });
f(S.build, 'container_compose_custom_build_command', 'Compose build command', 'text', 'Custom compose build command.', { buildPacks: ['containercompose'] });
f(S.build, 'container_compose_custom_start_command', 'Compose start command', 'text', 'Custom compose start command.', { buildPacks: ['containercompose'] });
f(S.build, 'container_registry_image_name', 'Registry image name', 'text', 'Push the built image under this name.');
f(S.build, 'container_registry_image_tag', 'Registry image tag', 'text', 'Tag of the pushed image.', { placeholder: 'latest' });
// 4 Network
f(S.network, 'ports_exposes', 'Exposed ports', 'text', 'Comma-separated ports, e.g. 3000 or 3000,3001.', { buildPacks: NOT_COMPOSE, placeholder: '3000' });
f(S.network, 'ports_mappings', 'Port mappings', 'text', 'Comma-separated host:container pairs, e.g. 8080:80.');
f(S.network, 'domains', 'Domains', 'text', 'Comma-separated http(s) URLs, e.g. https://app.example.com.', { buildPacks: NOT_COMPOSE });
f(S.network, 'redirect', 'Redirect', 'choice', 'www, non-www or both.', { choices: REDIRECTS });
f(S.network, 'force_domain_override', 'Force domain override', 'boolean', 'Take the domains even when another resource uses them.');
f(S.network, 'connect_to_container_network', 'Connect to container network', 'boolean', 'Join the destination network.');
f(S.network, 'container_compose_domains', 'Compose domains', 'domains', 'Rows of service name, URLs, redirect. Ctrl+N adds a row, Ctrl+D removes it.', { buildPacks: ['containercompose'] });
// 5 Health check
f(S.health, 'health_check_enabled', 'Health check', 'boolean', 'Check the application after deploying.');
f(S.health, 'health_check_path', 'Path', 'text', 'Path to request.', { placeholder: '/' });
f(S.health, 'health_check_port', 'Port', 'text', 'Port from 1 to 65535; the exposed port when empty.');
f(S.health, 'health_check_host', 'Host', 'text', 'Host to request.', { placeholder: 'localhost' });
f(S.health, 'health_check_method', 'Method', 'choice', 'GET, HEAD, POST or OPTIONS.', { choices: HEALTH_CHECK_METHODS });
f(S.health, 'health_check_scheme', 'Scheme', 'choice', 'http or https.', { choices: HEALTH_CHECK_SCHEMES });
f(S.health, 'health_check_return_code', 'Expected status', 'integer', 'HTTP status from 100 to 599.', { placeholder: '200' });
f(S.health, 'health_check_response_text', 'Expected text', 'text', 'Text the response must contain.');
f(S.health, 'health_check_interval', 'Interval (s)', 'integer', 'Seconds between checks.', { placeholder: '5' });
f(S.health, 'health_check_timeout', 'Timeout (s)', 'integer', 'Seconds before a check fails.', { placeholder: '5' });
f(S.health, 'health_check_retries', 'Retries', 'integer', 'Failed checks before unhealthy.', { placeholder: '10' });
f(S.health, 'health_check_start_period', 'Start period (s)', 'integer', 'Seconds to wait before the first check.', { placeholder: '5' });
// 6 Resources
f(S.resources, 'limits_memory', 'Memory', 'text', 'e.g. 512m or 1g; "0" is unlimited.', { placeholder: '0' });
f(S.resources, 'limits_memory_swap', 'Memory + swap', 'text', 'e.g. 1g; "0" is unlimited.', { placeholder: '0' });
f(S.resources, 'limits_memory_reservation', 'Memory reservation', 'text', 'Soft limit, e.g. 256m.', { placeholder: '0' });
f(S.resources, 'limits_memory_swappiness', 'Swappiness', 'integer', '0 to 100.', { placeholder: '60' });
f(S.resources, 'limits_cpus', 'CPUs', 'text', 'Decimal number of CPUs, e.g. 0.5.', { placeholder: '0' });
f(S.resources, 'limits_cpuset', 'CPU set', 'text', 'CPUs to use, e.g. 0-2 or 0,1,3.');
f(S.resources, 'limits_cpu_shares', 'CPU shares', 'integer', 'Relative weight.', { placeholder: '1024' });
// 7 Commands & advanced
f(S.advanced, 'pre_deployment_command', 'Pre-deployment command', 'text', 'Runs before the new container starts.');
f(S.advanced, 'pre_deployment_command_container', 'Pre-deployment container', 'text', 'Container to run it in.');
f(S.advanced, 'post_deployment_command', 'Post-deployment command', 'text', 'Runs after the new container started.');
f(S.advanced, 'post_deployment_command_container', 'Post-deployment container', 'text', 'Container to run it in.');
f(S.advanced, 'custom_labels', 'Custom labels', 'text', 'Container labels.');
f(S.advanced, 'custom_container_run_options', 'Run options', 'text', 'Extra container run options, e.g. --cap-add SYS_ADMIN.');
f(S.advanced, 'watch_paths', 'Watch paths', 'text', 'Only deploy on pushes touching these paths.');
f(S.advanced, 'use_build_server', 'Use build server', 'boolean', 'Build on the build server instead of the target.');
// 8 Secrets
f(S.secrets, 'manual_webhook_secret_provider_a', 'Webhook secret A', 'secret', 'Webhook secret of git provider A.');
f(S.secrets, 'manual_webhook_secret_provider_b', 'Webhook secret B', 'secret', 'Webhook secret of git provider B.');
f(S.secrets, 'manual_webhook_secret_provider_c', 'Webhook secret C', 'secret', 'Webhook secret of git provider C.');
f(S.secrets, 'manual_webhook_secret_provider_d', 'Webhook secret D', 'secret', 'Webhook secret of git provider D.');
f(S.secrets, 'is_http_basic_auth_enabled', 'Basic auth', 'boolean', 'Protect the application with HTTP basic auth.');
f(S.secrets, 'http_basic_auth_username', 'Basic auth user', 'text', 'Required when basic auth is on.');
f(S.secrets, 'http_basic_auth_password', 'Basic auth password', 'secret', 'Password for basic auth.');
// 9 Review
f(S.review, 'instant_deploy', 'Deploy right away', 'boolean', 'Start a deployment as soon as the application exists.');
f(S.review, '$save_as', 'Save as FILE', 'save-as', 'Path to save the request body to; Enter saves it.');

// No prototype: a body key such as `toString` or `constructor` is not a field (`fields[k]` is undefined).
const fields: Record<string, FieldMeta> = Object.assign(Object.create(null) as Record<string, FieldMeta>, Object.fromEntries(list.map((m) => [m.name, m])));
const steps: StepDef[] = APP_STEP_TITLES.map((title, i) => ({
  title,
  fields: list.filter((m) => m.step === i).map((m) => m.name),
  ...(i === S.review ? { review: true } : {}),
}));

export const APP_FORM: FormDef = {
  id: 'create-app',
  noun: 'app',
  steps,
  fields,
  required: CREATE_APP_REQUIRED,
  requestFields: CREATE_APP_FIELDS,
  schemaOf: (name) => (CreateAppShape as Record<string, import('zod').ZodType>)[name],
  validateBody: (body) => validateCreateApp(body),
};
