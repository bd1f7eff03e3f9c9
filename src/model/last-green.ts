// The last green build of a deployment: the newest finished deployment before it of the same
// branch that is not a pull request's preview (`pull_request_id` 0 or absent). A queue row does not
// name its branch: its log does (`Importing <repo>:<branch> (commit sha …)`), read when the row
// carries one; two rows of which one says no branch are taken to be of one. Pure.
import { sameDeployment, type DeploymentView } from './deployment.js';
import { pullRequestOf } from './compare.js';
import { pairWalk, type PairWalk } from './compare-find.js';
import { readLog } from './log.js';
import { clean } from '../text/sanitize.js';

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
