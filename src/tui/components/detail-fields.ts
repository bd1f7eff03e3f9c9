// The deployment record as grouped display lines (detail view). Pure: no Ink.
import {
  DEPLOYMENT_BOOL_FIELDS, DEPLOYMENT_INT_FIELDS, invalidFieldsOf,
} from '../../api/schemas/deployment-fields.js';
import type { Deployment } from '../../api/schemas/deployment.js';
import { absoluteTime, relativeTime, statusLabel } from '../../text/format.js';
import { clean, cleanBlock, display } from '../../text/sanitize.js';
import { isSecretField, maskRecord, maskUrlPasswords, maskValue } from '../../text/secrets.js';
import { statusColour, type Theme } from '../theme.js';
import { wrapCells, widthOf } from '../text-width.js';
import type { Line } from './scroll-view.js';

export const FIELD_GROUPS: readonly { readonly title: string; readonly fields: readonly string[] }[] = [
  { title: 'General', fields: ['id', 'uuid', 'name', 'description', 'status', 'config_hash', 'environment_id', 'destination_type', 'destination_id', 'source_id', 'private_key_id', 'repository_project_id'] },
  { title: 'Git', fields: ['git_repository', 'git_branch', 'git_commit_sha', 'git_full_url', 'watch_paths'] },
  { title: 'Build', fields: ['build_pack', 'static_image', 'container_registry_image_name', 'container_registry_image_tag', 'base_directory', 'publish_directory', 'containerfile', 'containerfile_location', 'containerfile_target_build'] },
  { title: 'Network & domains', fields: ['fqdn', 'ports_exposes', 'ports_mappings', 'custom_network_aliases', 'redirect', 'preview_url_template', 'custom_labels', 'custom_proxy_configuration'] },
  { title: 'Health check', fields: ['health_check_enabled', 'health_check_path', 'health_check_port', 'health_check_host', 'health_check_method', 'health_check_scheme', 'health_check_return_code', 'health_check_response_text', 'health_check_interval', 'health_check_timeout', 'health_check_retries', 'health_check_start_period', 'custom_healthcheck_found'] },
  { title: 'Limits', fields: ['limits_memory', 'limits_memory_swap', 'limits_memory_swappiness', 'limits_memory_reservation', 'limits_cpus', 'limits_cpuset', 'limits_cpu_shares', 'cluster_replicas', 'cluster_placement_constraints'] },
  { title: 'Compose', fields: ['container_compose_location', 'container_compose', 'container_compose_raw', 'container_compose_domains', 'container_compose_custom_start_command', 'container_compose_custom_build_command', 'compose_parsing_version'] },
  { title: 'Commands', fields: ['install_command', 'build_command', 'start_command', 'pre_deployment_command', 'pre_deployment_command_container', 'post_deployment_command', 'post_deployment_command_container', 'custom_container_run_options'] },
  { title: 'Webhooks', fields: ['manual_webhook_secret_provider_a', 'manual_webhook_secret_provider_b', 'manual_webhook_secret_provider_c', 'manual_webhook_secret_provider_d'] },
  { title: 'Basic auth', fields: ['is_http_basic_auth_enabled', 'http_basic_auth_username', 'http_basic_auth_password'] },
  { title: 'Timestamps', fields: ['created_at', 'updated_at', 'deleted_at'] },
];

const GROUPED = new Set(FIELD_GROUPS.flatMap((g) => g.fields));
const TIME_FIELDS = new Set(['created_at', 'updated_at', 'deleted_at']);
const INT = new Set<string>(DEPLOYMENT_INT_FIELDS);
const BOOL = new Set<string>(DEPLOYMENT_BOOL_FIELDS);

export interface DetailOptions {
  /** Secrets shown in clear (only ever true when dms was started with --show-secrets). */
  readonly reveal: boolean;
  readonly width: number;
  readonly theme: Theme;
  readonly now?: number;
}

/** The whole record with the wrong-typed fields put back, for raw JSON. */
export function rawRecord(d: Deployment): Record<string, unknown> {
  return { ...(d as Record<string, unknown>), ...invalidFieldsOf(d) };
}

/** Raw JSON lines: masked unless `reveal`; cleaned of control characters. */
export function rawJsonLines(d: Deployment, options: DetailOptions): Line[] {
  const record = options.reveal ? rawRecord(d) : maskRecord(rawRecord(d));
  const json = cleanBlock(JSON.stringify(record, null, 2) ?? '{}');
  // maskRecord masks values, not keys: a key of a field not in the contract can hold a URL too.
  const text = options.reveal ? json : maskUrlPasswords(json);
  return text.split('\n').flatMap((l) => wrapCells(l, options.width).map((t) => ({ text: t })));
}

function expected(field: string): string {
  return INT.has(field) ? 'a whole number' : BOOL.has(field) ? 'true/false' : 'text';
}

function valueText(field: string, value: unknown, options: DetailOptions): { text: string; muted?: boolean } {
  if (isSecretField(field) && !options.reveal) return { text: maskValue(value), muted: true };
  if (value === null || value === undefined) return { text: '—', muted: true };
  if (value === '') return { text: '(empty)', muted: true };
  if (TIME_FIELDS.has(field) && typeof value === 'string') {
    const rel = relativeTime(value, options.now);
    return { text: `${clean(absoluteTime(value))}${rel ? `  (${rel})` : ''}` };
  }
  if (field === 'status' && typeof value === 'string') {
    const label = statusLabel(value);
    return { text: label === value ? clean(value) : `${clean(label)}  (${clean(value)})` };
  }
  if (typeof value === 'string') {
    const block = cleanBlock(value);
    return { text: options.reveal ? block : maskUrlPasswords(block) };
  }
  // Objects and arrays (fields not in the contract) can hold secret keys at any depth.
  return { text: options.reveal ? display(value) : maskUrlPasswords(display(maskRecord(value))) };
}

/** A field of the wrong type, as shown: masked like any other value unless `reveal`. */
function invalidText(field: string, value: unknown, options: DetailOptions): string {
  if (options.reveal) return display(value);
  if (isSecretField(field)) return maskValue(value);
  return maskUrlPasswords(display(maskRecord(value)));
}

/** Every field, grouped, as lines that each fit `width` cells. */
export function detailLines(d: Deployment, options: DetailOptions): Line[] {
  const { theme, width } = options;
  const record = d as Record<string, unknown>;
  const invalid = invalidFieldsOf(d);
  const others = [...Object.keys(record), ...Object.keys(invalid)].filter((k, i, all) => !GROUPED.has(k) && all.indexOf(k) === i);
  const groups = [...FIELD_GROUPS, ...(others.length > 0 ? [{ title: 'Other (not in the contract)', fields: others }] : [])];
  const lines: Line[] = [];
  for (const group of groups) {
    // Labels aligned per group, so one long name does not push every value to the right.
    const labelWidth = Math.min(Math.floor(width / 2), Math.max(...group.fields.map((f) => widthOf(clean(f)))) + 2);
    if (lines.length > 0) lines.push({ text: '' });
    lines.push({ text: group.title, bold: true, colour: theme.ui.title });
    for (const field of group.fields) {
      const isInvalid = Object.prototype.hasOwnProperty.call(invalid, field);
      const value = isInvalid ? invalid[field] : record[field];
      const shown = isInvalid
        ? { text: `${invalidText(field, value, options)}  ⚠ invalid type, expected ${expected(field)}` }
        : valueText(field, value, options);
      const label = `  ${options.reveal ? clean(field) : maskUrlPasswords(clean(field))}`;
      const pad = ' '.repeat(Math.max(1, labelWidth + 2 - widthOf(label)));
      const room = Math.max(10, width - Math.max(labelWidth + 2, widthOf(label + pad)));
      const colour = isInvalid ? theme.ui.warning : field === 'status' ? statusColour(theme, value as string) : shown.muted ? theme.ui.muted : undefined;
      const pieces = shown.text.split('\n').flatMap((l) => wrapCells(l, room));
      pieces.forEach((piece, i) => {
        lines.push({
          label: i === 0 ? label + pad : ' '.repeat(labelWidth + 2),
          labelColour: theme.ui.muted,
          text: piece,
          colour,
        });
      });
    }
  }
  return lines;
}
