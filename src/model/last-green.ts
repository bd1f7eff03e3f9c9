// The last green build of a deployment: the newest finished deployment before it of the same
// branch that is not a pull request's preview (`pull_request_id` 0 or absent). A queue row does not
// name its branch: its log does (`Importing <repo>:<branch> (commit sha …)`), read when the row
// carries one; two rows of which one says no branch are taken to be of one. And what either side
// of a log diff needs of its record: its log in parts, or why it has none. Pure.
import { sameDeployment, type DeploymentView } from './deployment.js';
import { pullRequestOf } from './compare.js';
import { pairWalk, type PairWalk } from './compare-find.js';
import { sideName } from './compare-rows.js';
import { logParts, type LogPart } from './log-diff.js';
import { NO_LOGS, maskerFor, readLog } from './log.js';
import { carriesSettings } from './settings.js';
import { clean } from '../text/sanitize.js';
import { maskUrlPasswords } from '../text/secrets.js';

const IMPORTING = /Importing \S*?:(\S+) \(commit sha /;
/** How far into a log its import line is looked for. */
const HEAD_ENTRIES = 400;

/** The branch a deployment built: its record's `git_branch`, else its log's import line; '' when neither says. */
export function branchOf(view: DeploymentView): string {
  if (view.branch !== '') return view.branch;
  const log = readLog(view.record);
  if (log.kind !== 'entries') return '';
  for (const e of log.entries.slice(0, HEAD_ENTRIES)) {
    const m = IMPORTING.exec(clean(e.output));
    if (m) return m[1]!;
  }
  return '';
}

/** Whether `v` may be `failed`'s last green build: finished, not a preview, of its branch (when both say theirs). */
export function greenFor(failed: DeploymentView): (v: DeploymentView) => boolean {
  let branch: string | undefined;
  return (v) => {
    if (v.phase !== 'finished' || pullRequestOf(v) !== null) return false;
    branch ??= branchOf(failed);
    if (branch === '') return true;
    const other = branchOf(v);
    return other === '' || other === branch;
  };
}

/** A walk of the history (compare-find.ts) that finds `isA` and then its last green build. */
export function greenWalk(isA: (v: DeploymentView) => boolean): PairWalk {
  let green: ((v: DeploymentView) => boolean) | undefined;
  const walk: PairWalk = pairWalk(isA, (v) => {
    const a = walk.a;
    if (a === undefined || sameDeployment(v, a.view)) return false;
    green ??= greenFor(a.view);
    return green(v);
  });
  return walk;
}

/** Why a deployment's log cannot be compared: its record carries none, or not one dms can read. */
export function noLogText(view: DeploymentView, unreadable?: string): string {
  const name = sideName(view);
  if (unreadable !== undefined) return `the log of ${name} could not be read: ${unreadable}.`;
  return carriesSettings(view.record)
    ? `${name} has no log to compare: its record is a snapshot of the application's settings, which carries none.`
    : `${name} has no log to compare. ${NO_LOGS}`;
}

/** A deployment's log in parts (model/log-diff.ts), masked; or why there is none. */
export function partsOf(view: DeploymentView, redact: (s: string) => string): LogPart[] | { readonly problem: string } {
  const read = readLog(view.record);
  if (read.kind === 'absent') return { problem: noLogText(view) };
  if (read.kind === 'unreadable') return { problem: noLogText(view, read.reason) };
  return logParts(read.entries, maskerFor(view.record, redact));
}

/** How the older side was chosen, in words: `deployment 230, the last finished one on main before it (not a preview)`. */
export function greenText(older: DeploymentView): string {
  const branch = branchOf(older);
  const on = branch !== '' ? ` on ${maskUrlPasswords(clean(branch))}` : '';
  return `${sideName(older)}, the last finished deployment${on} before it that is not a pull request's preview`;
}
