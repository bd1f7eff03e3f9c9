// What the detail lists of a record's fields, group by group: each value as shown (secrets
// masked unless revealed, times local and UTC, a wrong-typed value flagged), and how many fields of
// the interface the record does not carry. Pure data: lines.ts lays it out.
import { DEPLOYMENT_BOOL_FIELDS, DEPLOYMENT_FIELDS, DEPLOYMENT_INT_FIELDS } from '../../../api/schemas/deployment-fields.js';
import { invalidFieldsOf } from '../../../api/schemas/deployment-page.js';
import type { Deployment } from '../../../api/schemas/deployment.js';
import { absoluteAt, parseTime, relativeAt, statusLabel, type TimeMode } from '../../../text/format.js';
import { clean, cleanBlock, display } from '../../../text/sanitize.js';
import { isSecretField, maskRecord, maskSecret, maskUrlPasswords } from '../../../text/secrets.js';
import type { KeyTable } from '../../keys.js';
import { statusColour, type Colour, type Theme } from '../../theme.js';

export const FIELD_GROUPS: readonly { readonly title: string; readonly fields: readonly string[] }[] = [
  {
    title: 'General',
    fields: [
      'id',
      'uuid',
      'name',
      'description',
      'status',
      'config_hash',
      'environment_id',
      'destination_type',
      'destination_id',
      'source_id',
      'private_key_id',
      'repository_project_id',
    ],
  },
  { title: 'Git', fields: ['git_repository', 'git_branch', 'git_commit_sha', 'git_full_url', 'watch_paths'] },
  {
    title: 'Build',
    fields: [
      'build_pack',
      'static_image',
      'container_registry_image_name',
      'container_registry_image_tag',
      'base_directory',
      'publish_directory',
      'containerfile',
      'containerfile_location',
      'containerfile_target_build',
    ],
  },
  {
    title: 'Network & domains',
    fields: [
      'fqdn',
      'ports_exposes',
      'ports_mappings',
      'custom_network_aliases',
      'redirect',
      'preview_url_template',
      'custom_labels',
      'custom_proxy_configuration',
    ],
  },
  {
    title: 'Health check',
    fields: [
      'health_check_enabled',
      'health_check_path',
      'health_check_port',
      'health_check_host',
      'health_check_method',
      'health_check_scheme',
      'health_check_return_code',
      'health_check_response_text',
      'health_check_interval',
      'health_check_timeout',
      'health_check_retries',
      'health_check_start_period',
      'custom_healthcheck_found',
    ],
  },
  {
    title: 'Limits',
    fields: [
      'limits_memory',
      'limits_memory_swap',
      'limits_memory_swappiness',
      'limits_memory_reservation',
      'limits_cpus',
      'limits_cpuset',
      'limits_cpu_shares',
      'cluster_replicas',
      'cluster_placement_constraints',
    ],
  },
  {
    title: 'Compose',
    fields: [
      'container_compose_location',
      'container_compose',
      'container_compose_raw',
      'container_compose_domains',
      'container_compose_custom_start_command',
      'container_compose_custom_build_command',
      'compose_parsing_version',
    ],
  },
  {
    title: 'Commands',
    fields: [
      'install_command',
      'build_command',
      'start_command',
      'pre_deployment_command',
      'pre_deployment_command_container',
      'post_deployment_command',
      'post_deployment_command_container',
      'custom_container_run_options',
    ],
  },
  {
    title: 'Webhooks',
    fields: [
      'manual_webhook_secret_provider_a',
      'manual_webhook_secret_provider_b',
      'manual_webhook_secret_provider_c',
      'manual_webhook_secret_provider_d',
    ],
  },
  { title: 'Basic auth', fields: ['is_http_basic_auth_enabled', 'http_basic_auth_username', 'http_basic_auth_password'] },
  { title: 'Timestamps', fields: ['created_at', 'updated_at', 'deleted_at'] },
];

/** The fields of a deployment-queue row (service-behaviour.md), in a reading order. */
const QUEUE_FIELDS: readonly string[] = [
  'deployment_uuid',
  'application_id',
  'application_name',
  'server_id',
  'server_name',
  'build_server_id',
  'commit',
  'git_type',
  'pull_request_id',
  'is_webhook',
  'is_api',
  'rollback',
  'force_rebuild',
  'restart_only',
  'only_this_server',
  'finished_at',
  'deployment_url',
  'container_registry_image_tag',
  'configuration_hash',
  'current_process_id',
  'horizon_job_id',
  'horizon_job_worker',
];

const CONTRACT = new Set<string>(DEPLOYMENT_FIELDS);
/** Not listed among the fields: shown above them (the message), or summarised (logs). */
const SHOWN_ELSEWHERE = new Set(['commit_message', 'logs']);
const TIME_FIELDS = new Set(['created_at', 'updated_at', 'deleted_at', 'finished_at']);
const INT = new Set<string>(DEPLOYMENT_INT_FIELDS);
const BOOL = new Set<string>(DEPLOYMENT_BOOL_FIELDS);

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A time as people read it here: the local time with its offset, and UTC beside it
 * (`2026-08-22 17:22:50 +02:00 · 15:22:50 UTC`; the UTC date too when it is another day). Where
 * local time is UTC, once: `2026-08-22 15:22:50 UTC`.
 */
export function localAndUtc(t: number): string {
  const utc = absoluteAt(t);
  const d = new Date(t);
  const east = -d.getTimezoneOffset();
  if (east === 0) return utc;
  const local = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  const zone = `${east > 0 ? '+' : '-'}${two(Math.floor(Math.abs(east) / 60))}:${two(Math.abs(east) % 60)}`;
  return `${local} ${zone} · ${local.slice(0, 10) === utc.slice(0, 10) ? utc.slice(11) : utc}`;
}

/**
 * A time both ways, the one T chose first: `3d 4h ago  (2026-08-22 17:22:50 +02:00 · 15:22:50 UTC)`,
 * or `2026-08-22 17:22:50 +02:00 · 15:22:50 UTC  (3d 4h ago)`. The detail keeps both: it is where
 * one looks a deployment up; T only says which is read first.
 */
export function bothTimes(t: number, now: number, mode: TimeMode): string {
  const rel = relativeAt(t, now);
  if (rel === '') return localAndUtc(t);
  return mode === 'absolute' ? `${localAndUtc(t)}  (${rel})` : `${rel}  (${localAndUtc(t)})`;
}

/** `12.3 KiB`, `4.8 MiB`: the size of a logs field. */
export function logSize(text: string): string {
  const kib = text.length / 1024;
  return kib < 1024 ? `${kib.toFixed(1)} KiB` : `${(kib / 1024).toFixed(1)} MiB`;
}

function expected(field: string): string {
  return INT.has(field) ? 'a whole number' : BOOL.has(field) ? 'true/false' : 'text';
}

function valueText(field: string, value: unknown, options: FieldOptions): { text: string; muted?: boolean } {
  if (isSecretField(field) && !options.reveal) return { text: maskSecret(field, value), muted: true };
  if (value === null || value === undefined) return { text: '—', muted: true };
  if (value === '') return { text: '(empty)', muted: true };
  if (field === 'logs' && typeof value === 'string') {
    return { text: `${logSize(value)} of log entries: ${options.keys.hint('logs')} opens the log`, muted: true };
  }
  if (TIME_FIELDS.has(field) && typeof value === 'string') {
    const t = parseTime(value);
    return { text: Number.isNaN(t) ? clean(value) : bothTimes(t, options.now ?? Date.now(), options.time ?? 'relative') };
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
function invalidText(field: string, value: unknown, options: FieldOptions): string {
  if (options.reveal) return display(value);
  if (isSecretField(field)) return maskSecret(field, value);
  return maskUrlPasswords(display(maskRecord(value)));
}

export interface FieldOptions {
  /** Secrets shown in clear (only ever true when dms was started with --show-secrets). */
  readonly reveal: boolean;
  readonly theme: Theme;
  readonly now?: number;
  /** Which of a time's two forms comes first (T). */
  readonly time?: TimeMode;
  /** List the contract fields the record does not carry too (as "not sent"). */
  readonly showAbsent?: boolean;
  /** The keys in force, for a value that names one (`l opens the log`). */
  readonly keys: KeyTable;
}

/** One field as listed: `name` is what its label's width is measured by, `label` what is shown. */
export interface FieldLine {
  readonly name: string;
  readonly label: string;
  readonly text: string;
  readonly colour?: Colour;
  readonly muted?: boolean;
}

export interface FieldGroup {
  readonly title: string;
  readonly fields: readonly FieldLine[];
}

/** The record's fields by group (empty groups left out), and how many contract fields it does not carry. */
export function fieldGroups(d: Deployment, options: FieldOptions): { readonly groups: FieldGroup[]; readonly absent: number } {
  const { theme } = options;
  const record = d as Record<string, unknown>;
  const invalid = invalidFieldsOf(d);
  const carried = (f: string) => Object.prototype.hasOwnProperty.call(record, f) || Object.prototype.hasOwnProperty.call(invalid, f);
  const known = new Set([...CONTRACT, ...QUEUE_FIELDS, ...SHOWN_ELSEWHERE]);
  // A Set, not indexOf: a record may carry 100,000 fields (indexOf made that quadratic, ~15 s).
  const others = [...new Set([...Object.keys(record), ...Object.keys(invalid)])].filter((k) => !known.has(k));
  const all = [
    ...FIELD_GROUPS,
    { title: 'Deployment queue', fields: QUEUE_FIELDS },
    { title: 'Other (not in the contract)', fields: others },
    { title: 'Logs', fields: ['logs'] },
  ];
  let absent = 0;
  const groups: FieldGroup[] = [];
  for (const group of all) {
    const fields = group.fields.filter((f) => {
      if (carried(f)) return true;
      if (CONTRACT.has(f)) absent++;
      return options.showAbsent === true && CONTRACT.has(f);
    });
    if (fields.length === 0) continue;
    groups.push({
      title: group.title,
      fields: fields.map((field): FieldLine => {
        const isInvalid = Object.prototype.hasOwnProperty.call(invalid, field);
        const value = isInvalid ? invalid[field] : record[field];
        const shown = !carried(field)
          ? { text: 'not sent', muted: true }
          : isInvalid
            ? { text: `${invalidText(field, value, options)}  ⚠ invalid type, expected ${expected(field)}` }
            : valueText(field, value, options);
        const colour = isInvalid ? theme.ui.warning : field === 'status' ? statusColour(theme, String(value)) : undefined;
        const name = clean(field);
        return { name, label: options.reveal ? name : maskUrlPasswords(name), text: shown.text, colour, muted: shown.muted };
      }),
    });
  }
  return { groups, absent };
}
