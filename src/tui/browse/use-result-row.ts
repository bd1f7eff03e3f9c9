// The whole row of the search result under the cursor, when it failed or was cancelled: a search
// keeps summaries (no logs), and the line under the table says why such a row ended, as it does on
// the list. Taken from the page when the deployment is on it; else read alone (skip = its position,
// take 1) once the cursor rests on it and the search has finished reading. Kept per deployment.
import { useEffect, useMemo, useState } from 'react';
import type { DmsClient } from '../../api/client.js';
import { keyOf, sameDeployment, viewOf, type DeploymentView } from '../../model/deployment.js';
import type { PagingState } from './paging.js';
import type { SearchState } from './search.js';

/** How long the cursor rests on a result before its row is asked for (holding j asks for none). */
const REST_MS = 100;
/** Rows kept at most. */
const KEPT_MAX = 200;

export interface ResultRowOptions {
  readonly client: DmsClient;
  readonly appUuid: string;
  readonly search: SearchState | null;
  readonly paging: Pick<PagingState, 'rows'>;
}

/** The cursor result's whole row and its key (`r:<position>`), once known; null otherwise. */
export function useResultRow({
  client,
  appUuid,
  search,
  paging,
}: ResultRowOptions): { readonly key: string; readonly view: DeploymentView } | null {
  const [kept, setKept] = useState<ReadonlyMap<string, DeploymentView>>(() => new Map());
  const result = search?.kind === 'search' && !search.scanning ? search.results[search.cursor] : undefined;
  const ended = result !== undefined && (result.phase === 'failed' || result.phase === 'cancelled');
  const id = result ? keyOf(result, result.index) : '';
  const onPage = ended ? paging.rows.find((v) => sameDeployment(v, result)) : undefined;
  const known = onPage ?? kept.get(id);
  const index = result?.index ?? 0;

  useEffect(() => {
    if (!ended || known) return undefined;
    const ac = new AbortController();
    const timer = setTimeout(() => {
      client.listDeployments(appUuid, { skip: index, take: 1 }, { signal: ac.signal }).then(
        (page) => {
          const row = page.deployments[0];
          // The history moved since the search read it: no line rather than another deployment's.
          if (!row || ac.signal.aborted || !sameDeployment(viewOf(row), result)) return;
          setKept((m) => new Map(m.size >= KEPT_MAX ? [] : m).set(id, viewOf(row)));
        },
        () => {
          /* no line: the list's own reading says what is wrong with the server */
        },
      );
    }, REST_MS);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
  }, [client, appUuid, ended, known, id, index, result]);

  return useMemo(() => (result && known ? { key: `r:${result.index}`, view: known } : null), [result, known]);
}
