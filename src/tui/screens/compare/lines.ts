// Every sentence the comparison shows, and the comparison as display lines: the two deployments in
// columns (a `*` marks what differs), what lies between them, why each failed, the settings that
// differ. Keys a sentence names come from the key table in force. Pure: no Ink. How the older side
// was chosen is said by model/compare-choice.ts (dms diff says it too).
import type { Comparison } from '../../../model/compare.js';
import { lineOf, type OlderChoice } from '../../../model/compare-choice.js';
import { NO_SETTINGS, betweenText, sameSecrets, settingRows, sideName, sideRows } from '../../../model/compare-rows.js';
import type { DeploymentView } from '../../../model/deployment.js';
import { absoluteAt, relativeAt } from '../../../text/format.js';
import { padCells, truncate, widthOf, wrapCells } from '../../../text/cells.js';
import { clean } from '../../../text/sanitize.js';
import { maskUrlPasswords } from '../../../text/secrets.js';
import { thousands } from '../../../text/thousands.js';
import type { KeyTable } from '../../keys.js';
import type { Theme } from '../../theme.js';
import type { Line } from '../../components/scroll-view.js';

export function goneText(v: DeploymentView): string {
  return `${capital(sideName(v))} is no longer in the history: nothing to compare.`;
}

export function noGoodText(v: DeploymentView): string {
  return `No finished deployment before ${sideName(v)}: nothing to compare it with. Mark another row to compare it with that one.`;
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** While the history is read: how far, and what it waits for. */
export function readingText(read: number, pause: string | null, keys: KeyTable): string {
  const wait = pause ? ` — waiting: ${clean(pause)}` : '';
  return `Reading the history between them… ${thousands(read)} deployments read${wait} (${keys.hint('compareBack')} stops)`;
}

/**
 * The title: `Comparing deployment 232 with the last good one before it on develop, deployment
 * 215`; with none of its branch, `… with deployment 202 on main, the last good one before it`.
 */
export function titleText(c: Comparison, choice: OlderChoice): string {
  const [newer, older] = [sideName(c.newer), sideName(c.older)];
  if (choice.likeness === null) return `Comparing ${newer} with ${older}`;
  const words = (line: string) => (line ? ` ${line}` : '');
  if (choice.likeness === 'sameLine') return `Comparing ${newer} with the last good one before it${words(lineOf(choice.newer))}, ${older}`;
  return `Comparing ${newer} with ${older}${words(lineOf(choice.older))}, the last good one before it`;
}

export interface CompareLineOptions {
  readonly width: number;
  readonly theme: Theme;
  readonly now: number;
  /** A line above the columns (choiceNote). */
  readonly note?: string | null;
}

const LABEL = 10;

/** The comparison as lines that each fit `width` cells. */
export function compareLines(c: Comparison, { width, theme, now, note }: CompareLineOptions): Line[] {
  const out: Line[] = [];
  if (note) for (const piece of wrapCells(note, Math.max(10, width))) out.push({ text: piece, colour: theme.ui.warning });
  const title = (text: string) => {
    if (out.length > 0) out.push({ text: '' });
    out.push({ text, bold: true, colour: theme.ui.title });
  };
  const text = (t: string, colour?: string) => {
    for (const piece of wrapCells(t, Math.max(10, width - 2))) out.push({ text: `  ${piece}`, colour });
  };

  const side = Math.max(8, Math.floor((width - 2 - LABEL) / 2) - 1);
  const rows = sideRows(c, (ms) => (ms === null ? '' : `${absoluteAt(ms).slice(0, 16)} UTC (${relativeAt(ms, now)})`)).filter(
    (r) => r.label !== 'reason',
  );
  out.push({ label: `  ${padCells('', LABEL)}`, text: `${padCells('older', side + 1)}newer`, colour: theme.ui.muted });
  for (const r of rows) {
    const colour = r.label === 'status' ? undefined : r.differs ? theme.ui.warning : undefined;
    out.push({
      label: `${r.differs ? '* ' : '  '}${padCells(r.label, LABEL)}`,
      labelColour: r.differs ? theme.ui.warning : theme.ui.muted,
      text: `${padCells(r.older, side)} ${truncate(r.newer, side)}`,
      colour,
    });
  }

  title('Between them');
  text(capital(betweenText(c)));

  const reasons = (
    [
      ['older', c.older],
      ['newer', c.newer],
    ] as const
  ).filter(([, s]) => s.reason !== null);
  if (reasons.length > 0) {
    title('Why it failed');
    for (const [, s] of reasons) text(`${sideName(s)}: ${maskUrlPasswords(clean(s.reason!))}`, theme.ui.error);
  }

  const settings = settingRows(c);
  if (settings === null) {
    title('Settings');
    text(capital(NO_SETTINGS), theme.ui.muted);
  } else {
    title(`Settings that differ (${sideName(c.older)} → ${sideName(c.newer)})`);
    if (settings.length === 0) text('None: the settings are the same.', theme.ui.muted);
    const labelWidth = Math.min(Math.floor(width / 2), Math.max(0, ...settings.map((s) => widthOf(s.field))) + 2);
    for (const s of settings) {
      const pieces = wrapCells(s.text, Math.max(10, width - labelWidth - 2));
      pieces.forEach((piece, i) =>
        out.push({
          label: `  ${padCells(i === 0 ? s.field : '', labelWidth)}`,
          labelColour: theme.ui.muted,
          text: piece,
          colour: theme.ui.warning,
        }),
      );
      for (const l of s.lines) text(`  ${l.kind} ${l.text}`, l.kind === '+' ? theme.ui.success : theme.ui.error);
    }
    const same = sameSecrets(c);
    if (same.length > 0) text(`Secrets unchanged: ${same.join(', ')}. Secret values are never shown here.`, theme.ui.muted);
  }
  return out;
}
