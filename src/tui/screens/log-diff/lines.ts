// Every sentence the log diff shows, and its display lines: the steps as a list (a mark on those
// that differ, are in one log only, or failed), the rows of the step shown (- the last green
// build's, + the failed one's, the same lines unmarked), the title naming both. Keys a sentence
// names come from the key table in force. Pure: no Ink.
import { sideName } from '../../../model/compare-rows.js';
import type { DeploymentView } from '../../../model/deployment.js';
import { branchOf } from '../../../model/last-green.js';
import { plainLine } from '../../../model/log.js';
import { stepStateText, type DiffRow, type StepDiff } from '../../../model/log-diff.js';
import { padCells, truncate } from '../../../text/cells.js';
import { clean } from '../../../text/sanitize.js';
import { maskUrlPasswords } from '../../../text/secrets.js';
import { thousands } from '../../../text/thousands.js';
import type { KeyTable } from '../../keys.js';
import type { Theme } from '../../theme.js';
import type { Line } from '../../components/scroll-view.js';
import type { LogDiffFound } from './state.js';

export function noGreenText(v: DeploymentView): string {
  return `No finished deployment of its branch before ${sideName(v)} (pull requests' previews left out): no green build to compare its log with.`;
}

/** Said when the page is as seen before (the server not answering): its rows keep no logs. */
export const NOT_KEPT = 'This page is as seen before and keeps no logs: its log is compared once the server answers.';

/** While the history is read: how far, and what it waits for. */
export function readingText(read: number, pause: string | null, keys: KeyTable): string {
  const wait = pause ? ` — waiting: ${clean(pause)}` : '';
  return `Looking for the last green build… ${thousands(read)} deployments read${wait} (${keys.hint('logDiffBack')} stops)`;
}

/** `Log of deployment 232 (+) against its last green build, deployment 215 on develop (-)` */
export function titleText(found: LogDiffFound | null, newer: DeploymentView): string {
  if (!found) return `Log of ${sideName(newer)} against its last green build`;
  const branch = branchOf(found.older.view);
  const on = branch !== '' ? ` on ${maskUrlPasswords(clean(branch))}` : '';
  return `Log of ${sideName(found.newer.view)} (+) against its last green build, ${sideName(found.older.view)}${on} (-)`;
}

/** A step's mark in the list: ✗ failed here, * differs, − in the green build only, + in the failed one only, · same. */
export function stepMark(s: StepDiff): string {
  if (s.failed) return '✗';
  return s.state === 'same' ? '·' : s.state === 'differs' ? '*' : s.state === 'older' ? '−' : '+';
}

/** Columns the step list takes. */
export const STEP_LIST = 16;

/** The step list: one line per step, the one shown marked `›`. */
export function stepListLines(steps: readonly StepDiff[], current: number, theme: Theme): Line[] {
  return steps.map((s, i) => ({
    label: i === current ? '› ' : '  ',
    labelColour: theme.ui.focus,
    text: padCells(truncate(`${stepMark(s)} ${s.name}`, STEP_LIST - 3), STEP_LIST - 3),
    bold: i === current,
    colour: s.failed ? theme.ui.error : s.state === 'same' ? theme.ui.muted : theme.ui.warning,
  }));
}

/** The heading over the step's rows: its name, the rows shown when they do not all fit, how it compares. */
export function stepHeading(s: StepDiff, found: LogDiffFound, index: number, range: string): string {
  const names = { older: 'the green build', newer: 'this one' };
  return `Step ${index + 1}/${found.diff.steps.length}: ${s.name}${range ? ` · ${range}` : ''} · ${stepStateText(s, names)}`;
}

/** A row of the step as one line of `width` cells: `- `, `+ ` or two spaces, then the line as the log shows it; `›` on the change the view went to. */
export function rowLine(r: DiffRow, width: number, theme: Theme, marked: boolean): Line {
  const sign = r.kind === '=' ? ' ' : r.kind;
  return {
    label: `${marked ? '›' : ' '}${sign} `,
    labelColour: marked ? theme.ui.focus : r.kind === '-' ? theme.ui.error : r.kind === '+' ? theme.ui.success : theme.ui.muted,
    text: truncate(plainLine(r.line), Math.max(1, width - 3)),
    colour: r.kind === '-' ? theme.ui.error : r.kind === '+' ? theme.ui.success : undefined,
    dim: r.kind === '=',
  };
}

/** What the step shows when it has no line (a step whose lines are all debug ones). */
export const EMPTY_STEP = 'No line in this step (debug lines are left out).';
