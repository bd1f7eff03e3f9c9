// The deployment just below a page's last row (skip = end of page, take = 1), so the last row's
// settings can be compared too (the table's Δ, the detail's "what changed"). Only for records that
// carry settings; asked after the page is on screen, never in its way; remembered per row.
import { useEffect, useState } from 'react';
import type { DmsClient } from '../../api/client.js';
import { isApiError } from '../../api/errors.js';
import { keyOf, sameDeployment, viewOf, type DeploymentView } from '../../model/deployment.js';
import { carriesSettings } from '../../model/settings.js';
import type { PagingState } from './paging.js';
import { describeError } from '../errors.js';
import type { Deployment } from '../../api/schemas/deployment.js';

/** The deployment before this one, as far as it is known. */
export type Older =
  | { readonly kind: 'record'; readonly record: Deployment }
  /** This is the oldest deployment. */
  | { readonly kind: 'none' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly message: string }
  /** The row itself came back where the one before it was: newer deployments pushed the list down meanwhile. */
  | { readonly kind: 'moved' };

export interface OlderOptions {
  readonly client: DmsClient;
  readonly appUuid: string;
  readonly state: Pick<PagingState, 'rows' | 'keys' | 'shown' | 'atEnd' | 'total'>;
}

/** The deployment before the page's last row, by that row's key; absent until it is known. */
export function useOlderNeighbour({ client, appUuid, state }: OlderOptions): ReadonlyMap<string, Older> {
  const [known, setKnown] = useState<ReadonlyMap<string, Older>>(() => new Map());
  const last = state.rows.at(-1);
  const lastKey = state.keys.at(-1);
  const skip = state.shown ? state.shown.skip + state.rows.length : null;
  const oldest = state.atEnd || (state.total !== null && skip !== null && skip >= state.total);
  const wanted = last !== undefined && lastKey !== undefined && skip !== null && carriesSettings(last.record) && !known.has(lastKey);

  useEffect(() => {
    if (!wanted || !last || !lastKey || skip === null) return undefined;
    const settle = (older: Older) => setKnown((m) => new Map(m).set(lastKey, older));
    if (oldest) {
      settle({ kind: 'none' });
      return undefined;
    }
    const controller = new AbortController();
    // After the frame that shows the page.
    const timer = setTimeout(() => {
      client.listDeployments(appUuid, { skip, take: 1 }, { signal: controller.signal }).then(
        (page) => {
          const record = page.deployments[0];
          const view: DeploymentView | undefined = record ? viewOf(record) : undefined;
          // Newer deployments may have pushed the row itself down to where its neighbour was.
          if (view && sameDeployment(view, last)) settle({ kind: 'moved' });
          else settle(view ? { kind: 'record', record: view.record } : { kind: 'none' });
        },
        (error: unknown) => {
          if (controller.signal.aborted || (isApiError(error) && error.kind === 'cancelled')) return;
          settle({ kind: 'failed', message: describeError(error, client.redact).message });
        },
      );
    }, 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked once per last row (its key); the rest of the state only says where it is.
  }, [wanted, lastKey, skip, oldest]);

  return known;
}

/** The deployment before row `index` of the page: the next row, or for the last row the fetched neighbour. */
export function olderOf(
  state: Pick<PagingState, 'rows' | 'keys'>,
  index: number,
  neighbours: ReadonlyMap<string, Older>,
): Older | undefined {
  const row = state.rows[index];
  if (!row || !carriesSettings(row.record)) return undefined;
  const next = state.rows[index + 1];
  if (next) return { kind: 'record', record: next.record };
  return neighbours.get(state.keys[index] ?? keyOf(row, index)) ?? { kind: 'loading' };
}
