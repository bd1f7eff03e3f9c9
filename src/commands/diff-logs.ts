// `dms diff APP A [B] --logs`: A's log against B's step by step (model/log-diff.ts), or without B
// against A's last green build (the newest finished deployment before it of its branch that is
// not a preview: model/last-green.ts), said on stderr. Plain text: a header per step, the lines
// that differ marked - (older) and + (newer) with two of context, colours only on a terminal;
// `-o json`: the steps and their differing lines. Both logs masked as the log screen masks them.
import type { DeploymentView } from '../model/deployment.js';
import { pairWalk, type Found } from '../model/compare-find.js';
import { sideName } from '../model/compare-rows.js';
import { matchesRef } from '../model/follow.js';
import { branchOf, greenText, greenWalk, partsOf } from '../model/last-green.js';
import { hunkRows, logDiff, stepStateText, type LogDiff, type LogPart } from '../model/log-diff.js';
import { plainLine } from '../model/log.js';
import { jsonSafe } from '../text/sanitize.js';
import type { DiffArgs } from './diff-args.js';
import { findPair, refText } from './diff-find.js';
import { EXIT } from './exit-codes.js';
import type { CommandIO } from './io.js';
import type { Session } from './connect.js';
import { paint, type Style } from './table.js';

export async function runLogDiff(
  args: DiffArgs,
  io: CommandIO,
  session: Session,
  style: Style,
  signals?: NodeJS.EventEmitter,
): Promise<number> {
  const { client } = session;
  const say = (line: string) => {
    io.stderr.write(`${client.redact(line)}\n`);
  };
  const isA = (v: DeploymentView) => matchesRef(v, args.a);
  const walk = args.b ? pairWalk(isA, (v) => matchesRef(v, args.b!)) : greenWalk(isA);
  const found = await findPair(args, walk, client, io, {
    signals,
    noneBefore: (a) =>
      `no finished deployment of its branch before ${sideName(a.view)} (pull requests' previews left out) to compare its log with. Name the other one: dms diff ${args.app} ${refText(args.a)} B --logs.`,
  });
  if ('code' in found) return found.code;
  // The newer is the one read first.
  const [newer, older] = found.a.index < found.b.index ? [found.a, found.b] : [found.b, found.a];
  const names = { older: sideName(older.view), newer: sideName(newer.view) };
  if (!args.b) say(`dms: comparing the log of ${names.newer} with ${greenText(older.view)}.`);
  const olderParts = partsOf(older.view, client.redact);
  const newerParts = partsOf(newer.view, client.redact);
  for (const p of [newerParts, olderParts]) {
    if ('problem' in p) {
      say(`dms: ${p.problem}`);
      return EXIT.notFound;
    }
  }
  const diff = logDiff(olderParts as LogPart[], newerParts as LogPart[]);
  const text =
    args.output === 'json'
      ? `${jsonSafe(JSON.stringify(logDiffJson(args.app, { older, newer }, diff, args.b ? 'named' : 'last_green'), null, 2))}\n`
      : logDiffText(diff, names, style);
  io.stdout.write(client.redact(text));
  return EXIT.ok;
}

function sideJson(f: Found) {
  const v = f.view;
  return { id: v.id, uuid: v.uuid, status: v.status, branch: branchOf(v), commit: v.commit, position: f.index };
}

/** What `-o json` prints: both sides, how the older was chosen, the first step to read, each step and its differing lines. */
export function logDiffJson(
  app: string,
  sides: { readonly older: Found; readonly newer: Found },
  diff: LogDiff,
  chosen: 'named' | 'last_green',
) {
  return {
    application: app,
    older: sideJson(sides.older),
    newer: sideJson(sides.newer),
    older_chosen: chosen,
    opening: diff.steps[diff.opening]?.name ?? null,
    steps: diff.steps.map((s) => ({
      name: s.name,
      state: s.state === 'older' ? 'only_older' : s.state === 'newer' ? 'only_newer' : s.state,
      failed: s.failed,
      older_failed: s.olderFailed,
      removed: s.removed,
      added: s.added,
      lines: s.rows.filter((r) => r.kind !== '=').map((r) => ({ kind: r.kind, text: plainLine(r.line) })),
    })),
  };
}

/** The human text: a header per step (`✗` where the newer failed, `*` where it differs), then its hunks. */
export function logDiffText(diff: LogDiff, names: { readonly older: string; readonly newer: string }, style: Style): string {
  const out = [`log of ${names.older} (-) against ${names.newer} (+)`];
  const first = diff.steps[diff.opening];
  out.push(
    first && (first.state !== 'same' || first.failed) ? `first difference: step ${first.name}` : 'the logs are the same once folded',
  );
  for (const s of diff.steps) {
    const mark = s.failed ? '✗' : s.state === 'same' ? '=' : '*';
    out.push('', paint(style, 'bold', `${mark} ${s.name}: ${stepStateText(s, names)}`));
    if (s.state === 'same') continue;
    for (const r of hunkRows(s.rows)) {
      if (r === null) out.push(paint(style, 'gray', '  ⋯'));
      else if (r.kind === '=') out.push(`    ${plainLine(r.line)}`);
      else out.push(paint(style, r.kind === '-' ? 'red' : 'green', `  ${r.kind} ${plainLine(r.line)}`));
    }
  }
  return `${out.join('\n')}\n`;
}
