// What the create-form UI tests share: a server that records each POST and answers after a pause,
// a temp config folder, the screen's props and the form rendered at 100×30. A test file calls
// setUpFormTests() at its top level (hooks of its own: modules stay loaded from one file to the
// next) and reads dir, server, exits and opened, which each test starts afresh.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, expect } from 'vitest';
import { createClient } from '../../../../src/api/client.js';
import { loadDraft } from '../../../../src/config/drafts.js';
import { DRAFT_DEBOUNCE_MS } from '../../../../src/tui/screens/forms/use-draft.js';
import { tempDir } from '../../../support/temp.js';
import { showsWhole } from '../../../support/wrapped.js';
import { KEY as K, renderScreen, until, type Rendered } from '../../../support/render.js';

export const KEY = {
  tab: K.tab,
  shiftTab: K.shiftTab,
  enter: K.enter,
  esc: K.escape,
  ctrlS: K.ctrl('s'),
  pgDn: K.pageDown,
  pgUp: K.pageUp,
  backspace: K.backspace,
};

interface Answer {
  status: number;
  body: unknown;
}
export interface TestServer {
  url: string;
  posts: { path: string; body: Record<string, unknown> }[];
  answer: Answer;
  close(): Promise<void>;
}

async function startServer(answer: Answer): Promise<TestServer> {
  const posts: TestServer['posts'] = [];
  const state: TestServer = { url: '', posts, answer, close: async () => {} };
  const server: Server = createServer((req, res) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      data += c;
    });
    req.on('end', () => {
      posts.push({ path: req.url ?? '', body: JSON.parse(data || '{}') });
      // A slow answer makes a double Ctrl+S visible.
      setTimeout(() => {
        res.writeHead(state.answer.status, { 'content-type': 'application/json' });
        res.end(state.answer.body === '' ? '' : JSON.stringify(state.answer.body));
      }, 80);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  state.close = () =>
    new Promise((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return state;
}

export const WHERE = { project_uuid: 'p1', server_uuid: 's1', environment_name: 'production' };
export const APP = { ...WHERE, git_repository: 'https://github.com/acme/web', git_branch: 'main', build_pack: 'nixpacks' };

// Set afresh before each test; importers see the new values (live bindings).
export let dir: string;
export let server: TestServer;
export let exits: unknown[];
export let opened: string[];
let ui: Rendered | undefined;

/** A fresh folder and server before each test of the calling file; the form and the server gone after it. */
export function setUpFormTests(): void {
  beforeEach(async () => {
    dir = tempDir('dms-form-ui-');
    server = await startServer({ status: 201, body: { uuid: 'new-app-1' } });
    exits = [];
    opened = [];
  });
  afterEach(async () => {
    await server.close();
  });
  afterEach(() => {
    ui?.unmount();
    ui = undefined;
  });
}

export function props(extra: Record<string, unknown> = {}) {
  return {
    client: createClient({ baseUrl: server.url, token: '1|secret-token', retries: 0 }),
    configDir: dir,
    showSecrets: false,
    onExit: (r?: { uuid: string }) => {
      exits.push(r);
    },
    onOpenDeployments: (uuid: string) => {
      opened.push(uuid);
    },
    ...extra,
  };
}

/** The form on screen, under an input bus, 100×30. */
export function open(tree: ReactElement): Rendered {
  ui = renderScreen(tree, { columns: 100, rows: 30 });
  return ui;
}

/** Checks that the frame shows `text` whole, wherever it wraps: a path is wrapped, never cut, and may be long (TMPDIR). */
export function expectShown(frame: string, text: string): void {
  expect(showsWhole(frame, text), `${text}\nis not shown whole in:\n${frame}`).toBe(true);
}

/** The draft on disk once the debounce has passed. */
export const draftSaved = (kind: 'create-app' | 'create-docstore') =>
  until(() => loadDraft(dir, kind) !== undefined, `the draft (saved ${DRAFT_DEBOUNCE_MS} ms after typing)`);
