// The stats as text: the figures with their trends, the three pictures (deployments per day,
// duration over time with its p90, the weekly failure rate) and the split by source and branch —
// lines of at most `width` cells, the same for `dms stats` and the TUI's stats view. Pure.
import { columnChart, heatMap } from '../text/charts.js';
import { clean } from '../text/sanitize.js';
import { thousands } from '../text/thousands.js';
import { formatDuration } from './duration.js';
import type { Figures, Stats, Trend } from './stats.js';

/** How a line reads: a section's title, a quiet note, or plain. */
export type Tone = 'title' | 'muted' | 'plain';
export interface ReportLine {
  readonly text: string;
  readonly tone: Tone;
}

export interface ReportOptions {
  readonly width: number;
  /** Rows of the duration chart and of the failure-rate chart. */
  readonly durationRows?: number;
  readonly failureRows?: number;
  /** Branches listed (the busiest first). */
  readonly branches?: number;
}

export const percent = (r: number | null): string => (r === null ? '—' : r > 0 && r < 0.01 ? '<1%' : `${Math.round(r * 100)}%`);
const rate = (n: number | null): string => (n === null ? '—' : n >= 10 ? thousands(Math.round(n)) : n.toFixed(1));
const ms = (n: number | null): string => (n === null ? '—' : formatDuration(n));
/** A trend's duration: `5m 38s` under ten minutes, else `46m`, `1h 26m`. */
const briefMs = (n: number | null): string =>
  n === null ? '—' : n >= 600_000 && n < 3_600_000 ? `${Math.round(n / 60_000)}m` : formatDuration(n);
const isoDay = (t: number): string => new Date(t).toISOString().slice(0, 10);

/**
 * `↑ 2.9 → 3.5` (rising), `↓`, `=` (within 5%); `better` or `worse` when the figure has a good
 * direction (`lowerIsBetter`); '' without both halves.
 */
export function trendText(t: Trend, show: (n: number | null) => string, lowerIsBetter: boolean | null): string {
  if (t.first === null || t.second === null) return '';
  const same = Math.abs(t.second - t.first) <= 0.05 * Math.max(Math.abs(t.first), Math.abs(t.second));
  const arrow = same ? '=' : t.second > t.first ? '↑' : '↓';
  const word = same || lowerIsBetter === null ? '' : t.second < t.first === lowerIsBetter ? ' better' : ' worse';
  return `${arrow} ${show(t.first)} → ${show(t.second)}${word}`;
}

/** `2026-05-27 – 2026-11-23 (180 days)`. */
export function windowText(s: Stats): string {
  if (s.from === null || s.to === null) return 'no dated deployments';
  return `${isoDay(s.from)} – ${isoDay(s.to - 1)} (${thousands(Math.round(s.days))} day${Math.round(s.days) === 1 ? '' : 's'})`;
}

/** The four figures, each with its trend (first half → second half of the window). */
export function figureLines(s: Stats, width: number): ReportLine[] {
  const rows: [string, string, string][] = [
    [
      'deployments',
      `${rate(s.perDay)} a day · ${rate(s.perWeek)} a week (${thousands(s.deployments)})`,
      trendText(s.trend.perDay, rate, false),
    ],
    [
      'failure rate',
      `${percent(s.failureRate)} (${thousands(s.failed)} of ${thousands(s.finished + s.failed)} ended)`,
      trendText(s.trend.failureRate, percent, true),
    ],
    ['duration', `median ${ms(s.medianMs)} · p90 ${ms(s.p90Ms)}`, trendText(s.trend.medianMs, briefMs, true)],
    [
      'restore',
      `median ${ms(s.restore.medianMs)} · p90 ${ms(s.restore.p90Ms)} (${thousands(s.restore.count)} restored${s.restore.open ? `, ${thousands(s.restore.open)} open` : ''})`,
      trendText(s.trend.restoreMs, briefMs, true),
    ],
  ];
  const valueWidth = Math.max(...rows.map(([, v]) => v.length));
  const heads = rows.map(([name, value]) => `${name.padEnd(13)}${value}`);
  // The trends in a column when they all fit; else each right after its value, without its word, or not at all.
  const aligned = rows.map(([, , trend], i) => (trend ? `${heads[i]!.padEnd(13 + valueWidth)}  ${trend}` : heads[i]!));
  if (aligned.every((t) => t.length <= width)) return aligned.map((text) => ({ text: text.trimEnd(), tone: 'plain' as const }));
  return rows.map(([, , trend], i) => {
    const head = heads[i]!;
    const tries = [`${head}  ${trend}`, `${head}  ${trend.replace(/ (better|worse)$/, '')}`];
    const text = (trend ? tries.find((t) => t.length <= width) : undefined) ?? head;
    return { text: text.slice(0, width).trimEnd(), tone: 'plain' as const };
  });
}

/**
 * Deployments per day as a calendar heat map, under a title with its legend (`last 76 of 120
 * weeks` when the oldest did not fit; the legend on a line of its own when both do not fit on one).
 */
export function perDayLines(s: Stats, width: number): ReportLine[] {
  if (s.from === null || s.to === null) return [];
  const map = heatMap(s.perDayCounts, s.from, s.to, width);
  const weeks = `${map.weeks < map.span ? `last ${map.weeks} of ${thousands(map.span)}` : map.weeks} week${map.span === 1 ? '' : 's'}`;
  const title = `Deployments per day, ${weeks}`;
  const heads: ReportLine[] =
    title.length + 2 + map.legend.length <= width
      ? [{ text: `${title}  ${map.legend}`, tone: 'title' }]
      : [
          { text: title.slice(0, width), tone: 'title' },
          { text: map.legend.slice(0, width), tone: 'muted' },
        ];
  return [...heads, ...map.lines.map((text) => ({ text, tone: 'plain' as const }))];
}

/** Duration of the finished deployments, oldest on the left, the p90 drawn across (`┄`). */
export function durationLines(s: Stats, width: number, rows: number): ReportLine[] {
  if (s.durations.ms.length === 0) return [{ text: 'Duration: no finished deployment with both times', tone: 'title' }];
  const room = Math.max(1, width - 7);
  const per = Math.ceil(s.durations.ms.length / room);
  const title = `Duration of ${thousands(s.durations.ms.length)} finished, oldest left${per > 1 ? ` (a column: median of ${per})` : ''}  ┄ p90 ${ms(s.p90Ms)}`;
  const chart = columnChart(s.durations.ms, {
    width,
    height: rows,
    format: shortDuration,
    mark: s.p90Ms === null ? undefined : { value: s.p90Ms, label: 'p90' },
  });
  return [{ text: title.slice(0, width), tone: 'title' }, ...chart.map((text) => ({ text, tone: 'plain' as const }))];
}

/** `45s`, `3m`, `1h`, `2d`: an axis label. */
function shortDuration(n: number): string {
  const s = Math.round(n / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.round(s / 60)}m`;
  if (s < 86400) return `${Math.round(s / 3600)}h`;
  return `${Math.round(s / 86400)}d`;
}

/** The failure rate week by week (0–100%), `·` for a week with nothing ended, `_` for none failed. */
export function failureLines(s: Stats, width: number, rows: number): ReportLine[] {
  if (s.weeks.length === 0) return [];
  const room = Math.max(1, width - 5);
  const weeks = s.weeks.slice(-room);
  const title = `Failure rate by week, last ${weeks.length}  _ none failed · nothing ended`;
  const values = weeks.map((w) => w.failureRate);
  const chart = columnChart(values, { width, height: rows, format: (v) => `${Math.round(v * 100)}%`, max: 1 });
  return [{ text: title.slice(0, width), tone: 'title' }, ...chart.map((text) => ({ text: text.slice(0, width), tone: 'plain' as const }))];
}

/** `  webhook       812  11%  3m 40s  6m 10s` rows under a heading. */
function tableLines(title: string, rows: readonly (Figures & { readonly name: string })[], width: number, more: number): ReportLine[] {
  if (rows.length === 0) return [];
  const nameWidth = Math.min(Math.max(...rows.map((r) => r.name.length), title.length), Math.max(8, width - 40));
  const cells = (name: string, d: string, f: string, m: string, p: string) =>
    `${name.slice(0, nameWidth).padEnd(nameWidth)} ${d.padStart(11)} ${f.padStart(7)} ${m.padStart(8)} ${p.padStart(8)}`
      .slice(0, width)
      .trimEnd();
  const out: ReportLine[] = [{ text: cells(title, 'deployments', 'failed', 'median', 'p90'), tone: 'title' }];
  for (const r of rows)
    out.push({ text: cells(r.name, thousands(r.deployments), percent(r.failureRate), ms(r.medianMs), ms(r.p90Ms)), tone: 'plain' });
  if (more > 0) out.push({ text: `… and ${thousands(more)} more branch${more === 1 ? '' : 'es'}`.slice(0, width), tone: 'muted' });
  return out;
}

/** By source (manual, webhook, API, rollback, PR), then by branch where rows say it. */
export function splitLines(s: Stats, width: number, branches = 10): ReportLine[] {
  const bySource = tableLines(
    'by source',
    s.bySource.map((r) => ({ ...r, name: r.source })),
    width,
    0,
  );
  const shown = s.byBranch.slice(0, branches);
  const byBranch = tableLines(
    'by branch',
    shown.map((r) => ({ ...r, name: clean(r.branch) })),
    width,
    s.byBranch.length - shown.length,
  );
  const none =
    s.deployments > 0 && s.byBranch.length === 0
      ? [{ text: 'by branch: no row says its branch (rows of the deployment queue do not)'.slice(0, width), tone: 'muted' as const }]
      : [];
  return [...bySource, ...byBranch, ...none];
}

/** Everything, in reading order: figures, pictures, splits. */
export function reportLines(s: Stats, o: ReportOptions): ReportLine[] {
  return [
    ...figureLines(s, o.width),
    ...perDayLines(s, o.width),
    ...durationLines(s, o.width, o.durationRows ?? 3),
    ...failureLines(s, o.width, o.failureRows ?? 2),
    ...splitLines(s, o.width, o.branches),
  ];
}

/** The stats as JSON: dates as ISO text, the per-day counts as a list, no per-deployment numbers. */
export function statsJson(s: Stats, window: { since?: number; until?: number }, complete: boolean): Record<string, unknown> {
  const iso = (t: number | null | undefined) => (t === null || t === undefined ? null : new Date(t).toISOString());
  return {
    window: { since: iso(window.since), until: iso(window.until), from: iso(s.from), to: iso(s.to), days: s.days },
    complete,
    read: s.read,
    undated: s.undated,
    deployments: s.deployments,
    finished: s.finished,
    failed: s.failed,
    cancelled: s.cancelled,
    frequency: { perDay: s.perDay, perWeek: s.perWeek, trend: s.trend.perDay },
    failureRate: { value: s.failureRate, trend: s.trend.failureRate },
    duration: { medianMs: s.medianMs, p90Ms: s.p90Ms, finished: s.durations.ms.length, trend: s.trend.medianMs },
    restore: { ...s.restore, trend: s.trend.restoreMs },
    weeks: s.weeks.map((w) => ({ ...w, start: isoDay(w.start) })),
    days: [...s.perDayCounts].sort(([a], [b]) => a - b).map(([day, deployments]) => ({ day: isoDay(day), deployments })),
    bySource: s.bySource,
    byBranch: s.byBranch,
  };
}
