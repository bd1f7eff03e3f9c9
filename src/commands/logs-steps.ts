// `dms logs APP DEPLOYMENT --steps [-o table|json]`: the deployment's steps (model/steps.ts) with
// their durations beside the application's median over its last finished deployments
// (search/step-medians.ts). A row with no log says why, as `dms logs` does, with its exit code.
import type { DeploymentView } from '../model/deployment.js';
import { NO_LOGS } from '../model/log.js';
import {
  STEP_SOURCE,
  durationText,
  markText,
  mediansText,
  stepTimings,
  stepsOfRecord,
  versusText,
  type StepMedians,
  type StepTiming,
} from '../model/step-timings.js';
import { readStepMedians } from '../search/step-medians.js';
import { scanListOf, type DeploymentLister } from '../search/scan.js';
import { padCells, widthOf } from '../text/cells.js';
import { jsonSafe } from '../text/sanitize.js';
import { outputFlag, type Parsed } from './args.js';
import { EXIT, UsageError } from './exit-codes.js';
import type { CommandIO } from './io.js';
import { sayWait } from './output.js';
import { isoSeconds } from './row-output.js';
import { paint, type Style } from './table.js';

export const STEPS_OUTPUTS = ['table', 'json'] as const;
export type StepsOutput = (typeof STEPS_OUTPUTS)[number];

/** `--steps` and `-o`, checked; undefined without --steps (and then no -o). */
export function stepsArgs(v: Parsed['values']): StepsOutput | undefined {
  const raw = v.output;
  if (v.steps !== true) {
    if (raw !== undefined)
      throw new UsageError('-o/--output goes with --steps (dms logs APP ID --steps -o json); --json prints the log as JSON.');
    return undefined;
  }
  const other = (['follow', 'reason', 'timestamps', 'debug'] as const).find((f) => v[f] === true);
  if (other) throw new UsageError(`--steps prints the steps' timings and takes no --${other}; leave one of them out.`);
  return outputFlag(v, STEPS_OUTPUTS, ' or ') ?? 'table';
}

export interface StepsRun {
  readonly app: string;
  readonly view: DeploymentView;
  /** `deployment 248` */
  readonly name: string;
  readonly output: StepsOutput;
  readonly client: DeploymentLister & { readonly redact: (s: string) => string };
  readonly io: CommandIO;
  readonly style: Style;
  /** Where SIGINT comes from. */
  readonly signals?: NodeJS.EventEmitter;
}

/** Prints the steps; the exit code. */
export async function printSteps(r: StepsRun): Promise<number> {
  const say = (line: string) => r.io.stderr.write(`${r.client.redact(line)}\n`);
  const read = stepsOfRecord(r.view.record, r.view);
  if (read.kind === 'absent') {
    say(NO_LOGS);
    return EXIT.ok; // as `dms logs` on a row without logs
  }
  if (read.kind === 'unreadable') {
    say(`dms: the log of ${r.name} could not be read: ${read.reason}`);
    return EXIT.failure;
  }
  if (read.steps.length === 0) {
    say(`dms: the log of ${r.name} has no step lines: ${STEP_SOURCE}.`);
    if (r.output === 'json') r.io.stdout.write('[]\n');
    return EXIT.ok;
  }
  const stop = new AbortController();
  const onSigint = () => stop.abort();
  const signals = r.signals ?? process;
  signals.on('SIGINT', onSigint);
  let medians: StepMedians;
  try {
    medians = await readStepMedians(scanListOf(r.client, r.app, stop.signal), { signal: stop.signal, onPause: sayWait(r.io.stderr) });
  } finally {
    signals.off('SIGINT', onSigint);
  }
  if (stop.signal.aborted) {
    say('dms: stopped before the medians were read.');
    return EXIT.interrupted;
  }
  const timings = stepTimings(read.steps, medians);
  const text = r.output === 'json' ? `${stepsJson(timings)}\n` : stepsTable(timings, medians, r.style);
  r.io.stdout.write(r.client.redact(text));
  return EXIT.ok;
}

/** `[{step, startedAt, durationMs, medianMs}]`: startedAt ISO or null, medianMs null when unknown. */
export function stepsJson(timings: readonly StepTiming[]): string {
  const rows = timings.map((t) => ({
    step: t.step,
    startedAt: t.startedAt === null ? null : new Date(t.startedAt).toISOString(),
    durationMs: t.durationMs,
    medianMs: t.medianMs,
  }));
  return jsonSafe(JSON.stringify(rows, null, 2));
}

/** The table: step, started (UTC), duration, vs median; a last line says what the medians are over. */
export function stepsTable(timings: readonly StepTiming[], medians: StepMedians, style: Style): string {
  const head = ['STEP', 'STARTED', 'DURATION', 'VS MEDIAN'];
  const rows = timings.map((t) => {
    const mark = markText(t);
    return [`${t.step}${mark ? ` (${mark})` : ''}`, isoSeconds(t.startedAt) || '?', durationText(t), versusText(t) || '–'];
  });
  const widths = head.map((h, i) => Math.max(widthOf(h), ...rows.map((row) => widthOf(row[i]!))));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : padCells(c, widths[i]!)))
      .join('  ')
      .trimEnd();
  const body = rows.map((row, k) => {
    const t = timings[k]!;
    const text = line(row);
    return t.failed ? paint(style, 'red', text) : t.open ? paint(style, 'yellow', text) : text;
  });
  return `${[line(head), ...body].join('\n')}\n${mediansText(medians)}\n`;
}
