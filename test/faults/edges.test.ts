// Edges of the transport against hostile servers on 127.0.0.1 (issue 17): answers too big to
// hold (declared, chunked, compressed bombs, endless), timeouts that mean "no progress" (a steady
// trickle is read whole, a silence is named), a creation whose answer was lost, and the TUI's
// first page (records nested deep, pages too big). Every limit is
// injected small, so nothing here waits for a real 15 s timeout or reads hundreds of MB.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import zlib, { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ClientOptions } from '../../src/api/client.js';
import { createLazyClient } from '../../src/api/lazy-client.js';
import { MB } from '../../src/api/limits.js';
import { ResponseTooLargeError, type ApiError, type NetworkError } from '../../src/api/errors.js';
import { EXIT } from '../../src/commands/exit-codes.js';
import { scanHistory } from '../../src/search/scan.js';
import { initialPaging, pagingReducer } from '../../src/tui/browse/paging.js';
import type { TuiOptions } from '../../src/tui/options.js';
import {
  chunkedTrickle,
  closedPortUrl,
  encoded,
  endlessChunked,
  hang,
  headersThenStall,
  heavyRows,
  hugeContentLength,
  json,
  reset,
  serversClosedAfterEach,
  trickle,
  type Handler,
  type Sent,
} from '../support/hostile.js';
import { BIN } from '../support/bin.js';
import { runBin, tempConfigDir } from '../support/run-bin.js';
import { runDeploymentsInProcess } from '../support/headless.js';
import { tempDir } from '../support/temp.js';
import { renderApp, type Rendered } from '../support/render.js';
import { said } from '../support/notices.js';

const APP = 'app-edges-1';
const PATH = `/api/v1/deployments/applications/${APP}`;
const TOKEN = '5|edgesTokenSecret0123456789';
const ROW = { id: 7, status: 'finished', git_commit_sha: 'abcdef0123456789', git_branch: 'main' };

const serve = serversClosedAfterEach(afterEach);
let ui: Rendered | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

/** A client with a 1 MB limit, 300 ms without progress, no retries unless asked. */
const options = (url: string, extra: Partial<ClientOptions> = {}): ClientOptions => ({
  baseUrl: `${url}/api/v1`,
  token: TOKEN,
  retries: 0,
  retryBaseMs: 20,
  timeoutMs: 300,
  maxResponseBytes: MB,
  ...extra,
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: ApiError) => e,
  );
}

/** `dms deployments APP` in-process: one line on stderr, no stack, exit code. */
async function deployments(url: string, extra: Partial<ClientOptions> = {}, argv: string[] = []) {
  return runDeploymentsInProcess([APP, ...argv], options(url, extra));
}

const LIST_HINT = 'Use a smaller --take; --all reads the history page by page. --max-response-mb raises the limit (at most 536).';

/**
 * Runs the built binary and reports its peak resident memory (KiB), read by the process itself
 * as it exits (Linux: VmHWM of /proc/self/status; getrusage would count the test runner it was
 * forked from). NaN where there is no /proc.
 */
function runMeasured(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string; maxRssKiB: number }> {
  const report = `data:text/javascript,${encodeURIComponent(
    'import{readFileSync}from"node:fs";process.on("exit",()=>{let k="";try{k=/VmHWM:\\s*(\\d+)/.exec(readFileSync("/proc/self/status","utf8"))[1]}catch{}process.stderr.write("\\nmaxrss="+k+"\\n")})',
  )}`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', report, BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DMS_CONFIG_DIR: tempConfigDir(), ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      stderr += d;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`dms ${args.join(' ')} took too long\n${stderr}`));
    }, 15_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      const m = /\nmaxrss=(\d*)\n/.exec(stderr);
      resolve({ code, stderr: stderr.replace(/\nmaxrss=\d*\n/, ''), maxRssKiB: m?.[1] ? Number(m[1]) : NaN });
    });
  });
}

/** Peak memory under `mib` MiB (where /proc tells it). */
function expectPeakUnder(r: { maxRssKiB: number }, mib: number): void {
  if (existsSync('/proc/self/status')) expect(r.maxRssKiB).toBeLessThan(mib * 1024);
}

// Bombs, made once: 256 MB of spaces in a JSON string as ~50 KB of brotli; 840 MB of `{},` (280
// million empty objects) as ~0.8 MB of gzip — members of 12 MB each, concatenated (gzip allows it).
let brotliBomb: Buffer;
let gzipBomb: Buffer;
beforeAll(() => {
  const spaces = Buffer.alloc(256 * MB, 0x20);
  spaces.write('["', 0);
  spaces.write('"]', spaces.length - 2);
  brotliBomb = brotliCompressSync(spaces, { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 24 } });
  const member = gzipSync('{},'.repeat(4_000_000), { level: 9 });
  gzipBomb = Buffer.concat([gzipSync('['), ...Array.from({ length: 70 }, () => member), gzipSync('{}]')]);
});

describe('answers larger than dms holds', () => {
  it('a declared Content-Length of 3 GB is refused up front, says how big it was and what to do, and is not retried', async () => {
    const sent: Sent = { bytes: 0 };
    const s = await serve(hugeContentLength(3_000_000_000, sent));
    const started = Date.now();
    const error = (await failure(createClient(options(s.url, { retries: 2 })).listDeployments(APP))) as ResponseTooLargeError;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error.kind).toBe('too_large');
    expect(error.size).toBe(3_000_000_000);
    expect(error.message).toBe('The answer is too big: 3.0 GB, and dms reads at most 1 MB.');
    expect(s.hitsOf('GET', PATH)).toBe(1);
    // Only what the sockets buffered was written before dms hung up.
    expect(sent.bytes).toBeLessThan(64 * MB);
    const r = await deployments(s.url);
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toBe(`dms: The answer is too big: 3.0 GB, and dms reads at most 1 MB. ${LIST_HINT}\n`);
    expect(r.stdout).toBe('');
  });

  it('a chunked body (no Content-Length) over the limit stops as soon as the bytes read pass it', async () => {
    const body = JSON.stringify(Array.from({ length: 15_000 }, (_, i) => ({ ...ROW, id: i, description: 'y'.repeat(80) })));
    expect(body.length).toBeGreaterThan(2 * MB);
    expect(body.length).toBeLessThan(4 * MB);
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    const error = (await failure(createClient(options(s.url)).listDeployments(APP))) as ResponseTooLargeError;
    expect(error.kind).toBe('too_large');
    expect(error.size).toBeUndefined();
    expect(error.message).toBe('The answer is too big: more than 1 MB, the most dms reads (it stopped there).');
    // Raised, the same page is read.
    const page = await createClient(options(s.url, { maxResponseBytes: 4 * MB })).listDeployments(APP);
    expect(page.deployments).toHaveLength(15_000);
  });

  it('a brotli bomb (~50 KB expanding to 256 MB) stops at the limit, counted after decompression', async () => {
    expect(brotliBomb.length).toBeLessThan(100_000);
    const s = await serve(encoded('br', brotliBomb));
    const started = Date.now();
    const error = await failure(createClient(options(s.url)).listDeployments(APP));
    expect(error.kind).toBe('too_large');
    expect(error.message).toContain('more than 1 MB');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  // What the demo service answers dms with where Node has zstd (src/demo/compress.ts): its bomb is refused the same way.
  it.runIf(typeof zlib.zstdCompressSync === 'function')('a zstd bomb (~2 KB expanding to 64 MB) stops at the limit', async () => {
    const spaces = Buffer.alloc(64 * MB, 0x20);
    spaces.write('["', 0);
    spaces.write('"]', spaces.length - 2);
    const bomb = zlib.zstdCompressSync(spaces);
    expect(bomb.length).toBeLessThan(100_000);
    const s = await serve(encoded('zstd', bomb));
    const started = Date.now();
    const error = await failure(createClient(options(s.url)).listDeployments(APP));
    expect(error.kind).toBe('too_large');
    expect(error.message).toBe('The answer is too big: more than 1 MB, the most dms reads (it stopped there).');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a gzip bomb of tiny objects (~0.8 MB expanding to 840 MB of {}) stops at the limit', async () => {
    expect(gzipBomb.length).toBeLessThan(1.5 * MB);
    const s = await serve(encoded('gzip', gzipBomb));
    const started = Date.now();
    const r = await deployments(s.url);
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toBe(`dms: The answer is too big: more than 1 MB, the most dms reads (it stopped there). ${LIST_HINT}\n`);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('an endless chunked body stops at the limit: the server gets to write little more than that', async () => {
    const sent: Sent = { bytes: 0 };
    const s = await serve(endlessChunked(sent));
    const error = await failure(createClient(options(s.url, { maxResponseBytes: 2 * MB })).listDeployments(APP));
    expect(error.kind).toBe('too_large');
    expect(error.message).toContain('more than 2 MB');
    await new Promise((r) => setTimeout(r, 50));
    expect(sent.bytes).toBeLessThan(64 * MB);
  });

  it('the built binary stays small in memory: 3 GB declared (default limit) and bombs (--max-response-mb 8)', async () => {
    const env = (url: string) => ({ DMS_URL: `${url}/api/v1`, DMS_TOKEN: TOKEN });
    const big = await serve(hugeContentLength());
    const declared = await runMeasured(['deployments', APP], env(big.url));
    expect(declared.stderr).toBe(`dms: The answer is too big: 3.0 GB, and dms reads at most 256 MB. ${LIST_HINT}\n`);
    expect(declared.code).toBe(EXIT.failure);
    expectPeakUnder(declared, 150);
    for (const handler of [encoded('br', brotliBomb), encoded('gzip', gzipBomb), endlessChunked()]) {
      const s = await serve(handler);
      const r = await runMeasured(['deployments', APP, '--max-response-mb', '8'], env(s.url));
      expect(r.stderr).toBe(`dms: The answer is too big: more than 8 MB, the most dms reads (it stopped there). ${LIST_HINT}\n`);
      expect(r.code).toBe(EXIT.failure);
      // ~60 MB of Node and dms, plus at most the limit held, with room to spare: far from the 256+ MB of the bomb.
      expectPeakUnder(r, 120);
    }
  });

  it('--max-response-mb / DMS_MAX_RESPONSE_MB: raise or lower the limit; beyond what a string holds is a usage error', async () => {
    const body = JSON.stringify(Array.from({ length: 15_000 }, (_, i) => ({ ...ROW, id: i, description: 'y'.repeat(80) })));
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    const env = { DMS_URL: `${s.url}/api/v1`, DMS_TOKEN: TOKEN };
    const low = await runBin(['deployments', APP], { env: { ...env, DMS_MAX_RESPONSE_MB: '1' } });
    expect(low.code).toBe(EXIT.failure);
    expect(low.stderr).toMatch(/^dms: The answer is too big: more than 1 MB/);
    const raised = await runBin(['deployments', APP, '--max-response-mb', '4', '-o', 'ndjson'], {
      env: { ...env, DMS_MAX_RESPONSE_MB: '1' },
    });
    expect(raised.code).toBe(0);
    expect(raised.stdout.trim().split('\n')).toHaveLength(15_000);
    const tooHigh = await runBin(['deployments', APP, '--max-response-mb', '600'], { env });
    expect(tooHigh.code).toBe(EXIT.usage);
    expect(tooHigh.stderr).toBe(
      "dms: --max-response-mb must be a whole number of MB from 1 to 536 (the most one JavaScript string holds), not '600'.\n",
    );
    const zero = await runBin(['deployments', APP], { env: { ...env, DMS_MAX_RESPONSE_MB: '0' } });
    expect(zero.code).toBe(EXIT.usage);
    expect(zero.stderr).toMatch(/^dms: DMS_MAX_RESPONSE_MB must be a whole number of MB from 1 to 536/);
    const pasted = await runBin(['deployments', APP, '--max-response-mb', TOKEN], { env });
    expect(pasted.code).toBe(EXIT.usage);
    expect(pasted.stderr).not.toContain('edgesTokenSecret');
    expect(s.total()).toBe(2); // the two reads above; usage errors send nothing
  });

  it('--all reads heavy rows page by page: an answer over the limit is asked again with fewer rows', async () => {
    const heavy = heavyRows(150_000, 40);
    const s = await serve(heavy.handler);
    const r = await deployments(s.url, { timeoutMs: 5000 }, ['--all', '-o', 'ndjson']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: number }).id),
    ).toEqual(Array.from({ length: 40 }, (_, i) => 40 - i));
    // 100 rows (15 MB) refused; halved until an answer fits (6 rows: 0.9 MB), never more than that again.
    expect(heavy.takes.slice(0, 2)).toEqual([100, 101]);
    const fits = heavy.takes.indexOf(6);
    expect(heavy.takes.slice(2, fits)).toEqual([50, 51, 25, 26, 12, 13]);
    expect(Math.max(...heavy.takes.slice(fits))).toBeLessThanOrEqual(7); // 6 and the row of overlap
  });

  it('the scan gives up only when one row alone is over the limit', async () => {
    const asked: number[] = [];
    const tooBig = (_skip: number, take: number) => {
      asked.push(take);
      return Promise.reject(new ResponseTooLargeError({ limit: MB }));
    };
    const error = await (async () => {
      for await (const chunk of scanHistory(tooBig, { take: 8 })) void chunk;
    })().catch((e: unknown) => e);
    expect((error as Error).name).toBe('ScanStopped');
    // Two requests in flight (the second with a row of overlap), halved each time down to one row.
    expect(asked).toEqual([8, 9, 4, 5, 2, 3, 1, 2]);
  });
});

describe('timeouts mean "no progress"', () => {
  it('headers, then silence: "the server stopped sending (no data for 0.3 s)", exit 1', async () => {
    const s = await serve(headersThenStall());
    const started = Date.now();
    const error = (await failure(createClient(options(s.url)).listDeployments(APP))) as NetworkError;
    const took = Date.now() - started;
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('The server stopped sending (no data for 0.3 s).');
    expect(took).toBeGreaterThanOrEqual(280);
    expect(took).toBeLessThan(1500);
    const r = await deployments(s.url);
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toBe(
      'dms: The server stopped sending (no data for 0.3 s). Try again; --timeout sets how long dms waits without data.\n',
    );
  });

  it('data for longer than the timeout, then silence: the idle timer counts from the last chunk', async () => {
    const s = await serve(chunkedTrickle(JSON.stringify([ROW]).repeat(100), { chunkSize: 20, intervalMs: 50, stallAfter: 20 }));
    const started = Date.now();
    const error = await failure(createClient(options(s.url)).listDeployments(APP));
    const took = Date.now() - started;
    expect(error.message).toBe('The server stopped sending (no data for 0.3 s).');
    expect(took).toBeGreaterThanOrEqual(950 + 280);
    expect(took).toBeLessThan(3000);
  });

  it('silence before the headers: "did not answer in time (no answer within 0.3 s)"', async () => {
    const s = await serve(hang());
    const error = (await failure(createClient(options(s.url, { retries: 2 })).listDeployments(APP))) as NetworkError;
    expect(error.reason).toBe('timeout');
    expect(error.message).toBe('The server did not answer in time (no answer within 0.3 s).');
    expect(s.total()).toBe(1); // a timed-out GET is not retried
  });

  it('a steady trickle that outlasts the timeout is never cut (1.5 s of data, 0.3 s without progress allowed)', async () => {
    const body = JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ ...ROW, id: i })));
    const s = await serve(trickle(body, { chunkSize: Math.ceil(body.length / 30), intervalMs: 50 }));
    const started = Date.now();
    const page = await createClient(options(s.url)).listDeployments(APP);
    expect(Date.now() - started).toBeGreaterThan(1400);
    expect(page.deployments).toHaveLength(300);
  });

  // 2 s of data, not 4 as before: the test took over a third of its time on a busy machine.
  it('the built binary reads a 6 MB page arriving steadily over 2 s with --timeout 1.5', async () => {
    const body = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ ...ROW, id: i, description: 'z'.repeat(250) })));
    expect(body.length).toBeGreaterThan(6 * MB);
    const s = await serve(chunkedTrickle(body, { chunkSize: Math.ceil(body.length / 40), intervalMs: 50 }));
    const started = Date.now();
    const r = await runBin(['deployments', APP, '--timeout', '1.5', '-o', 'ndjson'], {
      env: { DMS_URL: `${s.url}/api/v1`, DMS_TOKEN: TOKEN },
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(Date.now() - started).toBeGreaterThan(1900);
    expect(r.stdout.trim().split('\n')).toHaveLength(20_000);
  }, 15_000);

  it('an abort (Ctrl+C) still cancels at once, in a download that has gone on past the timeout', async () => {
    const body = JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ ...ROW, id: i })));
    const s = await serve(trickle(body, { chunkSize: Math.ceil(body.length / 30), intervalMs: 50 }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 800);
    const started = Date.now();
    const error = await failure(createClient(options(s.url)).listDeployments(APP, {}, { signal: controller.signal }));
    expect(error.kind).toBe('cancelled');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(780);
    expect(took).toBeLessThan(1100);
  });
});

describe('a creation whose answer was lost', () => {
  const app = {
    project_uuid: 'p1',
    server_uuid: 's1',
    environment_name: 'production',
    git_repository: 'https://github.com/owner/repo',
    git_branch: 'main',
    build_pack: 'nixpacks',
  } as const;
  const docstore = { project_uuid: 'p1', server_uuid: 's1', environment_name: 'production' } as const;
  const cases: [string, Handler, RegExp][] = [
    [
      'headers then silence',
      headersThenStall('{"uu'),
      /^The server stopped sending \(no data for 0\.3 s\), after the request reached the server: /,
    ],
    [
      'silence before the headers',
      hang(),
      /^The server did not answer in time \(no answer within 0\.3 s\), after the request reached the server: /,
    ],
    [
      'a reset after it was sent',
      reset('before-response'),
      /^The connection to the server was cut off, after the request reached the server: /,
    ],
  ];
  for (const [name, handler, start] of cases) {
    it(`${name}: says the resource may have been created and how to check; sent once`, async () => {
      const s = await serve(handler);
      const client = createClient(options(s.url, { retries: 5 }));
      const a = (await failure(client.createPublicApplication(app))) as NetworkError;
      expect(a.message).toMatch(start);
      expect(a.message).toMatch(/the application may have been created\.$/);
      expect(a.hint).toBe(
        "Look for it in the service's web page before sending the request again; a second request would make a second application.",
      );
      expect(a.mayHaveCreated).toBe(true);
      expect(a.kind).toBe('network');
      const d = (await failure(client.createDocstore(docstore))) as NetworkError;
      expect(d.message).toMatch(/the database may have been created\.$/);
      await new Promise((r) => setTimeout(r, 50));
      expect(s.hitsOf('POST', '/api/v1/applications/public')).toBe(1);
      expect(s.hitsOf('POST', '/api/v1/databases/docstore')).toBe(1);
    });
  }

  it('the built binary: one line, no "try again", exit 10, one POST; a refused connection (nothing sent) stays plain', async () => {
    const s = await serve(headersThenStall('{"uu'));
    const file = join(tempConfigDir(), 'app.json');
    writeFileSync(file, JSON.stringify(app));
    const r = await runBin(['create', 'app', '--file', file, '--timeout', '0.5'], {
      env: { DMS_URL: `${s.url}/api/v1`, DMS_TOKEN: TOKEN },
    });
    expect(r.code).toBe(EXIT.unconfirmed);
    expect(r.stderr).toBe(
      "dms: The server stopped sending (no data for 0.5 s), after the request reached the server: the application may have been created. Look for it in the service's web page before sending the request again; a second request would make a second application.\n",
    );
    expect(r.stderr).not.toMatch(/try again/i);
    expect(s.hitsOf('POST', '/api/v1/applications/public')).toBe(1);
    const refused = (await failure(createClient(options(await closedPortUrl())).createPublicApplication(app))) as NetworkError;
    expect(refused.message).toBe('Cannot reach the server (connection refused).');
    expect(refused.mayHaveCreated).toBe(false);
  });
});

describe("the TUI's first page never waits forever", () => {
  /** A record holding `depth` nested arrays: ~10 KB of JSON that no structured clone can carry. */
  const deep = (depth: number) =>
    `{"count":1,"deployments":[${JSON.stringify(ROW).slice(0, -1)},"nested":${'['.repeat(depth)}${']'.repeat(depth)}}]}`;

  it('a page of records nested 5,000 arrays deep is read like any other', async () => {
    const s = await serve(json(200, deep(5000)));
    const lazy = createLazyClient(options(s.url));
    const page = await lazy.listDeployments(APP, { skip: 0, take: 10 });
    expect(page.deployments.map((d) => d.id)).toEqual([7]);
    expect(s.hitsOf('GET', PATH)).toBe(1);
  }, 10_000);

  const tui = (client: TuiOptions['client'], url: string): TuiOptions => ({
    client,
    connection: { label: 'edges', host: new URL(url).host, demo: false },
    configDir: tempDir('dms-edges-tui-'),
    appUuid: APP,
    screen: 'browse',
    showSecrets: false,
    noColor: true,
  });

  it('the screen shows a page whose record is nested 5,000 arrays deep', async () => {
    const s = await serve(json(200, deep(5000)));
    const client = createLazyClient(options(s.url));
    ui = renderApp(tui(client, s.url), { size: { columns: 100, rows: 30 } });
    const frame = await ui.waitFor('1–1 of 1', 8000);
    expect(frame).toContain('abcdef0');
  }, 15_000);

  it('a page too big for the limit: the screen asks for fewer rows (halving) and says so', async () => {
    const heavy = heavyRows(300_000, 40);
    const s = await serve(heavy.handler);
    ui = renderApp(tui(createClient(options(s.url, { timeoutMs: 5000 })), s.url), { size: { columns: 120, rows: 30 } });
    const frame = await ui.waitFor('1–2 of 40', 8000);
    // 10 rows: 3 MB, 5 rows: 1.5 MB (declared), 2 rows: 0.6 MB.
    expect(frame).toContain('A page of 5 deployments was too big (1.5 MB): pages now hold 2.');
    expect(heavy.takes).toEqual([10, 5, 2]);
  }, 15_000);

  it('halving stops at one row: then the error shows, and the page size can grow again later', () => {
    let state = initialPaging();
    const error = { kind: 'too_large', message: 'One deployment is too big.' };
    const tooLarge = () => pagingReducer(state, { type: 'tooLarge', seq: state.want.seq, size: 'more than 1 MB', error });
    expect(
      [10, 5, 2].map((take) => {
        expect(state.want.take).toBe(take);
        state = tooLarge();
        return state.want.take;
      }),
    ).toEqual([5, 2, 1]);
    expect(said(state.notice)).toBe('A page of 2 deployments was too big (more than 1 MB): pages now hold 1.');
    expect(state.loading).toBe(true);
    state = tooLarge();
    expect(state.error).toEqual(error);
    expect(state.loading).toBe(false);
    expect(pagingReducer(state, { type: 'takeLess' }).want.take).toBe(1);
    expect(pagingReducer(state, { type: 'takeMore' }).want.take).toBe(5);
  });
});
