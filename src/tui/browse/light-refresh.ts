// An automatic refresh of a page whose rows carry logs (megabytes each, re-sent whole on every
// request) asks for single rows instead of the page: the newest deployment, to see whether
// anything arrived, and each running one on the page. When nothing moved, the page is rebuilt
// from what is known plus those rows; when something did, the page is fetched again.
import type { DeploymentPage } from '../../api/schemas/deployment.js';
import { sameDeployment, viewOf } from '../../model/deployment.js';
import type { ListPage } from '../../model/follow.js';
import type { PagingState } from './paging.js';
import { textLength } from '../../api/scrub.js';

/** Log text on a page above which a refresh asks for single rows (a page without logs is a few KB). */
export const HEAVY_PAGE_CHARS = 256 * 1024;

/** The page's rows carry this much log text. */
export function isHeavy(paging: Pick<PagingState, 'rows'>): boolean {
  let chars = 0;
  for (const r of paging.rows) {
    chars += weight(r.record);
    if (chars > HEAVY_PAGE_CHARS) return true;
  }
  return false;
}

/** Characters of log a row carries (as sent: weighing a log does not read it). */
function weight(record: object): number {
  return textLength(record, 'logs') ?? 0;
}

/**
 * The page as it is now, from single rows; undefined when the page must be fetched whole. One row
 * tells whether the history moved (a new deployment shifts every row, and changes the count): a
 * running one, which must be asked for anyway, else the page's lightest row.
 */
export async function lightRefresh(
  list: ListPage,
  paging: Pick<PagingState, 'shown' | 'rows' | 'total'>,
): Promise<DeploymentPage | undefined> {
  const { shown, rows } = paging;
  if (!shown || rows.length === 0) return undefined;
  const records = rows.map((r) => r.record);
  let first = rows.findIndex((r) => r.active);
  if (first < 0) {
    first = 0;
    rows.forEach((r, i) => {
      if (weight(r.record) < weight(rows[first]!.record)) first = i;
    });
  }
  const probe = await list(shown.skip + first, 1);
  const top = probe.deployments[0];
  if (!top || !sameDeployment(viewOf(top), rows[first]!) || probe.total !== paging.total) return undefined;
  records[first] = top;
  for (let i = 0; i < rows.length; i++) {
    if (i === first || !rows[i]!.active) continue;
    const one = (await list(shown.skip + i, 1)).deployments[0];
    if (!one || !sameDeployment(viewOf(one), rows[i]!)) return undefined;
    records[i] = one;
  }
  return { deployments: records, total: probe.total };
}
