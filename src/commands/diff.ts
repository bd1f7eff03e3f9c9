// `dms diff APP_UUID A [B] [-o table|json]`: two deployments compared (model/compare.ts). A and
// B are ids or uuids; without B, A is compared with the last finished deployment before it. Both
// are found, and the deployments between them counted, in one read of the history newest first
// (the whole-history scan: rate budget, 429s, faults retried), which stops once both are found.
// Secret settings are said `changed` or `same`, never shown, --show-secrets or not.
import type { DeploymentView } from '../model/deployment.js';
import { compareDeployments, type Comparison, type SideFacts } from '../model/compare.js';
import { choiceNote } from '../model/compare-choice.js';
import { pairWalk } from '../model/compare-find.js';
import { NO_SETTINGS, betweenText, sameSecrets, settingRows, sideName, sideRows } from '../model/compare-rows.js';
import { matchesRef } from '../model/follow.js';
import { relativeAt } from '../text/format.js';
import { jsonSafe } from '../text/sanitize.js';
import { padCells, widthOf } from '../text/cells.js';
import type { Parsed } from './args.js';
import { diffArgs } from './diff-args.js';
import { EXIT } from './exit-codes.js';
import type { CommandIO } from './io.js';
import type { Session } from './connect.js';
import { findPair, refText } from './diff-find.js';
import { runLogDiff } from './diff-logs.js';
import { isoSeconds } from './row-output.js';
import { paint, statusColour, type Style } from './table.js';

export { diffArgs } from './diff-args.js';

export interface DiffOptions {
  /** Why a failed or cancelled deployment ended (one line), read from its record; none when not given. */
  readonly reasonOf?: (view: DeploymentView) => string | undefined;
  /** Where SIGINT comes from. */
  readonly signals?: NodeJS.EventEmitter;
}

/** How the older side was chosen, for `-o json`: named (B given), of A's branch, the last good that is not a preview, any last good. */
const CHOSEN = { named: 'named', sameLine: 'same_branch', notPreview: 'not_preview', any: 'last_good' } as const;

export async function runDiff(parsed: Parsed, io: CommandIO, session: Session, style: Style, options: DiffOptions = {}): Promise<number> {
  const args = diffArgs(parsed);
  const { client } = session;
  const say = (line: string) => {
    io.stderr.write(`${client.redact(line)}\n`);
  };
  if (parsed.values['show-secrets'] === true)
    say(
      args.logs
        ? 'dms: dms diff --logs keeps secrets masked in both logs (--show-secrets does not apply here).'
        : 'dms: dms diff never shows secret values, only whether they changed (--show-secrets does not apply here).',
    );
  if (args.logs) return runLogDiff(args, io, session, style, options.signals);

  // Without B, as `=` on the list: the last good one of A's branch (of its pull request), else another, said.
  const walk = pairWalk((v) => matchesRef(v, args.a), args.b ? (v) => matchesRef(v, args.b!) : 'lastGoodAlike');
  const found = await findPair(args, walk, client, io, {
    signals: options.signals,
    noneBefore: (a) =>
      `no finished deployment before ${sideName(a.view)} to compare it with. Name the other one: dms diff ${args.app} ${refText(args.a)} B.`,
  });
  if ('code' in found) return found.code;
  const { a, b } = found;
  const comparison = compareDeployments({
    a: { view: a.view, index: a.index, reason: options.reasonOf?.(a.view) },
    b: { view: b.view, index: b.index, reason: options.reasonOf?.(b.view) },
    between: walk.between,
    now: Date.now(),
  });
  const note = walk.likeness === null ? null : choiceNote(comparison, { likeness: walk.likeness, newer: a.view, older: b.view });
  if (note !== null) say(`dms: ${note}`);
  const text =
    args.output === 'json'
      ? `${jsonSafe(JSON.stringify({ ...diffJson(args.app, comparison), older_chosen: CHOSEN[walk.likeness ?? 'named'] }, null, 2))}\n`
      : diffTable(comparison, style, {
          columns: (io.stdout as NodeJS.WriteStream).isTTY === true ? (io.stdout as NodeJS.WriteStream).columns || 80 : undefined,
        });
  io.stdout.write(client.redact(text));
  return EXIT.ok;
}

function sideJson(s: SideFacts) {
  return {
    id: s.id,
    uuid: s.uuid,
    status: s.status,
    source: s.source,
    started_at: s.startedAt === null ? null : new Date(s.startedAt).toISOString().replace('.000Z', 'Z'),
    duration_seconds: s.durationMs === null ? null : Math.round(s.durationMs / 1000),
    commit: s.commit,
    subject: s.subject,
    branch: s.branch,
    reason: s.reason,
    position: s.index,
  };
}

/** What `-o json` prints: both sides, what lies between, the settings that differ (secrets: `changed`/`same` only). */
export function diffJson(app: string, c: Comparison) {
  return {
    application: app,
    older: sideJson(c.older),
    newer: sideJson(c.newer),
    between: { count: c.between.count, by_status: c.between.byPhase },
    settings:
      c.settings === null
        ? null
        : c.settings.map((d) =>
            d.secret ? { field: d.field, secret: true, change: d.change } : { field: d.field, before: d.before, after: d.after },
          ),
    secrets: c.secrets,
  };
}

/**
 * The human table: the two sides in columns (a `*` marks a row that differs), then what lies
 * between and the settings. On a terminal (`columns` given) times also say how long ago, and the
 * older side's column is cut to leave the newer one half the width.
 */
export function diffTable(
  c: Comparison,
  style: Style,
  { columns, now = Date.now() }: { readonly columns?: number; readonly now?: number } = {},
): string {
  const terminal = columns !== undefined;
  const when = (ms: number | null) => (ms === null ? '' : terminal ? `${isoSeconds(ms)} (${relativeAt(ms, now)})` : isoSeconds(ms));
  const rows = sideRows(c, when);
  const labelWidth = Math.max(...rows.map((r) => widthOf(r.label)), 8) + 2;
  const widest = Math.max(widthOf('older'), ...rows.map((r) => widthOf(r.older))) + 2;
  const olderWidth = terminal ? Math.max(12, Math.min(widest, Math.floor((columns - labelWidth - 2) / 2))) : widest;
  const out: string[] = [];
  out.push(`  ${padCells('', labelWidth)}${padCells('older', olderWidth)}newer`.trimEnd());
  for (const r of rows) {
    const mark = r.differs ? '* ' : '  ';
    const older =
      r.label === 'status'
        ? paint(style, statusColour(c.older.status), r.older) + ' '.repeat(Math.max(0, olderWidth - widthOf(r.older)))
        : padCells(r.older, olderWidth);
    const newer = r.label === 'status' ? paint(style, statusColour(c.newer.status), r.newer) : r.newer;
    out.push(`${mark}${padCells(r.label, labelWidth)}${older}${newer}`.trimEnd());
  }
  out.push('', `between: ${betweenText(c)}`);
  const settings = settingRows(c);
  if (settings === null) {
    out.push(NO_SETTINGS);
  } else if (settings.length === 0) {
    out.push('settings: none differ');
  } else {
    out.push(`settings that differ (${sideName(c.older)} → ${sideName(c.newer)}):`);
    const w = Math.max(...settings.map((s) => widthOf(s.field))) + 2;
    for (const s of settings) {
      out.push(`  ${padCells(s.field, w)}${s.text}`);
      for (const l of s.lines) out.push(`    ${l.kind} ${l.text}`);
    }
  }
  const same = sameSecrets(c);
  if (same.length > 0) out.push(`secrets unchanged: ${same.join(', ')}`);
  return `${out.join('\n')}\n`;
}
