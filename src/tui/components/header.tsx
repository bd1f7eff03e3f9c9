// Who we talk to and what is shown: context (or the DEMO banner), server, application, page range.
import React, { useEffect, useState } from 'react';
import { Box, Text } from 'ink';
import type { TuiConnection } from '../options.js';
import { useTheme } from '../theme.js';
import { clean } from '../../text/sanitize.js';
import { LIST_LINES } from '../take.js';

export const DEMO_BANNER = 'DEMO — sample data; set DMS_URL and DMS_TOKEN or add a context to connect';
/** Lines the header takes on the deployments screen (with its activity line). */
export const HEADER_LINES = LIST_LINES.header;

export interface HeaderProps {
  readonly connection: TuiConnection;
  readonly appUuid?: string;
  /** The application's name, when the rows say it. */
  readonly appName?: string;
  /** What every row of the page shares (build pack, server, domains), e.g. `nixpacks · edge-fra-1`. */
  readonly about?: string;
  /** What runs now and what is live (`● deploying 3fa91c2 for 1m 20s · live …`): a fourth line, blank when ''. */
  readonly activity?: string;
  /** `1–10 of 137`, `1–10`, or empty. */
  readonly range?: string;
  readonly updatedAt?: number | null;
  readonly loading?: boolean;
  /** Right part of the status line (e.g. `auto-refresh on`). */
  readonly status?: string;
  /** The page on screen is one seen before: `as of 14:02 · refreshing…`, `offline · as of 14:02` (instead of "updated"). */
  readonly asOf?: { readonly text: string; readonly offline: boolean };
  /** The page arriving: `3.1 MB read · 2.4 MB/s`. */
  readonly progress?: string;
}

export function Header({ connection, appUuid, appName, about, activity, range, updatedAt, loading, status, asOf, progress }: HeaderProps) {
  const theme = useTheme();
  return (
    <Box flexDirection="column">
      {connection.demo ? (
        <Text wrap="truncate-end" bold color={theme.ui.demo}>
          {DEMO_BANNER}
        </Text>
      ) : (
        <Text wrap="truncate-end">
          <Text bold color={theme.ui.title}>
            dms
          </Text>
          <Text color={theme.ui.muted}>{'  context '}</Text>
          <Text>{clean(connection.label)}</Text>
        </Text>
      )}
      <Text wrap="truncate-end">
        <Text color={theme.ui.muted}>server </Text>
        <Text>{clean(connection.host)}</Text>
        {appUuid ? (
          <>
            <Text color={theme.ui.muted}>{'  app '}</Text>
            {appName ? <Text bold>{`${clean(appName)} `}</Text> : null}
            <Text color={appName ? theme.ui.muted : undefined}>{clean(appUuid)}</Text>
          </>
        ) : null}
        {about ? <Text>{`  ${clean(about)}`}</Text> : null}
      </Text>
      <Text wrap="truncate-end">
        {range ? <Text bold>{range}</Text> : null}
        {asOf ? (
          <Text color={asOf.offline ? theme.ui.warning : theme.ui.changed} bold={asOf.offline}>{`${range ? '  ' : ''}${asOf.text}`}</Text>
        ) : updatedAt ? (
          <Text color={theme.ui.muted}>
            {range ? '  ' : ''}updated <Ago at={updatedAt} />
          </Text>
        ) : null}
        {loading && !asOf ? <Text color={theme.ui.muted}>{'  loading…'}</Text> : null}
        {progress ? <Text color={theme.ui.muted}>{`  ${progress}`}</Text> : null}
        {status ? <Text color={theme.ui.muted}>{`  ${status}`}</Text> : null}
      </Text>
      {activity !== undefined ? <Text wrap="truncate-end">{activity ? clean(activity) : ' '}</Text> : null}
    </Box>
  );
}

/** `3 s ago`, ticking by itself so the rest of the screen does not re-render. */
export function Ago({ at }: { readonly at: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  // A newer `at` than the last tick reads as now.
  const s = Math.max(0, Math.round((now - at) / 1000));
  return <>{s < 60 ? `${s} s ago` : s < 3600 ? `${Math.floor(s / 60)} min ago` : `${Math.floor(s / 3600)} h ago`}</>;
}

/** One line for screens without the full header (the create forms): where requests go. */
export function ConnectionLine({ connection }: { readonly connection: TuiConnection }) {
  const theme = useTheme();
  return connection.demo ? (
    <Text wrap="truncate-end" bold color={theme.ui.demo}>{`DEMO — sample data at ${clean(connection.host)}`}</Text>
  ) : (
    <Text wrap="truncate-end">
      <Text color={theme.ui.muted}>context </Text>
      <Text bold>{clean(connection.label)}</Text>
      <Text color={theme.ui.muted}>{'  server '}</Text>
      <Text>{clean(connection.host)}</Text>
    </Text>
  );
}
