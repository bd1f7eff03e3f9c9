// Finding one deployment in an application's history, and finding it again later, one row at a
// time: rows can weigh megabytes once they carry logs, so a followed deployment is polled with
// `take=1` at its index, not with the whole page. Newer deployments push it down; history is
// newest first and ids rise with time, so the count and the ids say which way it moved.
// The list call is passed in (the TUI and `dms logs` give their client's): no I/O of its own.
import type { DeploymentPage } from '../api/schemas/deployment.js';
import { MiscountError, isApiError } from '../api/errors.js';
import { sameDeployment, viewOf, type DeploymentView } from './deployment.js';
import { scanBound } from './scan-reader.js';

export type ListPage = (skip: number, take: number) => Promise<DeploymentPage>;

/** A deployment named on the command line: its id, or its uuid. */
export interface DeploymentRef {
  readonly id: number | null;
  readonly uuid: string;
}

export interface Located {
  readonly view: DeploymentView;
  /** Its position in the history (0: the newest). */
  readonly index: number;
  /** The application's number of deployments, when the server says. */
  readonly total: number | null;
}

/** `248` is an id, anything else a uuid. */
export function refOf(text: string): DeploymentRef {
  return /^\d{1,15}$/.test(text) ? { id: Number(text), uuid: '' } : { id: null, uuid: text };
}

export function refOfView(view: DeploymentView): DeploymentRef {
  return { id: view.id, uuid: view.uuid };
}

export function matchesRef(view: DeploymentView, ref: DeploymentRef): boolean {
  if (ref.id !== null) return view.id === ref.id;
  return ref.uuid !== '' && (view.uuid === ref.uuid || (view.record as { uuid?: unknown }).uuid === ref.uuid);
}

/** Rows per request while searching: few, since each may carry a whole log. */
export const SCAN_TAKE = 10;

/**
 * Reads the history newest first until the deployment is found. By id, it stops at the first
 * page whose ids are all lower (ids rise with time). Undefined when it is not there; a
 * MiscountError when the pages end before the server's count does, or run past what its first
 * count allows (scan-reader.ts scanBound), for it may be there unread.
 */
export async function findDeployment(list: ListPage, ref: DeploymentRef, take = SCAN_TAKE): Promise<Located | undefined> {
  // No id and no uuid names nothing: reading the whole history (rows with their logs) would not find it.
  if (ref.id === null && ref.uuid === '') return undefined;
  let announced: number | null | undefined;
  for (let skip = 0; ; skip += take) {
    let page: DeploymentPage;
    try {
      page = await list(skip, take);
    } catch (error) {
      // Rows with logs can make a page too big to read: ask again for half as many.
      if (!isApiError(error) || error.kind !== 'too_large' || take <= 1) throw error;
      take = Math.ceil(take / 2);
      skip -= take;
      continue;
    }
    if (announced === undefined) announced = page.total;
    const views = page.deployments.map(viewOf);
    const at = views.findIndex((v) => matchesRef(v, ref));
    if (at >= 0) return { view: views[at]!, index: skip + at, total: page.total };
    const read = skip + views.length;
    if (views.length < take) {
      if (page.total !== null && read < page.total) throw new MiscountError(read, page.total, false);
      return undefined;
    }
    if (ref.id !== null && views.every((v) => v.id !== null && v.id < ref.id!)) return undefined;
    if (read >= scanBound(announced)) throw new MiscountError(read, announced, true);
  }
}

/** The newest deployment, if any. */
export async function newestDeployment(list: ListPage): Promise<Located | undefined> {
  const page = await list(0, 1);
  const first = page.deployments[0];
  return first ? { view: viewOf(first), index: 0, total: page.total } : undefined;
}

/** Requests one poll may make while it looks for the row that moved. */
const TRIES = 4;

/**
 * The followed deployment as it is now: one row at its last index, then where the count and the
 * ids say it went, then the rows around it, then (by id) the history from the top. Undefined when
 * it is gone.
 */
export async function relocate(list: ListPage, last: Located): Promise<Located | undefined> {
  let index = last.index;
  let total = last.total;
  const tried = new Set<number>();
  for (let i = 0; i < TRIES && index >= 0 && !tried.has(index); i++) {
    tried.add(index);
    const page = await list(index, 1);
    const row = page.deployments[0];
    const view = row ? viewOf(row) : undefined;
    if (view && sameDeployment(view, last.view)) return { view, index, total: page.total };
    // Deployments that arrived since push it down by as many; without a count, the ids say which way.
    if (page.total !== null && total !== null && page.total !== total) {
      index += page.total - total;
      total = page.total;
    } else if (view?.id != null && last.view.id !== null) {
      index += view.id > last.view.id ? 1 : -1;
    } else if (!view) {
      // Past the end: the history shrank above it.
      index -= 1;
    } else {
      index += 1;
    }
  }
  // Near where it was: one window of rows.
  const from = Math.max(0, last.index - 2);
  const page = await list(from, SCAN_TAKE);
  const at = page.deployments.findIndex((r) => sameDeployment(viewOf(r), last.view));
  if (at >= 0) return { view: viewOf(page.deployments[at]!), index: from + at, total: page.total };
  // Many arrived at once (a server without a count): by id, the history says where it is, reading
  // from the newest and stopping once the ids are older than it.
  return last.view.id !== null ? findDeployment(list, { id: last.view.id, uuid: '' }) : undefined;
}
