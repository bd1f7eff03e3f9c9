// A failed deployment's log against another's (the last green build of its branch), step by step:
// both logs split into the service's phases (steps.ts), the steps paired by name in order (a step
// of one only is missing in the other), and each pair's lines diffed after folding what always
// differs (log-fold.ts), the real text kept. The first step that differs or failed is where a
// reader starts. Lines are the log's display lines (log.ts): cleaned and masked; debug lines left
// out, as the log screen hides them. Pure: no Ink, no I/O.
import { logLines, type LogEntry, type LogLine, type Masker } from './log.js';
import { stepsOf } from './steps.js';
import { foldLine } from './log-fold.js';
import { seqDiff } from './seq-diff.js';

/** A part of a log: a step, the lines before the first step (`before`), or the whole log when it names no step (`log`). */
export interface LogPart {
  readonly name: string;
  /** The deployment failed in this step. */
  readonly failed: boolean;
  readonly lines: readonly LogLine[];
}

/** A line of a step compared: in both (`=`), only in the older log (`-`), only in the newer (`+`). */
export interface DiffRow {
  readonly kind: '=' | '-' | '+';
  /** As shown: the newer's line for `=`. */
  readonly line: LogLine;
}

/** `same`: the lines match (once folded); `differs`; `older` / `newer`: the step is in that log only. */
export type StepState = 'same' | 'differs' | 'older' | 'newer';

export interface StepDiff {
  readonly name: string;
  readonly state: StepState;
  /** The newer (the failed one) failed here. */
  readonly failed: boolean;
  /** The older failed here (when two failures are compared). */
  readonly olderFailed: boolean;
  readonly rows: readonly DiffRow[];
  readonly removed: number;
  readonly added: number;
}

export interface LogDiff {
  readonly steps: readonly StepDiff[];
  /** The first step that differs or failed (0 when none does). */
  readonly opening: number;
}

/** The parts of a log, oldest first: its steps' lines (debug lines left out), with `before` for what comes before the first. */
export function logParts(entries: readonly LogEntry[], mask: Masker): LogPart[] {
  const steps = stepsOf(entries);
  const lines = logLines(entries, mask).filter((l) => !l.hidden);
  if (steps.length === 0) return lines.length > 0 ? [{ name: 'log', failed: false, lines }] : [];
  const parts: { name: string; failed: boolean; from: number; lines: LogLine[] }[] = [];
  if (steps[0]!.entry > 0) parts.push({ name: 'before', failed: false, from: 0, lines: [] });
  for (const s of steps) parts.push({ name: s.name, failed: s.failed, from: s.entry, lines: [] });
  let k = 0;
  for (const line of lines) {
    while (k + 1 < parts.length && parts[k + 1]!.from <= line.entry) k++;
    parts[k]!.lines.push(line);
  }
  return parts.filter((p) => p.name !== 'before' || p.lines.length > 0).map(({ name, failed, lines: l }) => ({ name, failed, lines: l }));
}

/** The parts of both logs paired by name, in order: [older, newer], either undefined when the step is in the other only. */
export function pairParts(older: readonly LogPart[], newer: readonly LogPart[]): [LogPart | undefined, LogPart | undefined][] {
  const ops = seqDiff(
    older.map((p) => p.name),
    newer.map((p) => p.name),
  );
  const pairs: [LogPart | undefined, LogPart | undefined][] = [];
  for (const o of ops) {
    if (o.op === '=') pairs.push([older[o.a], newer[o.b]]);
    else if (o.op === '-') pairs.push([older[o.a], undefined]);
    else pairs.push([undefined, newer[o.b]]);
  }
  return pairs;
}

/** The lines of one step compared (folded), in order. */
export function diffLines(older: readonly LogLine[], newer: readonly LogLine[]): DiffRow[] {
  const key = (l: LogLine) => `${l.kind} ${foldLine(l.text)}`;
  return seqDiff(older.map(key), newer.map(key)).map((o) =>
    o.op === '=' ? { kind: '=', line: newer[o.b]! } : o.op === '-' ? { kind: '-', line: older[o.a]! } : { kind: '+', line: newer[o.b]! },
  );
}

function stepDiff(older: LogPart | undefined, newer: LogPart | undefined): StepDiff {
  const name = (newer ?? older)!.name;
  const failed = newer?.failed === true;
  const olderFailed = older?.failed === true;
  if (!older || !newer) {
    const kind = older ? '-' : '+';
    const rows = (older ?? newer)!.lines.map((line) => ({ kind, line }) as DiffRow);
    return {
      name,
      state: older ? 'older' : 'newer',
      failed,
      olderFailed,
      rows,
      removed: older ? rows.length : 0,
      added: newer ? rows.length : 0,
    };
  }
  const rows = diffLines(older.lines, newer.lines);
  let removed = 0;
  let added = 0;
  for (const r of rows) {
    if (r.kind === '-') removed++;
    else if (r.kind === '+') added++;
  }
  return { name, state: removed + added > 0 ? 'differs' : 'same', failed, olderFailed, rows, removed, added };
}

/** Two logs compared step by step: `older` (the last green build) against `newer` (the failed one). */
export function logDiff(older: readonly LogPart[], newer: readonly LogPart[]): LogDiff {
  const steps = pairParts(older, newer).map(([o, n]) => stepDiff(o, n));
  const opening = steps.findIndex((s) => s.state !== 'same' || s.failed);
  return { steps, opening: Math.max(0, opening) };
}

/** How a step compares, in words: `same`, `differs: 3 removed, 5 added`, `only in the older`, with `failed here`. */
export function stepStateText(s: StepDiff, names: { readonly older: string; readonly newer: string }): string {
  const what =
    s.state === 'same'
      ? 'same'
      : s.state === 'differs'
        ? `differs: ${s.removed} removed, ${s.added} added`
        : s.state === 'older'
          ? `only in ${names.older}`
          : `only in ${names.newer}`;
  const failed = [s.failed ? `${names.newer} failed here` : '', s.olderFailed ? `${names.older} failed here` : ''].filter((t) => t !== '');
  return [what, ...failed].join(' · ');
}

/** The rows to print of a step: those that differ, with `context` rows around them; null stands for rows left out. */
export function hunkRows(rows: readonly DiffRow[], context = 2): (DiffRow | null)[] {
  const keep = new Uint8Array(rows.length);
  rows.forEach((r, i) => {
    if (r.kind === '=') return;
    for (let k = Math.max(0, i - context); k <= Math.min(rows.length - 1, i + context); k++) keep[k] = 1;
  });
  const out: (DiffRow | null)[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (keep[i]) out.push(rows[i]!);
    else if (out.at(-1) !== null) out.push(null);
  }
  return out;
}
