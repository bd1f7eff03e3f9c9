// Faults on 127.0.0.1: what the client and `dms deployments` do when the server misbehaves.
// Each case checks the typed error, the plain words the user sees and the exit code.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type ClientOptions } from '../../src/api/client.js';
import { retryAfterOf } from '../../src/api/http.js';
import { NetworkError, RateLimitedError, InvalidResponseError } from '../../src/api/errors.js';
import { EXIT } from '../../src/commands/exit-codes.js';
import {
  closedPortUrl,
  headersThenStall,
  htmlPage,
  json,
  rateLimitedThen,
  reset,
  sequence,
  serversClosedAfterEach,
  trickle,
  unavailableThen,
  type Handler,
} from '../support/hostile.js';
import { runDeploymentsInProcess } from '../support/headless.js';

const APP = 'app-faults-1';
const PATH = `/api/v1/deployments/applications/${APP}`;
const TOKEN = '3|faultTokenSecret0123456789';
const LIST = [{ id: 7, status: 'finished', git_commit_sha: 'abcdef0123456789', git_branch: 'main' }];
const ok = json(200, LIST);

const serve = serversClosedAfterEach(afterEach);

const options = (baseUrl: string, extra: Partial<ClientOptions> = {}): ClientOptions => ({
  baseUrl: `${baseUrl}/api/v1`,
  token: TOKEN,
  retries: 2,
  retryBaseMs: 20,
  timeoutMs: 2000,
  ...extra,
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: Error) => e,
  );
}

describe('unreachable servers', () => {
  it('connection refused: NetworkError(refused), plain words, exit 1', async () => {
    const url = await closedPortUrl();
    const error = await failure(createClient(options(url)).listDeployments(APP));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('refused');
    const r = await runDeploymentsInProcess([APP], options(url));
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toMatch(/^dms: Cannot reach the server \(connection refused\)\. Check DMS_URL and that the server is up\.\n$/);
    expect(r.stdout).toBe('');
  });

  it('DNS failure: NetworkError(dns), plain words, exit 1', async () => {
    const url = 'http://dms-no-such-host.invalid';
    const error = await failure(createClient(options(url, { retries: 0 })).listDeployments(APP));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('dns');
    const r = await runDeploymentsInProcess([APP], options(url, { retries: 0 }));
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toContain('Cannot find the server (DNS lookup failed).');
  });
});

describe('broken answers', () => {
  it('a body read from bytes: characters split across chunks, a byte-order mark, bytes that are not UTF-8', async () => {
    // Sent a byte at a time: every multi-byte character arrives split.
    const rows = [
      { id: 7, status: 'finished', git_commit_sha: 'abcdef0123456789', git_branch: 'main', commit_message: 'Add 🛒 badge · café 漢字' },
    ];
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(rows))]);
    const byteAtATime: Handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': bytes.length });
      let i = 0;
      const next = () => {
        if (i < bytes.length) res.write(bytes.subarray(i, ++i), next);
        else res.end();
      };
      next();
    };
    const s = await serve(byteAtATime);
    const page = await createClient(options(s.url)).listDeployments(APP);
    expect(page.deployments[0]!.commit_message).toBe('Add 🛒 badge · café 漢字');
    // A byte that cannot start a character reads as U+FFFD, as a text decoder reads it.
    const broken = Buffer.from('[{"id": 8, "status": "finished", "commit_message": "a\xffb"}]', 'latin1');
    const t = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(broken);
    });
    const read = await createClient(options(t.url)).listDeployments(APP);
    expect(read.deployments[0]!.commit_message).toBe('a\ufffdb');
  });

  it('an error body read from bytes: its words in the message, not its byte values', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(422, { 'content-type': 'application/json' });
      res.end(Buffer.from(JSON.stringify({ message: 'Ungültige Anfrage ✗' })));
    });
    const error = await failure(createClient(options(s.url)).listDeployments(APP));
    expect(error.message).toContain('Ungültige Anfrage ✗');
    expect(error.message).not.toMatch(/\d+,\d+,\d+/);
  });

  it('reset mid-body: GET is retried, then NetworkError(reset) in plain words, exit 1', async () => {
    const s = await serve(reset('mid-body'));
    const error = await failure(createClient(options(s.url)).listDeployments(APP));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('reset');
    expect(s.hitsOf('GET', PATH)).toBe(3);
    const r = await runDeploymentsInProcess([APP], options(s.url, { retries: 0 }));
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toContain('The connection to the server was cut off.');
  });

  it('reset mid-body once, then a good answer: the retry gets the page', async () => {
    const s = await serve(sequence(reset('mid-body'), ok));
    const page = await createClient(options(s.url)).listDeployments(APP);
    expect(page.deployments.map((d) => d.id)).toEqual([7]);
    expect(s.hitsOf('GET', PATH)).toBe(2);
  });

  it('headers then stall: times out at the configured timeout with a clear message, exit 1', async () => {
    const s = await serve(headersThenStall());
    const started = Date.now();
    const error = await failure(createClient(options(s.url, { timeoutMs: 400 })).listDeployments(APP));
    const took = Date.now() - started;
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).reason).toBe('timeout');
    expect(error.message).toBe('The server stopped sending (no data for 0.4 s).');
    // The timeout is per stretch without data and a timed-out GET is not retried: one wait of ~400 ms.
    expect(took).toBeGreaterThanOrEqual(380);
    expect(took).toBeLessThan(1500);
    const r = await runDeploymentsInProcess([APP, '--json'], options(s.url, { timeoutMs: 300 }));
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toBe(
      'dms: The server stopped sending (no data for 0.3 s). Try again; --timeout sets how long dms waits without data.\n',
    );
    expect(r.stdout).toBe('');
  });

  it('a slow trickle that ends within the timeout is read whole', async () => {
    const body = JSON.stringify(LIST);
    const s = await serve(trickle(body, { chunkSize: Math.ceil(body.length / 15), intervalMs: 20 }));
    const page = await createClient(options(s.url)).listDeployments(APP);
    expect(page.deployments).toHaveLength(1);
    const r = await runDeploymentsInProcess([APP], options(s.url));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('abcdef0');
  });

  it('a trickle that takes longer than the timeout but never stalls is read whole (the timeout is for no progress)', async () => {
    const s = await serve(trickle(JSON.stringify(LIST), { chunkSize: 2, intervalMs: 50 }));
    const page = await createClient(options(s.url, { timeoutMs: 400, retries: 0 })).listDeployments(APP);
    expect(page.deployments).toHaveLength(1);
  });

  it('a server that starts answering HTML: the error says so, with the start of the page, exit 1', async () => {
    for (const status of [200, 500, 502]) {
      const s = await serve(sequence(ok, htmlPage(status)));
      const client = createClient(options(s.url, { retries: 0 }));
      await client.listDeployments(APP);
      const error = await failure(client.listDeployments(APP));
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect(error.message).toMatch(status >= 500 ? /server error page instead of JSON/ : /an HTML page instead of JSON/);
      expect(error.message).toContain('body starts: <!DOCTYPE html>');
      const r = await runDeploymentsInProcess([APP], options(s.url, { retries: 0 }));
      expect(r.code).toBe(EXIT.failure);
      expect(r.stderr).toMatch(new RegExp(`^dms: Unexpected answer from the server \\(${status}\\)`));
      expect(r.stderr).toContain('it usually ends in /api/v1');
    }
  });
});

describe('429 storms', () => {
  it('honours Retry-After before retrying and then gets the page', async () => {
    const s = await serve(rateLimitedThen(1, ok, 1));
    const started = Date.now();
    const page = await createClient(options(s.url)).listDeployments(APP);
    expect(page.deployments).toHaveLength(1);
    // The second hit came after the second asked for and a little more (offBeat: 20–120 ms).
    expect(Date.now() - started).toBeGreaterThanOrEqual(1015);
    expect(s.hitsOf('GET', PATH)).toBe(2);
  });

  it('backs off (doubling) when no Retry-After is given, then shows the 429 in plain words, exit 6', async () => {
    const times: number[] = [];
    const s = await serve((req, res, raw) => {
      times.push(Date.now());
      json(429, { message: 'Too Many Attempts.' })(req, res, raw);
    });
    const error = await failure(createClient(options(s.url, { retries: 2, retryBaseMs: 100 })).listDeployments(APP));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(90);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(190);
    const r = await runDeploymentsInProcess([APP], options(s.url, { retries: 0 }));
    expect(r.code).toBe(EXIT.rateLimited);
    expect(r.stderr).toBe('dms: Too many requests (429). Wait a minute and try again.\n');
  });

  it('a storm that outlasts the retries: the wait is said, then the error shows the Retry-After, exit 6', async () => {
    const s = await serve(rateLimitedThen(1, ok, 100));
    const r = await runDeploymentsInProcess([APP], options(s.url, { retries: 1 }));
    expect(s.hitsOf('GET', PATH)).toBe(2);
    expect(r.code).toBe(EXIT.rateLimited);
    expect(r.stderr).toBe(
      'dms: waiting 1 s: the server asks to slow down (429)\ndms: Too many requests (429); the server asks to wait 1 s. Try again in 1 s.\n',
    );
  });

  it('a wait the server asks for is told before it starts (why, how long); a backoff after a 503 is not', async () => {
    const s = await serve(
      sequence(json(503, { message: 'Service Unavailable' }), json(429, { message: 'Too Many Attempts.' }, { 'retry-after': '1' }), ok),
    );
    const told: [string, number][] = [];
    const page = await createClient(options(s.url)).listDeployments(APP, {}, { onWait: (why, ms) => told.push([why, ms]) });
    expect(page.deployments).toHaveLength(1);
    expect(told).toEqual([['the server asks to slow down (429)', 1000]]);
  });

  it.each([
    ['3600', '3600', '3,600 s'],
    ['99999999999', '99999999999', '99,999,999,999 s'],
    ['of 401 digits', `1${'0'.repeat(400)}`, '9,007,199,254,740,991 s'],
    ['a date tomorrow', new Date(Date.now() + 86_400_000).toUTCString(), /8[56],\d{3} s/],
  ])(
    'Retry-After %s: not waited for, not retried, no timer overflow; the error says it is longer than dms waits',
    async (_name, header, asked) => {
      const warnings: Error[] = [];
      const onWarning = (w: Error) => warnings.push(w);
      process.on('warning', onWarning);
      try {
        const s = await serve(rateLimitedThen(header, ok, 100));
        const told: number[] = [];
        const error = await failure(createClient(options(s.url)).listDeployments(APP, {}, { onWait: (_why, ms) => told.push(ms) }));
        expect(error).toBeInstanceOf(RateLimitedError);
        expect(error).toMatchObject({ tooLong: true, waitMs: 10_000 });
        expect(error.message).toMatch(/^Too many requests \(429\); the server asks to wait .*, longer than dms waits \(10 s\)\.$/);
        expect(error.message).toMatch(asked);
        expect(told).toEqual([]);
        expect(s.hitsOf('GET', PATH)).toBe(1);
        const r = await runDeploymentsInProcess([APP], options(s.url));
        expect(r.code).toBe(EXIT.rateLimited);
        expect(r.stderr).toMatch(
          /^dms: Too many requests \(429\); the server asks to wait .*, longer than dms waits \(10 s\)\. Try again in .*\.\n$/,
        );
        await new Promise((resolve) => setImmediate(resolve));
        expect(warnings.map((w) => w.name)).not.toContain('TimeoutOverflowWarning');
      } finally {
        process.off('warning', onWarning);
      }
    },
  );

  it('the longest wait given in the options (maxRetryAfterMs) is the one honoured', async () => {
    const s = await serve(rateLimitedThen(2, ok, 100));
    const error = await failure(createClient(options(s.url, { maxRetryAfterMs: 1000 })).listDeployments(APP));
    expect(error).toMatchObject({ tooLong: true, waitMs: 1000 });
    expect(error.message).toBe('Too many requests (429); the server asks to wait 2 s, longer than dms waits (1 s).');
    expect(s.hitsOf('GET', PATH)).toBe(1);
  });

  it('a Retry-After that is neither seconds nor a date: asked again after the usual backoff', async () => {
    const s = await serve(rateLimitedThen('soon', ok, 2));
    const page = await createClient(options(s.url)).listDeployments(APP);
    expect(page.deployments).toHaveLength(1);
    expect(s.hitsOf('GET', PATH)).toBe(3);
  });

  it('Retry-After as seconds or as an HTTP date, read as whole seconds', () => {
    const now = Date.parse('2015-10-21T07:28:00Z');
    expect(retryAfterOf('120', now)).toBe(120);
    expect(retryAfterOf('Wed, 21 Oct 2015 07:28:03 GMT', now)).toBe(3);
    expect(retryAfterOf('Wed, 21 Oct 2015 07:28:02 GMT', now + 500)).toBe(2);
    expect(retryAfterOf('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0);
    expect(retryAfterOf(`1${'0'.repeat(30)}`, now)).toBe(Number.MAX_SAFE_INTEGER);
    for (const nonsense of ['soon', '-5', '1.5', '', undefined, '12abc']) expect(retryAfterOf(nonsense, now)).toBeUndefined();
  });

  it('a Retry-After longer than the client will wait fails at once and says how long', async () => {
    const s = await serve(rateLimitedThen(120, ok, 100));
    const started = Date.now();
    const error = await failure(createClient(options(s.url)).listDeployments(APP));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(120);
    expect(error.message).toContain('wait 120 s');
    expect(s.hitsOf('GET', PATH)).toBe(1);
  });
});

describe('5xx bursts', () => {
  it('a burst shorter than the retries is ridden out', async () => {
    const s = await serve(unavailableThen(ok, 2));
    const page = await createClient(options(s.url)).listDeployments(APP);
    expect(page.deployments).toHaveLength(1);
    expect(s.hitsOf('GET', PATH)).toBe(3);
  });

  it('a longer burst shows the server error in plain words (exit 1); the next call after recovery works', async () => {
    const s = await serve(unavailableThen(ok, 3));
    const r = await runDeploymentsInProcess([APP], options(s.url, { retries: 2 }));
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).toBe('dms: Server error (503): Service Unavailable. The server failed; try again later.\n');
    const again = await runDeploymentsInProcess([APP], options(s.url, { retries: 2 }));
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('abcdef0');
  });

  it('every error line is free of the token', async () => {
    const s = await serve((req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `failed for ${String(req.headers.authorization)}` }));
    });
    const r = await runDeploymentsInProcess([APP], options(s.url, { retries: 0 }));
    expect(r.code).toBe(EXIT.failure);
    expect(r.stderr).not.toContain(TOKEN.split('|')[1]);
    expect(r.stderr).toContain('[token]');
  });
});

describe('no POST is ever sent twice', () => {
  const body = {
    project_uuid: 'p1',
    server_uuid: 's1',
    environment_name: 'production',
    git_repository: 'https://github.com/owner/repo',
    git_branch: 'main',
    build_pack: 'nixpacks',
  } as const;
  const docstore = { project_uuid: 'p1', server_uuid: 's1', environment_name: 'production' } as const;
  const cases: [string, Handler, RegExp][] = [
    ['reset before the answer', reset('before-response'), /cut off/],
    ['reset mid-body', reset('mid-body'), /cut off|Unexpected answer/],
    ['503', unavailableThen(json(201, { uuid: 'u-1' }), 5), /Server error \(503\)/],
    ['429 with Retry-After 0', rateLimitedThen(0, json(201, { uuid: 'u-1' }), 5), /Too many requests/],
    ['headers then stall (timeout)', headersThenStall('{"uu'), /stopped sending .*may have been created/],
    ['HTML 502', htmlPage(502), /server error page/],
    [
      'HTML 201',
      htmlPage(201),
      /^The (application|database) was created \(201\), but the answer could not be read \(an HTML page instead of JSON; /,
    ],
  ];
  for (const [name, handler, message] of cases) {
    it(`${name}: the creation is sent exactly once and the error says what happened`, async () => {
      const s = await serve(handler);
      const client = createClient(options(s.url, { retries: 5, timeoutMs: 400 }));
      const app = await failure(client.createPublicApplication(body));
      expect(app.message).toMatch(message);
      const db = await failure(client.createDocstore(docstore));
      expect(db.message).toMatch(message);
      expect(s.hitsOf('POST', '/api/v1/applications/public')).toBe(1);
      expect(s.hitsOf('POST', '/api/v1/databases/docstore')).toBe(1);
    });
  }
});
