// A comparison as rows of text, for `dms diff`'s table and the compare screen alike: a row per
// fact with the older and the newer side's value, the line about what lies between, and a line
// per setting that differs (multi-line settings as the lines added and removed). Cleaned of
// control characters; secrets never with a value. Pure.
import { PHASE_MARKS } from './deployment.js';
import { lineDiff, type DiffLine } from './line-diff.js';
import { phaseCountsText, type Comparison, type SettingDiff, type SideFacts } from './compare.js';
import { clean, cleanBlock, display } from '../text/sanitize.js';
import { maskUrlPasswords } from '../text/secrets.js';
import { thousands } from '../text/thousands.js';

export interface SideRow {
  readonly label: string;
  readonly older: string;
  readonly newer: string;
  /** The two differ (shown marked). */
  readonly differs: boolean;
}

/** A deployment's name: `deployment 248`, by uuid when it has no id. */
export function sideName(s: Pick<SideFacts, 'id' | 'uuid'>): string {
  if (s.id !== null) return `deployment ${s.id}`;
  return s.uuid !== '' ? `deployment ${maskUrlPasswords(s.uuid)}` : 'a deployment without id';
}

/** The facts of each side; `when` writes a start time. Rows no side fills are left out. */
export function sideRows(c: Comparison, when: (ms: number | null) => string): SideRow[] {
  const text = (s: string) => maskUrlPasswords(s);
  const facts: [string, (s: SideFacts) => string][] = [
    ['id', (s) => (s.id === null ? '' : String(s.id))],
    ['uuid', (s) => text(s.uuid)],
    ['status', (s) => `${PHASE_MARKS[s.phase]} ${s.statusText}`],
    ['source', (s) => s.source],
    ['started', (s) => when(s.startedAt)],
    ['duration', (s) => s.duration],
    ['commit', (s) => text(s.shortCommit)],
    ['subject', (s) => text(s.subject)],
    ['branch', (s) => text(s.branch)],
    ['reason', (s) => (s.reason === null ? '' : text(clean(s.reason)))],
  ];
  return (
    facts
      .map(([label, f]) => ({ label, older: f(c.older), newer: f(c.newer) }))
      .filter((r) => r.older !== '' || r.newer !== '')
      // Two deployments always differ in id and uuid: not marked.
      .map((r) => ({ ...r, differs: r.label !== 'id' && r.label !== 'uuid' && r.older !== r.newer }))
  );
}

/** `3 deployments between them: 2 failed, 1 cancelled`; `none between them (consecutive)`. */
export function betweenText(c: Comparison): string {
  const { count, byPhase } = c.between;
  if (count === null) return 'how many lie between them is not known';
  if (count === 0) return 'none between them: one follows the other';
  const how = byPhase ? phaseCountsText(byPhase) : '';
  return `${thousands(count)} deployment${count === 1 ? '' : 's'} between them${how ? `: ${how}` : ''}`;
}

export interface SettingRow {
  readonly field: string;
  /** `512m → 1g`, `changed (secret)`, `3 lines added, 1 removed`. */
  readonly text: string;
  /** A multi-line setting's lines added (+) and removed (-). */
  readonly lines: readonly DiffLine[];
}

function valueText(v: unknown): string {
  return v === null || v === undefined || v === '' ? '(empty)' : display(v);
}

function settingRow(d: SettingDiff): SettingRow {
  if (d.secret) return { field: d.field, text: 'changed (secret)', lines: [] };
  const multi = (v: unknown) => typeof v === 'string' && v.includes('\n');
  if (!multi(d.before) && !multi(d.after)) return { field: d.field, text: `${valueText(d.before)} → ${valueText(d.after)}`, lines: [] };
  const split = (v: unknown) => (typeof v === 'string' && v !== '' ? cleanBlock(v).split('\n') : []);
  const lines = lineDiff(split(d.before), split(d.after));
  const added = lines.filter((l) => l.kind === '+').length;
  return { field: d.field, text: `${added} line${added === 1 ? '' : 's'} added, ${lines.length - added} removed`, lines };
}

/** The settings that differ; null when the records carry none (queue rows). */
export function settingRows(c: Comparison): SettingRow[] | null {
  return c.settings === null ? null : c.settings.map(settingRow);
}

/** The secret fields both carry that did not change (said, so "not listed" is not read as "not compared"). */
export function sameSecrets(c: Comparison): string[] {
  return Object.entries(c.secrets)
    .filter(([, v]) => v === 'same')
    .map(([k]) => k);
}

/** Said instead of the settings when the records carry none. */
export const NO_SETTINGS = 'settings not compared: these records carry no settings (rows of the deployment queue)';
