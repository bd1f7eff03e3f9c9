// Faults seen from the TUI: while the server is failing or stalled the deployments screen keeps
// answering keys (? opens help, q quits), says what is wrong in plain words, keeps the last good page
// on screen, and picks up again by itself on the next refresh once the server is back.
import { rmSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import type { TuiOptions } from '../../src/tui/options.js';
import { HTML_PAGE } from '../support/hostile.js';
import { tempDir } from '../support/temp.js';
import { KEY, renderApp, type Rendered } from '../support/render.js';

const APP = 'app-tui-faults';
const SHA = 'feedc0ffee1234567890';
const LIST = [
  { id: 41, status: 'finished', git_commit_sha: SHA, git_branch: 'main', created_at: '2026-08-22T15:22:50.000000Z' },
  { id: 40, status: 'failed', git_commit_sha: 'deadbeef0000', git_branch: 'main', created_at: '2026-08-22T15:20:50.000000Z' },
];

type Mode = 'ok' | '503' | 'reset' | 'html' | 'stall' | '429';
/** A server whose behaviour is switched by the test; it can also stop listening and come back on the same port. */
class Switchable {
  mode: Mode = 'ok';
  hits = 0;
  /** When each request arrived (ms since epoch). */
  readonly times: number[] = [];
  /** Retry-After of the 429 answers, seconds. */
  retryAfter = '1';
  port = 0;
  private server: Server | undefined;
  private sockets = new Set<Socket>();

  async start(port = 0): Promise<void> {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => this.answer(res));
    });
    server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  private answer(res: ServerResponse): void {
    this.hits++;
    this.times.push(Date.now());
    const send = (status: number, body: string, type = 'application/json', headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(body);
    };
    switch (this.mode) {
      case 'ok':
        return send(200, JSON.stringify({ count: 2, deployments: LIST }));
      case '503':
        return send(503, JSON.stringify({ message: 'Service Unavailable' }));
      case 'reset':
        res.socket?.destroy();
        return;
      case 'html':
        return send(200, HTML_PAGE, 'text/html');
      case '429':
        return send(429, JSON.stringify({ message: 'Too Many Attempts.' }), 'application/json', { 'retry-after': this.retryAfter });
      case 'stall':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"count": 2, "deployments": [');
        return;
    }
  }
}

const server = new Switchable();
let configDir: string;
let ui: Rendered | undefined;

beforeAll(async () => {
  await server.start();
  configDir = tempDir('dms-tui-faults-');
});
afterAll(async () => {
  await server.stop();
  // A dms still shutting down may write its recents meanwhile: retry instead of failing on ENOTEMPTY.
  rmSync(configDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});
afterEach(() => {
  ui?.unmount();
  ui = undefined;
  server.mode = 'ok';
});

const waitFor = (test: string | RegExp | ((f: string) => boolean), ms = 4000) => ui!.waitFor(test, ms);
const press = (...keys: string[]) => ui!.press(...keys);

function open(refreshMs: number, timeoutMs = 2000): { exits: number[] } {
  const exits: number[] = [];
  const options: TuiOptions = {
    client: createClient({ baseUrl: `http://127.0.0.1:${server.port}/api/v1`, token: '1|tuiFaultToken', retries: 0, timeoutMs }),
    connection: { label: 'faults', host: `127.0.0.1:${server.port}`, demo: false },
    configDir,
    appUuid: APP,
    screen: 'browse',
    showSecrets: false,
    noColor: true,
  };
  ui = renderApp(options, { onExit: (c) => exits.push(c), refreshMs, size: { columns: 100, rows: 30 } });
  return { exits };
}

/** ?, then Esc, then the screen is back: keys are handled while the request fails or hangs. */
async function helpRoundTrip() {
  await press('?');
  await waitFor('Help — keys');
  await press(KEY.escape);
  await waitFor((f) => !f.includes('Help — keys') && f.includes('feedc0f'));
}

const cases: [Mode, RegExp][] = [
  ['503', /Server error \(503\): Service Unavailable/],
  ['reset', /The connection to the server was cut off\. Retrying every few seconds, or press r\./],
  ['html', /Unexpected answer from the server \(200\): an HTML page instead of JSON/],
];

describe('deployments screen under faults', () => {
  for (const [mode, words] of cases) {
    it(`${mode}: shows the error in plain words, keeps the page, answers keys, recovers on the next refresh`, async () => {
      const { exits } = open(250);
      await waitFor('1–2 of 2');
      server.mode = mode;
      await press('r');
      const failing = await waitFor(words);
      expect(failing).toContain('feedc0f'); // the last good page stays
      expect(failing).toContain('1–2 of 2');
      await helpRoundTrip();
      server.mode = 'ok';
      // Page 1 refreshes itself every 250 ms: the error clears without a key.
      await waitFor((f) => !/^✗ /m.test(f) && f.includes('feedc0f'), 3000);
      await press('q');
      expect(exits).toEqual([0]);
    });
  }

  it('429: says how long the server asks to wait, sends nothing before that, then recovers by itself', async () => {
    const { exits } = open(200);
    await waitFor('1–2 of 2');
    server.mode = '429';
    server.retryAfter = '1';
    await press('r');
    await waitFor(/Too many requests \(429\); the server asks to wait 1 s\. Try again in 1 s\./);
    const hitsAfter429 = server.hits;
    const limitedAt = server.times[hitsAfter429 - 1]!;
    server.mode = 'ok';
    await helpRoundTrip();
    expect(ui!.frame()).toContain('feedc0f');
    await waitFor((f) => !/^✗ /m.test(f) && f.includes('feedc0f'), 3000);
    // Auto-refresh runs every 200 ms, but the next request waited for the server's Retry-After.
    expect(server.hits).toBeGreaterThan(hitsAfter429);
    expect(server.times[hitsAfter429]! - limitedAt).toBeGreaterThanOrEqual(950);
    await press('q');
    expect(exits).toEqual([0]);
  });

  it('stalled answer: keys work while the request hangs; the timeout is reported; recovery follows', async () => {
    const { exits } = open(250, 600);
    await waitFor('1–2 of 2');
    server.mode = 'stall';
    await press('r');
    await waitFor('loading…');
    await helpRoundTrip();
    await waitFor(/The server stopped sending \(no data for 0\.6 s\)\. Retrying/, 3000);
    expect(ui!.frame()).toContain('feedc0f');
    server.mode = 'ok';
    await waitFor((f) => !/^✗ /m.test(f) && f.includes('feedc0f'), 3000);
    await press('q');
    expect(exits).toEqual([0]);
  });

  it('connection refused, then the server comes back on the same port: the screen resumes by itself', async () => {
    open(250);
    await waitFor('1–2 of 2');
    const port = server.port;
    await server.stop();
    await press('r');
    await waitFor(/Server unreachable: connection refused\. Retrying/);
    expect(ui!.frame()).toContain('feedc0f');
    await helpRoundTrip();
    await server.start(port);
    await waitFor((f) => !/^✗ /m.test(f) && f.includes('feedc0f'), 3000);
  });

  it('a server that fails from the very first request: error in plain words, q still quits', async () => {
    server.mode = '503';
    const { exits } = open(60_000);
    await waitFor(/Server error \(503\)/);
    await press('?');
    await waitFor('Help — keys');
    await press('q');
    expect(exits).toEqual([0]);
  });
});
