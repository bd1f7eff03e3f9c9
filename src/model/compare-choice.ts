// How the older side of a comparison was chosen, in words: the marked row, the last good one of
// the newer one's branch, or with none of its branch another (compare-find.ts). Said the same by the
// compare screen and `dms diff`. Pure.
import { pullRequestOf, type Comparison } from './compare.js';
import { ALIKE_WINDOW, type Likeness } from './compare-find.js';
import { sideName } from './compare-rows.js';
import type { DeploymentView } from './deployment.js';
import { clean } from '../text/sanitize.js';
import { maskUrlPasswords } from '../text/secrets.js';
import { thousands } from '../text/thousands.js';

/** Where a deployment was made: `on develop`, `of PR #213`; '' when its record says neither (queue rows). */
export function lineOf(view: DeploymentView): string {
  const pr = pullRequestOf(view);
  if (pr !== null) return `of PR #${pr}`;
  return view.branch !== '' ? `on ${maskUrlPasswords(clean(view.branch))}` : '';
}

/** What the older side is: the marked row, or with no mark how it was chosen (compare-find.ts). */
export interface OlderChoice {
  /** Null: the marked row. */
  readonly likeness: Likeness | null;
  readonly newer: DeploymentView;
  readonly older: DeploymentView;
}

/** Said above the comparison when the older side is not of the newer one's branch; null when it is. */
export function choiceNote(c: Comparison, choice: OlderChoice): string | null {
  if (choice.likeness === null || choice.likeness === 'sameLine') return null;
  const line = lineOf(choice.newer);
  const none = `No good deployment${line ? ` ${line}` : ''} before ${sideName(c.newer)} (within ${thousands(ALIKE_WINDOW)} before it)`;
  const older = `${sideName(c.older)}${lineOf(choice.older) ? ` ${lineOf(choice.older)}` : ''}`;
  return choice.likeness === 'notPreview'
    ? `${none}: ${older} is the last good one that is not a pull request's preview.`
    : `${none}, and none that is not a preview: ${older} is the last good one.`;
}
