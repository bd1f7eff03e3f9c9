// The deployment record's field lists (interface.md §2.1) and what can be done with a record
// without zod or the record's type: the fast contract check, the flagged-field symbol, the list
// body's two shapes. Loads no zod, so the TUI's first frame does not wait for it; deployment.ts
// builds the zod schema from the same lists, deployment-page.ts reads a page with them.

export const DEPLOYMENT_INT_FIELDS = [
  'id',
  'repository_project_id',
  'health_check_return_code',
  'health_check_interval',
  'health_check_timeout',
  'health_check_retries',
  'health_check_start_period',
  'limits_memory_swappiness',
  'limits_cpu_shares',
  'destination_id',
  'source_id',
  'private_key_id',
  'environment_id',
  'cluster_replicas',
] as const;

export const DEPLOYMENT_BOOL_FIELDS = ['health_check_enabled', 'custom_healthcheck_found', 'is_http_basic_auth_enabled'] as const;

export const DEPLOYMENT_STRING_FIELDS = [
  'description',
  'uuid',
  'name',
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
  'health_check_path',
  'health_check_port',
  'health_check_host',
  'health_check_method',
  'health_check_scheme',
  'health_check_response_text',
  'limits_memory',
  'limits_memory_swap',
  'limits_memory_reservation',
  'limits_cpus',
  'limits_cpuset',
  'status',
  'preview_url_template',
  'destination_type',
  'containerfile',
  'containerfile_location',
  'custom_labels',
  'containerfile_target_build',
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
  'cluster_placement_constraints',
  'custom_container_run_options',
  'post_deployment_command',
  'post_deployment_command_container',
  'pre_deployment_command',
  'pre_deployment_command_container',
  'watch_paths',
  'redirect',
  'created_at',
  'updated_at',
  'deleted_at',
  'compose_parsing_version',
  'custom_proxy_configuration',
  'http_basic_auth_username',
  'http_basic_auth_password',
] as const;

export const DEPLOYMENT_FIELDS = [...DEPLOYMENT_INT_FIELDS, ...DEPLOYMENT_BOOL_FIELDS, ...DEPLOYMENT_STRING_FIELDS] as const;

/** Statuses seen on deployed servers; anything else is shown verbatim. */
export const DEPLOYMENT_STATUSES = ['queued', 'in_progress', 'finished', 'failed', 'cancelled-by-user'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

/** Raw values of fields whose type did not match the contract, by field name. */
export const INVALID_FIELDS: unique symbol = Symbol('dms.invalidFields');

// Values of another type that read plainly as the contract's (servers that send database rows send
// these): a whole number in a string for an integer field, 0/1 or "true"/"false" for a boolean, a
// number for a text field. They are kept as sent (--json prints them so) and read by src/model.
/** A whole number written as text, small enough to be exact. */
export const INT_TEXT = /^-?\d{1,15}$/;
export const BOOL_TEXT = ['0', '1', 'true', 'false'] as const;

// Fast path for the common case (every known field of its contract type or a plainly readable one,
// or null/absent): the same rules as DeploymentSchema, from the same field lists, checked without
// copying the record. Anything else goes through DeploymentSchema. A 1000-record page parses several
// times faster.
const isInt = (v: unknown) => Number.isSafeInteger(v) || (typeof v === 'string' && INT_TEXT.test(v));
const isBool = (v: unknown) => typeof v === 'boolean' || v === 0 || v === 1 || (BOOL_TEXT as readonly unknown[]).includes(v);
const isString = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
const FIELD_CHECKS = new Map<string, (v: unknown) => boolean>([
  ...DEPLOYMENT_INT_FIELDS.map((k) => [k, isInt] as const),
  ...DEPLOYMENT_BOOL_FIELDS.map((k) => [k, isBool] as const),
  ...DEPLOYMENT_STRING_FIELDS.map((k) => [k, isString] as const),
]);

/** A plain object whose known fields all have their contract type, a plainly readable one, or are null/absent: usable as it is. */
export function fitsContract(record: unknown): record is Record<string, unknown> {
  if (typeof record !== 'object' || record === null || Object.getPrototypeOf(record) !== Object.prototype) return false;
  for (const key of Object.keys(record)) {
    const check = FIELD_CHECKS.get(key);
    // Only the contract's fields are read: a log (not one of them) is hidden only when first read (api/scrub.ts).
    if (!check) continue;
    const value = (record as Record<string, unknown>)[key];
    if (value !== null && value !== undefined && !check(value)) return false;
  }
  return true;
}

/** A list body's elements as sent, and the total when the server says it. */
export interface ListBody {
  readonly records: readonly unknown[];
  readonly total: number | null;
}

/**
 * The contract's bare array, or deployed servers' `{count, deployments}`; undefined for anything
 * else. The same rules as DeploymentListBodySchema: a count that is not a whole number >= 0 means
 * the total is unknown.
 */
export function listBodyOf(body: unknown): ListBody | undefined {
  if (Array.isArray(body)) return { records: body, total: null };
  if (typeof body !== 'object' || body === null) return undefined;
  const { count, deployments } = body as { count?: unknown; deployments?: unknown };
  if (!Array.isArray(deployments)) return undefined;
  return { records: deployments, total: Number.isSafeInteger(count) && (count as number) >= 0 ? (count as number) : null };
}
