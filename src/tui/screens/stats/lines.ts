// The stats view's words: its title, the line that says how far the reading got (naming the key
// that stops it), and the body — the figures and pictures of model/stats-report.ts, sized to the
// terminal (taller charts when there is room).
import type { KeyTable } from '../../keys.js';
import { reportLines, windowText, type ReportLine } from '../../../model/stats-report.js';
import { thousands } from '../../../text/thousands.js';
import type { StatsState } from './state.js';

/** `Stats · shop-frontend · 137 deployments · 2026-10-15 – 2026-11-26 (42 days)`. */
export function titleText(s: StatsState, appName: string | undefined): string {
  const head = `Stats${appName ? ` · ${appName}` : ''}`;
  if (!s.stats) return head;
  const n = s.stats.deployments;
  return `${head} · ${thousands(n)} deployment${n === 1 ? '' : 's'} · ${windowText(s.stats)}`;
}

const of = (s: StatsState) =>
  s.read === 0 && s.total === null ? 'the history' : `${thousands(s.read)}${s.total !== null ? ` of ${thousands(s.total)}` : ''}`;

/** `reading 2,300 of 50,000 — Esc stops`, `read all 137`, `stopped at 2,300 of 50,000: figures of the newest 2,300`. */
export function progressText(s: StatsState, keys: KeyTable): string {
  const gaps = s.gaps ? ' · the history changed while it was read' : '';
  if (s.scanning)
    return `reading ${of(s)}${s.waiting ? ` · ${s.waiting}` : ''} — ${keys.hint('statsBack')} stops (the figures so far stay)${gaps}`;
  if (s.failed) return `stopped at ${of(s)}: ${s.failed} — the figures are of the newest ${thousands(s.read)}${gaps}`;
  if (s.stoppedByUser)
    return `stopped at ${of(s)} — the figures are of the newest ${thousands(s.read)}; ${keys.hint('statsBack')} goes back${gaps}`;
  return `read all ${thousands(s.read)}${gaps}`;
}

/** The body: figures, then the pictures, then by source and branch; sized for a terminal `height` lines tall. */
export function bodyLines(s: StatsState, width: number, height: number): ReportLine[] {
  if (!s.stats) return [{ text: s.scanning ? 'Reading the history…' : 'No deployments read.', tone: 'muted' }];
  if (s.stats.deployments === 0) return [{ text: 'No deployments in the history read.', tone: 'muted' }];
  const tall = height >= 30;
  return reportLines(s.stats, { width, durationRows: tall ? 5 : 3, failureRows: tall ? 3 : 2, branches: 10 });
}
