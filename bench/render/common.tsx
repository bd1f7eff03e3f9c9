// What the render figures share (bench/render.tsx runs them): the options, the deployments screen
// as the TUI mounts it, the one-<Text> floor, a client answering from memory, memory readings,
// and what is read back from a frame.
import React, { useState } from 'react';
import { readFileSync } from 'node:fs';
import { Text, useInput } from 'ink';
import type { DmsClient } from '../../src/api/client.js';
import { readDeploymentList, type Deployment } from '../../src/api/schemas/index.js';
import { createHistorySearch, type HistorySearch } from '../../src/search/history-search.js';
import { BrowseSessionProvider } from '../../src/tui/browse/session.js';
import { BrowseRoutes } from '../../src/tui/routes/browse.js';
import { colourTheme, ThemeProvider } from '../../src/tui/theme.js';
import { SettingsProvider } from '../../src/tui/settings.js';
import { InputProvider } from '../../src/tui/input/bus.js';
import { mount, WIDTH } from './terminal.js';

const args = process.argv.slice(2);
/** The figure asked for: `budget`, `big`, … */
export const mode = args[0];
export const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
export const PAIRS = Number(opt('pairs') ?? 11);
export const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const connection = { label: 'bench', host: '127.0.0.1', demo: false };
const noop = () => {};

/** `pageRows`: rows a page holds (10 by default, as the figures were measured); null: the rows that fit `height`, as dms asks. */
export function Screen({
  client,
  search,
  app,
  height,
  refreshMs,
  pageRows = 10,
}: {
  client: DmsClient;
  search?: HistorySearch;
  app: string;
  height: number;
  refreshMs: number;
  pageRows?: number | null;
}) {
  // One search for the screen's life (as the TUI's session holds one): on this thread unless given.
  const [searching] = useState(() => search ?? createHistorySearch({ client }));
  return (
    <InputProvider>
      <SettingsProvider value={{ env: process.env, refreshMs, pageRows: pageRows ?? undefined }}>
        <ThemeProvider value={colourTheme}>
          <BrowseSessionProvider
            client={client}
            search={searching}
            appUuid={app}
            connection={connection}
            showSecrets={false}
            width={WIDTH}
            height={height}
            active
            onHelp={noop}
            onQuit={noop}
            onCreate={noop}
          >
            <BrowseRoutes />
          </BrowseSessionProvider>
        </ThemeProvider>
      </SettingsProvider>
    </InputProvider>
  );
}

/** The floor: one <Text> whose content changes on a key. */
function Trivial() {
  const [n, setN] = useState(0);
  useInput((input) => {
    if (input === 'j') setN((x) => x + 1);
  });
  return <Text>count {n}</Text>;
}

/** A client answering from memory: pages without the network. */
export function memoryClient(all: Deployment[]): DmsClient {
  return {
    listDeployments: async (_app, page = {}) => {
      const skip = page.skip ?? 0;
      const take = page.take ?? 10;
      return { deployments: all.slice(skip, skip + take), total: all.length };
    },
    listRecords: () => Promise.reject(new Error('not in the bench')),
    createPublicApplication: () => Promise.reject(new Error('not in the bench')),
    createDocstore: () => Promise.reject(new Error('not in the bench')),
    redact: (s) => s,
  };
}

export async function loadRecords(): Promise<Deployment[]> {
  const body = opt('body');
  let raw: unknown;
  if (body) raw = JSON.parse(readFileSync(body, 'utf8'));
  else {
    const res = await fetch(`${opt('url')}/deployments/applications/${opt('app')}?take=1000`, {
      headers: { authorization: `Bearer ${opt('token')}`, accept: 'application/json' },
    });
    raw = await res.json();
  }
  const page = readDeploymentList(raw);
  if (!page) throw new Error('not a deployment list');
  return page.deployments;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
/** A data row of the table: a status mark in it (the heading has none). */
export const ROW = /^.{0,3}│.*[✓✗●○⊘] /;
/** Index of the table row the cursor marker (›) is on, or -1. */
export const cursorRow = (frame: string) =>
  frame
    .split('\n')
    .filter((l) => ROW.test(l))
    .findIndex((l) => l.startsWith('›'));
export const rangeOf = (frame: string) => /([\d,]+)–([\d,]+) of ([\d,]+)/.exec(frame);

/** The floor of the frame figures: a one-<Text> app, and a change of it timed key → frame. */
export async function trivialFloor() {
  const floor = mount(<Trivial />, 40);
  await floor.stdout.until((f) => f.includes('count 0'));
  let count = 0;
  const floorChange = async () => {
    gc();
    await sleep(40);
    count++;
    return floor.stdout.timeFrame(
      () => floor.stdin.write('j'),
      (f) => f.includes(`count ${count}`),
    );
  };
  return { floor, floorChange };
}

/** Heap and RSS after gc(), MiB. */
export function reading() {
  gc();
  gc();
  const m = process.memoryUsage();
  return {
    heapMiB: m.heapUsed / 2 ** 20,
    rssMiB: m.rss / 2 ** 20,
    externalMiB: m.external / 2 ** 20,
    heapTotalMiB: m.heapTotal / 2 ** 20,
    arrayBuffersMiB: m.arrayBuffers / 2 ** 20,
  };
}
