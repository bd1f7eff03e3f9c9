// One deployment's detail, as a screen of the browse session: under the application's header, the
// record as of the latest refresh (a running one's status and duration move on), as opened once a
// refresh no longer has it on the page. Its keys come through the session's listener
// (routes/browse-keys.ts): keys read together see what the list's before them did.
import React from 'react';
import { Footer } from '../../components/footer.js';
import { UnderHeader, useBrowseSession } from '../../browse/session.js';
import type { DetailState } from '../../browse/detail.js';
import { olderOf } from '../../browse/use-older.js';
import { footerWithout } from './lines.js';
import { DetailView } from './view.js';
import { useDetailSteps } from './use-steps.js';

export function DetailRoute({ detail }: { readonly detail: DetailState }) {
  const { props, browse, store, now, neighbours, focusReason, detailText, stepMedians, wantMedians } = useBrowseSession();
  const { width } = props;
  const state = browse.paging;
  const index = state.keys.indexOf(detail.key);
  const record = index >= 0 ? state.rows[index]!.record : detail.record;
  const steps = useDetailSteps(record, stepMedians, wantMedians, state.asOf !== null);
  return (
    <UnderHeader>
      {(rows) => (
        <>
          <DetailView
            record={record}
            view={detail}
            older={index >= 0 ? olderOf(state, index, neighbours) : undefined}
            reason={focusReason}
            baseUrl={props.connection.origin}
            now={now}
            time={browse.time}
            width={width}
            bodyLines={Math.max(3, rows - 1 - 2)}
            onSize={(max, lines) => store.dispatch({ type: 'detailSize', max, page: lines })}
            onLines={detailText.dispatch}
            steps={steps}
          />
          <Footer
            screen={detail.search.editing ? 'detailSearch' : 'detail'}
            width={width}
            note={browse.keyNote}
            without={footerWithout(props.showSecrets)}
          />
        </>
      )}
    </UnderHeader>
  );
}
