// The deployments screen as the fuzz properties see it: the whole app (the input bus included)
// with the real client over real HTTP, against a 127.0.0.1 server that answers every list with
// the body of the current run. No colour, so any escape byte in a frame came from server data.
import chalk from 'chalk';
import { afterAll, beforeAll } from 'vitest';
import { createClient, type ClientOptions } from '../../src/api/client.js';
import { respondWith, type HostileServer } from './hostile.js';
import { renderApp, type Rendered } from './render.js';

export interface ScreenServer {
  /** Serves `body` (JSON-encoded) from now on and renders a fresh app on its deployments. */
  show(body: unknown, options?: { width?: number; showSecrets?: boolean }): Rendered;
  close(): Promise<void>;
}

export async function screenServer(): Promise<ScreenServer> {
  let text = '[]';
  const server = await respondWith((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(text);
  });
  const client = createClient({ baseUrl: `${server.url}/api/v1`, token: '1|fuzzscreentoken', retries: 0 });
  return {
    show(body, { width = 100, showSecrets = false } = {}) {
      text = JSON.stringify(body);
      return renderApp(
        {
          client,
          connection: { label: 'fuzz', host: '127.0.0.1', demo: false },
          configDir: '',
          appUuid: 'app-fuzz',
          screen: 'browse',
          showSecrets,
          noColor: true,
        },
        { size: { columns: width, rows: 30 } },
      );
    },
    close: () => server.close(),
  };
}

export interface FuzzServers {
  /** Every list request is answered with `body` (JSON-encoded) from now on. */
  answer(body: unknown): void;
  /** Client options for the list server with `token`. */
  client(token: string): ClientOptions;
  /** The screen server (screenServer above). */
  readonly screens: ScreenServer;
}

/**
 * For a fuzz file: colour off, a list server on 127.0.0.1 answering with the body of the current
 * run, and a screen server; colour put back and both closed after the file.
 */
export function setUpFuzzServers(): FuzzServers {
  let level: typeof chalk.level;
  let server: HostileServer | undefined;
  let screens: ScreenServer | undefined;
  let text = '[]';
  beforeAll(async () => {
    level = chalk.level;
    chalk.level = 0;
    server = await respondWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text);
    });
    screens = await screenServer();
  });
  afterAll(async () => {
    chalk.level = level;
    await server?.close();
    await screens?.close();
  });
  return {
    answer: (body) => {
      text = JSON.stringify(body);
    },
    client: (token) => ({ baseUrl: `${server!.url}/api/v1`, token, retries: 0 }),
    get screens() {
      return screens!;
    },
  };
}
