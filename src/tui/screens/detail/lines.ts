// The deployment detail view as display lines: a summary of what people read (the model), the
// commit message, what changed since the deployment before, then the record's fields grouped.
// Pure: no Ink.
import { DEPLOYMENT_BOOL_FIELDS, DEPLOYMENT_FIELDS, DEPLOYMENT_INT_FIELDS } from '../../../api/schemas/deployment-fields.js';
import { invalidFieldsOf } from '../../../api/schemas/deployment-page.js';
import type { Deployment } from '../../../api/schemas/deployment.js';
import { PHASE_MARKS, linkFor, messageOf, viewOf, type DeploymentView } from '../../../model/deployment.js';
import { durationOf, formatDuration } from '../../../model/duration.js';
import { lineDiff } from '../../../model/line-diff.js';
import { settingsChanges, type SettingChange } from '../../../model/settings.js';
import { absoluteAt, parseTime, relativeAt, relativeTime, statusLabel } from '../../../text/format.js';
import { boundDepth } from '../../../text/depth.js';
import { clean, cleanBlock, display } from '../../../text/sanitize.js';
import { isSecretField, maskRecord, maskSecret, maskUrlPasswords } from '../../../text/secrets.js';
import { statusColour, type Colour, type Theme } from '../../theme.js';
import { wrapCells, widthOf } from '../../../text/cells.js';
import type { Line } from '../../components/scroll-view.js';

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

/** The fields of a deployment-queue row (service-behaviour.md), in a reading order. */
export const QUEUE_FIELDS: readonly string[] = [
  'deployment_uuid', 'application_id', 'application_name', 'server_id', 'server_name', 'build_server_id',
  'commit', 'git_type', 'pull_request_id', 'is_webhook', 'is_api', 'rollback', 'force_rebuild', 'restart_only',
  'only_this_server', 'finished_at', 'deployment_url', 'container_registry_image_tag', 'configuration_hash',
  'current_process_id', 'horizon_job_id', 'horizon_job_worker',
];

const CONTRACT = new Set<string>(DEPLOYMENT_FIELDS);
/** Not listed among the fields: shown above them (the message), or summarised (logs). */
const SHOWN_ELSEWHERE = new Set(['commit_message', 'logs']);
const TIME_FIELDS = new Set(['created_at', 'updated_at', 'deleted_at', 'finished_at']);
const INT = new Set<string>(DEPLOYMENT_INT_FIELDS);
const BOOL = new Set<string>(DEPLOYMENT_BOOL_FIELDS);

/** The deployment before this one, as far as it is known. */
export type Older =
  | { readonly kind: 'record'; readonly record: Deployment }
  /** This is the oldest deployment. */
  | { readonly kind: 'none' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly message: string };

export interface DetailOptions {
  /** Secrets shown in clear (only ever true when dms was started with --show-secrets). */
  readonly reveal: boolean;
  readonly width: number;
  readonly theme: Theme;
  readonly now?: number;
  /** The deployment before this one, for "what changed" (snapshot records only). */
  readonly older?: Older;
  /** The service's base URL, to make `deployment_url` paths into links. */
  readonly baseUrl?: string;
  /** List the contract fields the record does not carry too (folded into one line otherwise). */
  readonly showAbsent?: boolean;
}

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

/** The whole record with the wrong-typed fields put back, for raw JSON. */
export function rawRecord(d: Deployment): Record<string, unknown> {
  return { ...(d as Record<string, unknown>), ...invalidFieldsOf(d) };
}

/** `12.3 KiB`, `4.8 MiB`: the size of a logs field. */
function logSize(text: string): string {
  const kib = text.length / 1024;
  return kib < 1024 ? `${kib.toFixed(1)} KiB` : `${(kib / 1024).toFixed(1)} MiB`;
}

/** Raw JSON lines: masked unless `reveal`; cleaned of control characters; a log stands in as its size (l shows it). */
export function rawJsonLines(d: Deployment, options: DetailOptions): Line[] {
  const whole = rawRecord(d);
  if (typeof whole.logs === 'string') whole.logs = `<${logSize(whole.logs)} of log entries: l opens the log>`;
  // Masking bounds the depth too (text/depth.ts): what is nested deeper reads `[nested too deep]`.
  const record = options.reveal ? boundDepth(whole) : maskRecord(whole);
  const json = cleanBlock(JSON.stringify(record, null, 2) ?? '{}');
  // maskRecord masks values, not keys: a key of a field not in the contract can hold a URL too.
  const text = options.reveal ? json : maskUrlPasswords(json);
  return text.split('\n').flatMap((l) => wrapCells(l, options.width).map((t) => ({ text: t })));
}

/** Collects labelled, wrapped lines; labels of one block share a width. */
class Lines {
  readonly out: Line[] = [];
  constructor(readonly options: DetailOptions) {}

  /** Text as shown: URL passwords masked unless revealed. */
  shown(text: string): string {
    return this.options.reveal ? text : maskUrlPasswords(text);
  }

  title(text: string): void {
    if (this.out.length > 0) this.out.push({ text: '' });
    this.out.push({ text, bold: true, colour: this.options.theme.ui.title });
  }

  /** Indented text, wrapped; muted unless another colour is given. */
  note(text: string, colour: Colour = this.options.theme.ui.muted): void {
    this.text(text, colour);
  }

  text(text: string, colour?: Colour): void {
    for (const piece of wrapCells(text, Math.max(10, this.options.width - 2))) this.out.push({ text: `  ${piece}`, colour });
  }

  /** `  label  value`, the value wrapped (and split at its newlines) under itself. */
  field(label: string, text: string, labelWidth: number, style: { colour?: Colour; muted?: boolean } = {}): void {
    const { width, theme } = this.options;
    const head = `  ${label}`;
    const pad = ' '.repeat(Math.max(1, labelWidth + 2 - widthOf(head)));
    const room = Math.max(10, width - Math.max(labelWidth + 2, widthOf(head + pad)));
    const colour = style.colour ?? (style.muted ? theme.ui.muted : undefined);
    text.split('\n').flatMap((l) => wrapCells(l, room)).forEach((piece, i) => {
      this.out.push({ label: i === 0 ? head + pad : ' '.repeat(labelWidth + 2), labelColour: theme.ui.muted, text: piece, colour });
    });
  }
}

/** Labels' width: a loop, not Math.max(...labels) — a record may carry more fields than a call takes arguments. */
function labelWidthOf(labels: readonly string[], width: number): number {
  let widest = -Infinity;
  for (const l of labels) widest = Math.max(widest, widthOf(l));
  return Math.min(Math.floor(width / 2), widest + 2);
}

function summary(lines: Lines, view: DeploymentView, options: DetailOptions): void {
  const { theme } = options;
  const now = options.now ?? Date.now();
  const when = (t: number | null) => (t === null ? '' : `${localAndUtc(t)}  (${relativeAt(t, now)})`);
  const duration = durationOf(view, now);
  const took = view.phase === 'queued'
    ? `waiting${view.startedAt !== null ? ` for ${formatDuration(now - view.startedAt)}` : ''}`
    : duration.live ? `${duration.text} so far` : duration.text;
  const rows: [string, string, Colour?][] = [
    ['status', `${PHASE_MARKS[view.phase]} ${view.statusText}`, statusColour(theme, view.status)],
    // `HEAD`: started without a pinned commit; the server does not say which one was built.
    ['commit', view.commit === 'HEAD' ? 'HEAD (no commit pinned: the branch\'s latest when it started)' : view.commit],
    ['branch', view.branch],
    ['source', [view.source, ...view.flags].filter((s) => s !== '').join(' · ')],
    ['started', when(view.startedAt)],
    ['finished', when(view.finishedAt)],
    ['duration', took],
    ['server', view.server],
    ['app', view.application],
    ['uuid', view.uuid],
    ['link', linkFor(view, options.baseUrl)],
  ];
  const shown = rows.filter(([, value]) => value !== '');
  lines.title('Summary');
  const width = labelWidthOf(shown.map(([l]) => `  ${l}`), options.width);
  for (const [label, value, colour] of shown) lines.field(label, lines.shown(value), width, { colour });
}

function message(lines: Lines, view: DeploymentView): void {
  const text = messageOf(view);
  if (text === '') {
    // A row of the deployment queue that says it has no message (`commit_message: null`, often with `HEAD`).
    if (Object.prototype.hasOwnProperty.call(view.record, 'commit_message')) {
      lines.title('Message');
      lines.note('No commit message: the server sent none for this deployment.');
    }
    return;
  }
  lines.title('Message');
  for (const l of lines.shown(text).split('\n')) lines.text(l);
}

/** A value in a "what changed" line: secrets never, empty as `(empty)`. */
function changeValue(field: string, value: unknown, lines: Lines): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  return lines.shown(typeof value === 'string' ? clean(value) : display(isSecretField(field) ? value : maskRecord(value)));
}

/** Lines shown of a multi-line value's diff before `… N more`. */
const DIFF_LINES = 12;

function change(lines: Lines, c: SettingChange, width: number, theme: Theme): void {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (c.secret && !lines.options.reveal) {
    lines.field(c.field, empty(c.before) ? 'set' : empty(c.after) ? 'removed' : 'changed (secret)', width, { colour: theme.ui.warning });
    return;
  }
  const multi = (v: unknown) => typeof v === 'string' && v.includes('\n');
  if (!multi(c.before) && !multi(c.after)) {
    lines.field(c.field, `${changeValue(c.field, c.before, lines)} → ${changeValue(c.field, c.after, lines)}`, width, { colour: theme.ui.warning });
    return;
  }
  const split = (v: unknown) => (typeof v === 'string' && v !== '' ? lines.shown(cleanBlock(v)).split('\n') : []);
  const diff = lineDiff(split(c.before), split(c.after));
  const added = diff.filter((d) => d.kind === '+').length;
  lines.field(c.field, `changed: ${added} line${added === 1 ? '' : 's'} added, ${diff.length - added} removed`, width, { colour: theme.ui.warning });
  for (const d of diff.slice(0, DIFF_LINES)) {
    lines.note(`  ${d.kind} ${d.text}`, d.kind === '+' ? theme.ui.success : theme.ui.error);
  }
  if (diff.length > DIFF_LINES) lines.note(`  … ${diff.length - DIFF_LINES} more changed lines (y shows the raw JSON)`);
}

/** "What changed since deployment N": the settings that differ from the deployment before. */
function changes(lines: Lines, view: DeploymentView, options: DetailOptions): void {
  const { older, theme } = options;
  if (!older) return;
  if (older.kind === 'none') {
    lines.title('What changed');
    lines.note('The first deployment: there is nothing before it to compare with.');
    return;
  }
  if (older.kind === 'loading') {
    lines.title('What changed');
    lines.note('Loading the deployment before this one…');
    return;
  }
  if (older.kind === 'failed') {
    lines.title('What changed');
    lines.note(`The deployment before this one could not be loaded: ${older.message}`, theme.ui.warning);
    return;
  }
  const before = viewOf(older.record);
  const name = before.id !== null ? `deployment ${before.id}` : 'the deployment before';
  const list = settingsChanges(view.record, older.record);
  lines.title(`What changed since ${name}${before.shortCommit ? ` (${lines.shown(before.shortCommit)})` : ''}`);
  if (list.length === 0) {
    lines.note('No settings changed.');
    return;
  }
  const width = labelWidthOf(list.map((c) => `  ${c.field}`), options.width);
  for (const c of list) change(lines, c, width, theme);
}

function expected(field: string): string {
  return INT.has(field) ? 'a whole number' : BOOL.has(field) ? 'true/false' : 'text';
}

function valueText(field: string, value: unknown, options: DetailOptions): { text: string; muted?: boolean } {
  if (isSecretField(field) && !options.reveal) return { text: maskSecret(field, value), muted: true };
  if (value === null || value === undefined) return { text: '—', muted: true };
  if (value === '') return { text: '(empty)', muted: true };
  if (field === 'logs' && typeof value === 'string') {
    return { text: `${logSize(value)} of log entries: l opens the log`, muted: true };
  }
  if (TIME_FIELDS.has(field) && typeof value === 'string') {
    const rel = relativeTime(value, options.now);
    const t = parseTime(value);
    return { text: `${Number.isNaN(t) ? clean(value) : localAndUtc(t)}${rel ? `  (${rel})` : ''}` };
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
  if (isSecretField(field)) return maskSecret(field, value);
  return maskUrlPasswords(display(maskRecord(value)));
}

function groups(lines: Lines, d: Deployment, options: DetailOptions): void {
  const { theme, width } = options;
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
  for (const group of all) {
    const fields = group.fields.filter((f) => {
      if (carried(f)) return true;
      if (CONTRACT.has(f)) absent++;
      return options.showAbsent === true && CONTRACT.has(f);
    });
    if (fields.length === 0) continue;
    lines.title(group.title);
    // Labels aligned per group, so one long name does not push every value to the right.
    const labelWidth = labelWidthOf(fields.map((f) => `  ${clean(f)}`), width);
    for (const field of fields) {
      const isInvalid = Object.prototype.hasOwnProperty.call(invalid, field);
      const value = isInvalid ? invalid[field] : record[field];
      const shown = !carried(field) ? { text: 'not sent', muted: true }
        : isInvalid ? { text: `${invalidText(field, value, options)}  ⚠ invalid type, expected ${expected(field)}` }
          : valueText(field, value, options);
      const colour = isInvalid ? theme.ui.warning : field === 'status' ? statusColour(theme, String(value)) : undefined;
      lines.field(options.reveal ? clean(field) : maskUrlPasswords(clean(field)), shown.text, labelWidth, { colour, muted: shown.muted });
    }
  }
  if (absent > 0) {
    lines.out.push({ text: '' });
    lines.note(options.showAbsent
      ? `${absent} fields of the interface were not sent (shown as "not sent"); f folds them.`
      : `${absent} fields of the interface not sent; f lists them.`);
  }
}

/** The whole detail view, as lines that each fit `width` cells. */
export function detailLines(d: Deployment, options: DetailOptions): Line[] {
  const lines = new Lines(options);
  const view = viewOf(d);
  summary(lines, view, options);
  message(lines, view);
  changes(lines, view, options);
  groups(lines, d, options);
  return lines.out;
}
