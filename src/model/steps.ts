// The steps of a build log: the service's own phase lines (service-behaviour.md, "The phases of a
// build log") read from the entries, each step lasting from its line to the next step's line.
// Any step may be missing; the entries' timestamps are the only clock. Pure: no Ink, no I/O.
import { clean } from '../text/sanitize.js';
import type { LogEntry } from './log.js';

/** The steps dms knows, in the order the service writes them. */
export const STEP_NAMES = ['start', 'prepare', 'import', 'plan', 'build', 'push', 'rollout', 'healthcheck', 'cleanup'] as const;
export type StepName = (typeof STEP_NAMES)[number];

/** How each step's line reads; tested at the line's start or after a sentence's end ("…completed. Rolling update started."). */
const MARKERS: readonly (readonly [StepName, RegExp])[] = [
  ['start', /Starting (pull request \(#\d+\) )?deployment of /],
  ['prepare', /Preparing container with helper image/],
  ['import', /Importing \S.* to /],
  ['plan', /Generating (nixpacks configuration|Railpack build plan)/],
  ['build', /(Building docker image started|Image found \(.*\) with the same Git Commit SHA\. Build step skipped)/],
  ['push', /Pushing image to docker registry/],
  ['rollout', /Rolling update started/],
  ['healthcheck', /Waiting for healthcheck to pass on the new container/],
  ['cleanup', /Removing old containers/],
];
/** Lines that end the last step: the deployment is done, or failed. */
const DONE = /Rolling update completed/;
const FAILED = /^Deployment failed/;
/**
 * A word every marker, DONE and FAILED hold: an entry without one is build output and is passed
 * over without being split or cleaned (most of a log; a 20,000-entry log in well under 50 ms).
 * The service writes these lines itself: no escape code falls inside one of these words.
 */
const ANY_MARKER = /Starting|Preparing|Importing|Generating|Building|Image|Pushing|Rolling|Waiting|Removing|Deployment/;

export interface Step {
  readonly name: StepName;
  /** Index of the entry whose line starts the step. */
  readonly entry: number;
  /** When its line was written (ms since the epoch), or null when that entry has no timestamp. */
  readonly startedAt: number | null;
  /** How long it lasted: to the next step's line, to the end, or (open) to now; null without a clock. */
  readonly durationMs: number | null;
  /** Still going: the deployment runs and this is its last step. */
  readonly open: boolean;
  /** The step the deployment failed in. */
  readonly failed: boolean;
  /** The build was skipped (an image with the same commit existed). */
  readonly skipped: boolean;
}

export interface StepsOptions {
  /** The deployment is still running: its last step is open and grows to `now`. */
  readonly running?: boolean;
  readonly now?: number;
}

const starts = (line: string, re: RegExp): boolean => {
  const m = re.exec(line);
  return m !== null && (m.index === 0 || /[.!]\s+$/.test(line.slice(0, m.index)));
};

/** The steps of `entries`, oldest first (a name seen again starts a new step of that name). */
export function stepsOf(entries: readonly LogEntry[], options: StepsOptions = {}): Step[] {
  const found: { name: StepName; entry: number; at: number | null; skipped: boolean }[] = [];
  let end: { entry: number; at: number | null; failed: boolean } | undefined;
  entries.forEach((e, i) => {
    if (e.command !== null && e.output === '') return;
    if (!ANY_MARKER.test(e.output)) return;
    for (const raw of e.output.split('\n')) {
      const line = clean(raw).trim();
      if (line === '') continue;
      if (end === undefined && e.stderr && FAILED.test(line)) end = { entry: i, at: e.at, failed: true };
      if (e.stderr) continue;
      for (const [name, re] of MARKERS) {
        if (!starts(line, re)) continue;
        const last = found.at(-1);
        if (last?.name === name && last.entry === i) continue;
        found.push({ name, entry: i, at: e.at, skipped: name === 'build' && line.includes('Build step skipped') });
      }
      if (end === undefined && starts(line, DONE)) end = { entry: i, at: e.at, failed: false };
    }
  });
  let lastAt: number | null = null;
  for (let i = entries.length - 1; i >= 0 && lastAt === null; i--) lastAt = entries[i]!.at;
  const running = options.running === true && end === undefined;
  const steps = found.filter((s) => end === undefined || s.entry <= end.entry);
  return steps.map((s, k) => {
    const next = steps[k + 1];
    const last = next === undefined;
    const until = next ? next.at : end ? end.at : running ? (options.now ?? Date.now()) : lastAt;
    const durationMs = s.at !== null && until !== null ? Math.max(0, until - s.at) : null;
    return {
      name: s.name,
      entry: s.entry,
      startedAt: s.at,
      durationMs,
      open: last && running,
      failed: last && end?.failed === true,
      skipped: s.skipped,
    };
  });
}

/** The median duration of each step over `runs` (each a finished deployment's steps); open steps are not counted. */
export function stepMedians(runs: readonly (readonly Step[])[]): Map<StepName, number> {
  const byName = new Map<StepName, number[]>();
  for (const steps of runs)
    for (const s of steps) {
      if (s.open || s.durationMs === null) continue;
      const list = byName.get(s.name) ?? [];
      list.push(s.durationMs);
      byName.set(s.name, list);
    }
  const medians = new Map<StepName, number>();
  for (const [name, list] of byName) {
    const sorted = [...list].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    medians.set(name, sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2));
  }
  return medians;
}
