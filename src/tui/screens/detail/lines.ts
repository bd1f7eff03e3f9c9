// The deployment detail as display lines: a summary of what people read (the model), the commit
// message, what changed since the deployment before, then the record's fields grouped (fields.ts);
// the raw JSON; the heading's and the bottom line's text. Keys a sentence names come from the key
// table in force. Pure: no Ink.
import { invalidFieldsOf } from '../../../api/schemas/deployment-page.js';
import type { Deployment } from '../../../api/schemas/deployment.js';
import { PHASE_MARKS, linkFor, messageOf, viewOf, type DeploymentView } from '../../../model/deployment.js';
import { durationOf, formatDuration } from '../../../model/duration.js';
import { lineDiff } from '../../../model/line-diff.js';
import { settingsChanges, type SettingChange } from '../../../model/settings.js';
import { noReasonText, type Reason } from '../../../model/reason.js';
import type { TimeMode } from '../../../text/format.js';
import { boundDepth } from '../../../text/depth.js';
import { clean, cleanBlock, display } from '../../../text/sanitize.js';
import { isSecretField, maskRecord, maskUrlPasswords } from '../../../text/secrets.js';
import { wrapCells, widthOf } from '../../../text/cells.js';
import { DEFAULT_KEYS, type CommandId, type KeyTable } from '../../keys.js';
import { statusColour, type Colour, type Theme } from '../../theme.js';
import { searchNoteText, searchStatus } from '../../state/line-search.js';
import { thousands } from '../../../text/thousands.js';
import type { DetailState } from '../../browse/detail.js';
import type { Line } from '../../components/scroll-view.js';
import { bothTimes, fieldGroups, logSize } from './fields.js';
import type { Older } from '../../browse/use-older.js';
import { stepsSection, type DetailSteps } from './steps-lines.js';

export interface DetailOptions {
  /** Secrets shown in clear (only ever true when dms was started with --show-secrets). */
  readonly reveal: boolean;
  readonly width: number;
  readonly theme: Theme;
  readonly now?: number;
  /** Which of a time's two forms comes first (T): `3d 4h ago` or the local date and time. */
  readonly time?: TimeMode;
  /** The deployment before this one, for "what changed" (snapshot records only). */
  readonly older?: Older;
  /** The service's base URL, to make `deployment_url` paths into links. */
  readonly baseUrl?: string;
  /** List the contract fields the record does not carry too (folded into one line otherwise). */
  readonly showAbsent?: boolean;
  /** The keys in force, for the sentences that name one (`f lists them`); the defaults when left out. */
  readonly keys?: KeyTable;
  /** A failed or cancelled deployment's reason (model/reason.ts), once read; `…` until then. */
  readonly reason?: Reason;
  /** Its steps and the application's medians (steps-lines.ts); no section when left out. */
  readonly steps?: DetailSteps;
}

/** The summary's reason of a failed or cancelled deployment: the line (error tone), or why there is none (muted). */
export function reasonRow(
  view: DeploymentView,
  reason: Reason | undefined,
  options: Pick<DetailOptions, 'theme' | 'keys'>,
): [string, string, Colour?] | null {
  if (view.phase !== 'failed' && view.phase !== 'cancelled') return null;
  const { theme } = options;
  if (reason === undefined) return ['reason', '…', theme.ui.muted];
  if (reason.kind === 'reason')
    return ['reason', `${reason.text}  (${(options.keys ?? DEFAULT_KEYS).hint('logs')} opens the log at this line)`, theme.ui.error];
  if (reason.why === 'not ended badly') return null;
  return ['reason', `none: ${noReasonText(reason.why, reason.detail)}`, theme.ui.muted];
}

/** The whole record with the wrong-typed fields put back, for raw JSON. */
function rawRecord(d: Deployment): Record<string, unknown> {
  return { ...(d as Record<string, unknown>), ...invalidFieldsOf(d) };
}

/** Raw JSON lines: masked unless `reveal`; cleaned of control characters; a log stands in as its size (l shows it). */
export function rawJsonLines(d: Deployment, options: DetailOptions): Line[] {
  const whole = rawRecord(d);
  const keys = options.keys ?? DEFAULT_KEYS;
  if (typeof whole.logs === 'string') whole.logs = `<${logSize(whole.logs)} of log entries: ${keys.hint('logs')} opens the log>`;
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
  readonly keys: KeyTable;
  constructor(readonly options: DetailOptions) {
    this.keys = options.keys ?? DEFAULT_KEYS;
  }

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
    text
      .split('\n')
      .flatMap((l) => wrapCells(l, room))
      .forEach((piece, i) => {
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
  const when = (t: number | null) => (t === null ? '' : bothTimes(t, now, options.time ?? 'relative'));
  const duration = durationOf(view, now);
  const took =
    view.phase === 'queued'
      ? `waiting${view.startedAt !== null ? ` for ${formatDuration(now - view.startedAt)}` : ''}`
      : duration.live
        ? `${duration.text} so far`
        : duration.text;
  const reason = reasonRow(view, options.reason, options);
  const rows: [string, string, Colour?][] = [
    ['status', `${PHASE_MARKS[view.phase]} ${view.statusText}`, statusColour(theme, view.status)],
    ...(reason ? [reason] : []),
    // `HEAD`: started without a pinned commit; the server does not say which one was built.
    ['commit', view.commit === 'HEAD' ? "HEAD (no commit pinned: the branch's latest when it started)" : view.commit],
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
  const width = labelWidthOf(
    shown.map(([l]) => `  ${l}`),
    options.width,
  );
  for (const [label, value, colour] of shown) lines.field(label, lines.shown(value), width, { colour });
}

/** "Steps": each step's duration against the application's median (steps-lines.ts words it). */
function steps(lines: Lines, options: DetailOptions): void {
  if (!options.steps) return;
  const { theme } = options;
  const section = stepsSection(options.steps, options.now ?? Date.now(), lines.keys);
  lines.title(section.title);
  if (section.note) lines.note(section.note.text, section.note.warning ? theme.ui.warning : theme.ui.muted);
  const width = labelWidthOf(
    section.rows.map((r) => `  ${r.label}`),
    options.width,
  );
  const tones = { plain: undefined, failed: theme.ui.error, open: theme.status.in_progress };
  for (const r of section.rows) lines.field(r.label, r.value, width, { colour: tones[r.tone] });
  if (section.hint) lines.note(section.hint);
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
    lines.field(c.field, `${changeValue(c.field, c.before, lines)} → ${changeValue(c.field, c.after, lines)}`, width, {
      colour: theme.ui.warning,
    });
    return;
  }
  const split = (v: unknown) => (typeof v === 'string' && v !== '' ? lines.shown(cleanBlock(v)).split('\n') : []);
  const diff = lineDiff(split(c.before), split(c.after));
  const added = diff.filter((d) => d.kind === '+').length;
  lines.field(c.field, `changed: ${added} line${added === 1 ? '' : 's'} added, ${diff.length - added} removed`, width, {
    colour: theme.ui.warning,
  });
  for (const d of diff.slice(0, DIFF_LINES)) {
    lines.note(`  ${d.kind} ${d.text}`, d.kind === '+' ? theme.ui.success : theme.ui.error);
  }
  if (diff.length > DIFF_LINES)
    lines.note(`  … ${diff.length - DIFF_LINES} more changed lines (${lines.keys.hint('rawJson')} shows the raw JSON)`);
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
  if (older.kind === 'failed' || older.kind === 'moved') {
    const why = older.kind === 'failed' ? older.message : `the list moved while it was read; press ${lines.keys.hint('refresh')}.`;
    lines.title('What changed');
    lines.note(`The deployment before this one could not be loaded: ${why}`, theme.ui.warning);
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
  const width = labelWidthOf(
    list.map((c) => `  ${c.field}`),
    options.width,
  );
  for (const c of list) change(lines, c, width, theme);
}

function groups(lines: Lines, d: Deployment, options: DetailOptions): void {
  const { keys } = lines;
  const { groups: shown, absent } = fieldGroups(d, { ...options, keys });
  for (const group of shown) {
    lines.title(group.title);
    // Labels aligned per group, so one long name does not push every value to the right.
    const labelWidth = labelWidthOf(
      group.fields.map((f) => `  ${f.name}`),
      options.width,
    );
    for (const f of group.fields) lines.field(f.label, f.text, labelWidth, { colour: f.colour, muted: f.muted });
  }
  if (absent > 0) {
    lines.out.push({ text: '' });
    lines.note(
      options.showAbsent
        ? `${absent} fields of the interface were not sent (shown as "not sent"); ${keys.hint('absentFields')} folds them.`
        : `${absent} fields of the interface not sent; ${keys.hint('absentFields')} lists them.`,
    );
  }
}

/** The whole detail view, as lines that each fit `width` cells. */
export function detailLines(d: Deployment, options: DetailOptions): Line[] {
  const lines = new Lines(options);
  const view = viewOf(d);
  summary(lines, view, options);
  steps(lines, options);
  message(lines, view);
  changes(lines, view, options);
  groups(lines, d, options);
  return lines.out;
}

/** The heading's name of a deployment: `Deployment 42`, by uuid when it has no id. */
export function detailName(v: Pick<DeploymentView, 'id' | 'uuid'>, shown: (s: string) => string): string {
  return v.id !== null ? `Deployment ${v.id}` : v.uuid ? `Deployment ${shown(v.uuid)}` : 'Deployment (no id)';
}

/** `  lines 1–28 of 140`: where the view is. */
export function linesRange(start: number, end: number, total: number): string {
  return `  lines ${total === 0 ? 0 : start + 1}–${end} of ${total}`;
}

/** The detail's footer keys left out: `s secrets` only when dms may reveal them (--show-secrets). */
export function footerWithout(showSecrets: boolean): readonly CommandId[] {
  return showSecrets ? [] : ['reveal'];
}

/** The line under the body: a note from the last key, else whether secrets are shown. */
export function secretsLine(view: { readonly note: string | null; readonly reveal: boolean }, keys: KeyTable): string {
  return view.note ?? (view.reveal ? `Secrets are shown: press ${keys.hint('reveal')} to hide them.` : 'Secrets are masked.');
}

/**
 * The bottom line's words when a search has something to say: a note of n/N or Enter, else the
 * search kept (`“image”: line 2 of 5 matching · n/N move · Esc clears`); undefined otherwise.
 * `matches` are the lines that hold the query as drawn now.
 */
export function searchLine(
  view: Pick<DetailState, 'search' | 'searchNote'>,
  matches: readonly number[],
  keys: KeyTable,
): string | undefined {
  if (view.searchNote) return searchNoteText(view.searchNote, keys.hint('detailSearch'), 'the detail');
  const { search } = view;
  if (search.editing || search.line.value === '') return undefined;
  const clear = keys.hint('detailBack');
  if (matches.length === 0) return `No line matches “${search.line.value}”. ${clear} clears the search.`;
  const move = { next: keys.hint('detailNext'), prev: keys.hint('detailPrev'), clear };
  const on = search.current >= 0 ? matches.indexOf(search.matches[search.current]!) : -1;
  // The lines changed since (a refresh, y, f): the count as they are now, n/N go on from the view.
  if (on === -1) return `“${search.line.value}”: ${thousands(matches.length)} matching · ${move.next}/${move.prev} move · ${clear} clears`;
  return searchStatus({ ...search, matches, current: on }, move);
}
