// Deployment records as deployed servers send them: the application's fields plus the
// deployment's own (id, uuid, status, commit, times, and for tokens that may read it the log),
// in a database-like column order.
import type { AppFields, DemoApp, DemoDeployment } from './model.js';

/** `2026-08-22T15:22:50.000000Z`, whole seconds, UTC. */
export function timestamp(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, '.000000Z');
}

/** Every field of interface.md §2.1, in the order records carry them. */
export const RECORD_FIELDS = [
  'id',
  'repository_project_id',
  'uuid',
  'name',
  'description',
  'fqdn',
  'config_hash',
  'git_repository',
  'git_branch',
  'git_commit_sha',
  'git_full_url',
  'container_registry_image_name',
  'container_registry_image_tag',
  'build_pack',
  'static_image',
  'install_command',
  'build_command',
  'start_command',
  'ports_exposes',
  'ports_mappings',
  'custom_network_aliases',
  'base_directory',
  'publish_directory',
  'health_check_enabled',
  'health_check_path',
  'health_check_port',
  'health_check_host',
  'health_check_method',
  'health_check_return_code',
  'health_check_scheme',
  'health_check_response_text',
  'health_check_interval',
  'health_check_timeout',
  'health_check_retries',
  'health_check_start_period',
  'custom_healthcheck_found',
  'limits_memory',
  'limits_memory_swap',
  'limits_memory_swappiness',
  'limits_memory_reservation',
  'limits_cpus',
  'limits_cpuset',
  'limits_cpu_shares',
  'status',
  'preview_url_template',
  'destination_type',
  'destination_id',
  'source_id',
  'private_key_id',
  'environment_id',
  'containerfile',
  'containerfile_location',
  'containerfile_target_build',
  'custom_labels',
  'manual_webhook_secret_provider_a',
  'manual_webhook_secret_provider_b',
  'manual_webhook_secret_provider_c',
  'manual_webhook_secret_provider_d',
  'container_compose_location',
  'container_compose',
  'container_compose_raw',
  'container_compose_domains',
  'container_compose_custom_start_command',
  'container_compose_custom_build_command',
  'cluster_replicas',
  'cluster_placement_constraints',
  'custom_container_run_options',
  'post_deployment_command',
  'post_deployment_command_container',
  'pre_deployment_command',
  'pre_deployment_command_container',
  'watch_paths',
  'redirect',
  'compose_parsing_version',
  'custom_proxy_configuration',
  'is_http_basic_auth_enabled',
  'http_basic_auth_username',
  'http_basic_auth_password',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

/** What a new application gets for the fields its creator left out. */
export function appDefaults(destinationId: number, environmentId: number): AppFields {
  return {
    repository_project_id: null,
    name: '',
    description: null,
    fqdn: null,
    git_repository: null,
    git_full_url: null,
    container_registry_image_name: null,
    container_registry_image_tag: 'latest',
    build_pack: 'nixpacks',
    static_image: 'nginx:alpine',
    install_command: null,
    build_command: null,
    start_command: null,
    ports_exposes: '3000',
    ports_mappings: null,
    custom_network_aliases: null,
    base_directory: '/',
    publish_directory: null,
    health_check_enabled: false,
    health_check_path: '/',
    health_check_port: null,
    health_check_host: 'localhost',
    health_check_method: 'GET',
    health_check_return_code: 200,
    health_check_scheme: 'http',
    health_check_response_text: null,
    health_check_interval: 5,
    health_check_timeout: 5,
    health_check_retries: 10,
    health_check_start_period: 5,
    custom_healthcheck_found: false,
    limits_memory: '0',
    limits_memory_swap: '0',
    limits_memory_swappiness: 60,
    limits_memory_reservation: '0',
    limits_cpus: '0',
    limits_cpuset: null,
    limits_cpu_shares: 1024,
    preview_url_template: '{{pr_id}}.{{domain}}',
    destination_type: 'standalone_container',
    destination_id: destinationId,
    source_id: 0,
    private_key_id: null,
    environment_id: environmentId,
    containerfile: null,
    containerfile_location: '/Containerfile',
    containerfile_target_build: null,
    custom_labels: null,
    manual_webhook_secret_provider_a: null,
    manual_webhook_secret_provider_b: null,
    manual_webhook_secret_provider_c: null,
    manual_webhook_secret_provider_d: null,
    container_compose_location: '/compose.yaml',
    container_compose: null,
    container_compose_raw: null,
    container_compose_domains: null,
    container_compose_custom_start_command: null,
    container_compose_custom_build_command: null,
    cluster_replicas: 1,
    cluster_placement_constraints: null,
    custom_container_run_options: null,
    post_deployment_command: null,
    post_deployment_command_container: null,
    pre_deployment_command: null,
    pre_deployment_command_container: null,
    watch_paths: null,
    redirect: 'both',
    compose_parsing_version: '3',
    custom_proxy_configuration: null,
    is_http_basic_auth_enabled: false,
    http_basic_auth_username: null,
    http_basic_auth_password: null,
  };
}

/** The deployment's page in the service's web UI: a path on the service's host, as deployed servers send it. */
function deploymentUrl(app: DemoApp, id: string): string {
  return `/project/${app.environment.project_uuid}/environment/${app.environment.uuid}/application/${app.uuid}/deployment/${id}`;
}

/**
 * One element of the list response, in the application's record shape. `logs`: the deployment's
 * log (logs.ts); undefined leaves the key out, as servers do for tokens that may not read it.
 */
export function deploymentRecord(app: DemoApp, d: DemoDeployment, logs?: string): Record<string, unknown> {
  if (app.shape === 'queue') return queueRow(app, d, logs);
  const record = snapshotRecord(app, d);
  if (app.shape === 'mixed') {
    // A join of the application and its deployment queue: `uuid` is the application's.
    record.uuid = app.uuid;
    record.destination_id = String(record.destination_id ?? '');
    const row = queueRow(app, d);
    for (const k of MIXED_QUEUE_FIELDS) record[k] = row[k];
    // Servers from before `finished_at` existed: final rows end at updated_at.
    if (!d.newer) delete record.finished_at;
  }
  // After the deployment's own fields, like the long text column it is.
  if (logs !== undefined) record.logs = logs;
  return record;
}

/** The interface's record (§2.1): the application's settings as they were, plus the deployment's own fields. */
function snapshotRecord(app: DemoApp, d: DemoDeployment): Record<string, unknown> {
  const settings = d.settings ?? app.fields;
  const own: Record<string, unknown> = {
    id: d.id,
    uuid: d.uuid,
    config_hash: d.configHash,
    git_branch: d.branch,
    git_commit_sha: d.commitSha,
    status: d.status,
    created_at: timestamp(d.createdAt),
    updated_at: timestamp(d.updatedAt),
    deleted_at: null,
  };
  const record: Record<string, unknown> = {};
  for (const field of RECORD_FIELDS) record[field] = field in own ? own[field] : (settings[field] ?? null);
  if (d.newer) {
    record.deployment_url = deploymentUrl(app, d.uuid);
    record.commit_message = d.commitMessage;
    record.server_name = app.server.name;
    record.pull_request_id = d.pullRequestId;
    record.is_webhook = d.isWebhook;
    record.is_api = d.isApi;
    record.rollback = d.rollback;
  }
  return record;
}

/** The queue's fields a mixed record carries besides the snapshot's. */
const MIXED_QUEUE_FIELDS = [
  'deployment_uuid',
  'commit',
  'commit_message',
  'application_name',
  'server_name',
  'is_webhook',
  'is_api',
  'rollback',
  'pull_request_id',
  'deployment_url',
  'finished_at',
] as const;

/** A row of the deployment queue (service-behaviour.md), in the order a database returns its columns. */
function queueRow(app: DemoApp, d: DemoDeployment, logs?: string): Record<string, unknown> {
  const short = d.commitSha === 'HEAD' ? null : d.commitSha.slice(0, 7);
  return {
    id: d.id,
    application_id: String(app.id),
    deployment_uuid: d.deploymentUuid,
    pull_request_id: d.pullRequestId,
    force_rebuild: d.forceRebuild,
    commit: d.commitSha,
    status: d.status,
    is_webhook: d.isWebhook,
    is_api: d.isApi,
    created_at: timestamp(d.createdAt),
    updated_at: timestamp(d.updatedAt),
    current_process_id: d.status === 'in_progress' ? String(4000 + (d.id % 5000)) : null,
    restart_only: d.restartOnly,
    git_type: d.isWebhook ? 'provider_a' : null,
    server_id: app.server.id,
    application_name: app.name,
    server_name: app.server.name,
    deployment_url: deploymentUrl(app, d.deploymentUuid),
    destination_id: String(app.server.id),
    only_this_server: false,
    rollback: d.rollback,
    commit_message: d.commitMessage,
    finished_at: d.finishedAt === null ? null : timestamp(d.finishedAt),
    ...(logs !== undefined ? { logs } : {}),
    build_server_id: null,
    horizon_job_id: String(10_000 + d.id),
    horizon_job_worker: `${app.server.name}-worker-1`,
    container_registry_image_tag: short,
    configuration_hash: d.configHash,
  };
}
