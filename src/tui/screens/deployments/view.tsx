// The deployments list of the application open: the header, the strip at a glance, the table with
// a row cursor, the message line and the footer; the filter and go-to lines are its modes. The
// page, its requests and what the other screens share are the browse session's (browse/session.tsx);
// what keys do is keys.ts (through routes/browse-keys.ts), the text is lines.ts.
import React, { useLayoutEffect, useMemo, useRef } from 'react';
import { Box, Text, measureElement, type DOMElement } from 'ink';
import { useKeyTable } from '../../input/key-table.js';
import { cursorParts } from '../../input/line-edit.js';
import { useTheme, type Theme } from '../../theme.js';
import { Footer } from '../../components/footer.js';
import { DeploymentTable } from '../../components/deployment-table.js';
import { offsetTop } from '../../components/measure.js';
import { useMeasured } from '../../hooks/use-measured.js';
import { useSettings } from '../../settings.js';
import { GUTTER, TABLE_FRAME, useBrowseSession } from '../../browse/session.js';
import { isMarkedRow } from '../../browse/state.js';
import { bodyNote, messageLine, rowsLabels, type MessageLine } from './lines.js';
import { StripLine } from './strip.js';
import { useStrip } from './use-strip.js';

export function ListScreen() {
  const { props, browse, store, now, focus, focusReason, table, header, tableRoom, setTableRoom } = useBrowseSession();
  const { client, appUuid, width, height } = props;
  const theme = useTheme();
  const keys = useKeyTable();
  const settings = useSettings();
  const state = browse.paging;
  const strip = useStrip({ client, appUuid, paging: state, rows: settings.stripRows });

  // The wide view's scroll limit, from the table as drawn.
  const columnMax = table.wide?.maxStart ?? 0;
  useLayoutEffect(() => {
    store.dispatch({ type: 'columnRoom', max: columnMax });
  }, [columnMax, store]);

  // The table takes the room the screen leaves it: measured once drawn. Its rows are that room
  // less the lines of its frame, and the cursor marks line up with where its rows start. The
  // lines above and below it never give up room; when they grow (a note of several lines), the
  // table's rows are cut in that frame, its borders kept, until the next frame holds fewer rows.
  const tableArea = useRef<DOMElement>(null);
  const tableBox = useRef<DOMElement>(null);
  const tableBody = useRef<DOMElement>(null);
  const drawn = table.rows.length;
  // Rows the area has room for (0 or less: none, when the lines under the table take it all); null
  // before it is laid out. Back from another screen of the session, the room it last had.
  const room = useMeasured<number | null>(
    () => (tableArea.current ? measureElement(tableArea.current).height - TABLE_FRAME : undefined),
    tableRoom,
  );
  useLayoutEffect(() => {
    if (room === null) return;
    setTableRoom(room);
    store.dispatch({ type: 'viewport', rows: Math.max(1, room) });
  }, [room, store, setTableRoom]);
  // More rows on the page than shown: the table's bottom border says which (a search's results are paged to fit).
  const results = browse.search?.kind === 'search';
  const visibleCount = table.visible.length;
  const shown = room === null ? drawn : Math.max(0, Math.min(drawn, room));
  const footLabels = useMemo(
    () => (results ? [] : rowsLabels({ visible: visibleCount, offset: state.window.start, drawn: shown }, keys)),
    [results, visibleCount, state.window.start, shown, keys],
  );
  const gutterTop = useMeasured(() => offsetTop(tableBody.current, tableBox.current), 3);

  const note = bodyNote(browse, table.visible.length, keys);
  let body: React.ReactNode;
  if (note) {
    body = <Text color={theme.ui[note.tone]}>{note.text}</Text>;
  } else {
    // The table is as tall as its area at most: more rows than that lose the last ones (the
    // table's own body cuts them, and the gutter's beside them), never its bottom border.
    // The cursor's `›`, and `*` on the row marked for `=` (Space).
    const gutter = table.rows.map((r, i) => `${i === table.cursor ? '›' : ' '}${isMarkedRow(browse, r.key) ? '*' : ' '}`);
    body = (
      <Box minHeight={0} overflowY="hidden">
        <Box flexDirection="column" width={GUTTER} flexShrink={0}>
          <Box height={gutterTop} flexShrink={0} />
          <Box flexDirection="column" flexShrink={1} minHeight={0} overflowY="hidden">
            {gutter.map((g, i) => (
              <Text key={i} color={theme.ui.focus} bold>
                {g}
              </Text>
            ))}
          </Box>
          <Box height={1} flexShrink={0} />
        </Box>
        <Box ref={tableBox} flexShrink={0}>
          <DeploymentTable rows={table.rows} columns={table.columns} bodyRef={tableBody} cursor={table.cursor} footLabels={footLabels} />
        </Box>
      </Box>
    );
  }

  const message = messageLine(
    browse,
    {
      visible: table.visible.length,
      offset: state.window.start,
      drawn,
      changedColumn: table.columns.some((c) => c.key === 'changed'),
      wide: table.wide,
      reason: focus && focusReason ? { phase: focus.view.phase, reason: focusReason, width: width - 1 } : null,
    },
    keys,
  );
  return (
    <Box flexDirection="column" height={height - 1}>
      <Box flexDirection="column" flexShrink={0}>
        {header}
        {strip ? <StripLine strip={strip} width={width} now={now} /> : null}
      </Box>
      <Box ref={tableArea} flexDirection="column" flexGrow={1} flexBasis={0} minHeight={0} overflowY="hidden">
        {body}
      </Box>
      <Box flexDirection="column" flexShrink={0}>
        <Message line={message} theme={theme} />
        <Footer
          screen={browse.mode === 'filter' ? 'filter' : browse.mode === 'jump' ? 'jump' : 'deployments'}
          width={width}
          note={browse.keyNote}
        />
      </Box>
    </Box>
  );
}

/** The message line: a line being typed with its cursor, or a line of text in its tone. */
function Message({ line, theme }: { readonly line: MessageLine; readonly theme: Theme }) {
  if (line.kind === 'blank') return <Text> </Text>;
  if (line.kind === 'text')
    return (
      <Text wrap={line.wrap ? 'wrap' : 'truncate-end'} color={theme.ui[line.tone]}>
        {line.text}
      </Text>
    );
  const [before, at, after] = cursorParts(line.line);
  return (
    <Text wrap="truncate-end">
      <Text color={theme.ui.focus}>{line.prompt}</Text>
      <Text>{before}</Text>
      <Text inverse>{at || ' '}</Text>
      <Text>{after}</Text>
      {line.line.value ? null : <Text color={theme.ui.muted}>{line.placeholder}</Text>}
      {line.error ? <Text color={theme.ui.error}>{`  ✗ ${line.error}`}</Text> : null}
    </Text>
  );
}
