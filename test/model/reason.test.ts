// The reason of a failure (src/model/reason.ts): the line of a failed or cancelled row's log that
// explains the end, for each form a log ends in (service-behaviour.md, "How a failed deployment's
// log ends"), why a row has none, and where the line stands in the log view's numbering.
import { describe, expect, it } from 'vitest';
import { readDeployment, type Deployment } from '../../src/api/schemas/deployment.js';
import { logLines, maskerFor, readLog } from '../../src/model/log.js';
import { readLogTail } from '../../src/model/log-tail.js';
import { REASON_MAX, noReasonText, reasonLine, reasonOf, reasonOfEntries, reasonText, type Reason } from '../../src/model/reason.js';
import { readsAsError as looksLikeError } from '../../src/model/error-line.js';
import { list } from '../demo/helpers.js';
import { setUpDemoService } from '../support/demo.js';

type Entry = Record<string, unknown>;
const SEPARATOR = '========================================';
const TRAILER = 'Deployment failed. Removing the new version of your application.';

let order = 0;
const out = (output: string, extra: Entry = {}): Entry => ({
  command: null,
  output,
  type: 'stdout',
  hidden: false,
  batch: 1,
  order: ++order,
  ...extra,
});
const err = (output: string, extra: Entry = {}): Entry => out(output, { type: 'stderr', ...extra });
const debug = (output: string): Entry => err(output, { hidden: true });

const record = (entries: Entry[] | undefined, status = 'failed', extra: Entry = {}): Deployment =>
  readDeployment({ id: 7, status, ...(entries === undefined ? {} : { logs: JSON.stringify(entries) }), ...extra });

/** The service's epilogue around `message`. */
const epilogue = (message: string, { keptOld = false } = {}): Entry[] => [
  err(SEPARATOR, { batch: 9 }),
  err(`Deployment failed: ${message}`, { batch: 9 }),
  debug('Error type: RuntimeException'),
  debug('Error code: 0'),
  debug('Location: /var/www/html/app/Traits/RunsRemoteCommands.php:243'),
  debug('Stack trace (first 5 lines):'),
  debug('#0 /var/www/html/app/Jobs/DeploymentJob.php(2114): error: something in the trace'),
  err(SEPARATOR, { batch: 9 }),
  ...(keptOld ? [] : [err(TRAILER, { batch: 9 })]),
];

const BUILD = [
  out('Starting deployment of acme/shop:main to edge-fra-1.', { batch: 1 }),
  out('', { command: 'docker build -t shop .', batch: 2 }),
  out('#5 12.1 compiling src/app.tsx', { batch: 2 }),
  err('#5 13.0 npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported', { batch: 2 }),
];

/** The reason's text, or the why. */
const said = (r: Reason) => (r.kind === 'reason' ? r.text : `(none: ${r.why})`);

/** The line the reason points at, as the log view numbers lines: its text. */
function pointed(rec: Deployment, r: Reason): string | undefined {
  if (r.kind !== 'reason') return undefined;
  const read = readLog(rec);
  if (read.kind !== 'entries') return undefined;
  const lines = logLines(read.entries, maskerFor(rec));
  const i = reasonLine(lines, read.entries.length, r.at);
  return i === -1 ? undefined : lines[i]!.text;
}

describe("with the service's epilogue", () => {
  it("the spec's epilogue with a multi-line message: the `Error:` part, not the separators, debug entries or the closing line", () => {
    const rec = record([
      ...BUILD,
      err('#5 ERROR: process "/bin/sh -c npm run build" did not complete successfully: exit code: 1', { batch: 2 }),
      ...epilogue(
        'Command execution failed (exit code 1): docker build -t shop .\nError: Missing required environment variable STRIPE_SECRET_KEY\n    at requireEnv (/app/src/lib/env.ts:9:11)',
      ),
    ]);
    const r = reasonOf(rec);
    expect(r).toMatchObject({ kind: 'reason', text: 'Missing required environment variable STRIPE_SECRET_KEY', source: 'message' });
    expect(pointed(rec, r)).toBe('Error: Missing required environment variable STRIPE_SECRET_KEY');
  });

  it('an `Error:` line with nothing after it: the first line of the error output under it', () => {
    const rec = record([
      ...BUILD,
      ...epilogue(
        "Command execution failed (exit code 128): git ls-remote https://code.example.com/acme/shop.git\nError:\n\nfatal: repository 'https://code.example.com/acme/shop.git/' not found",
      ),
    ]);
    const r = reasonOf(rec);
    expect(said(r)).toBe("fatal: repository 'https://code.example.com/acme/shop.git/' not found");
    expect(pointed(rec, r)).toBe(said(r));
  });

  it('a message that says the cause itself (a failed health check, the old version kept): the message, without "Deployment failed:"', () => {
    const rec = record([
      ...BUILD,
      err('Attempt 3 of 3 | Healthcheck status: "unhealthy"', { batch: 3 }),
      err('New container is not healthy, rolling back to the old container.', { batch: 3 }),
      ...epilogue(
        'Health check failed: the new container did not become healthy after 3 attempts (GET http://localhost:3000/api/health).',
        { keptOld: true },
      ),
    ]);
    const r = reasonOf(rec);
    expect(r).toMatchObject({
      text: 'Health check failed: the new container did not become healthy after 3 attempts (GET http://localhost:3000/api/health).',
      source: 'message',
    });
    expect(pointed(rec, r)).toBe(`Deployment failed: ${said(r)}`);
  });

  it('a message that only names the failed command (exit 137): the stderr just before the epilogue, its last error line', () => {
    const rec = record([
      ...BUILD,
      err('#5 48.7 FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n#5 49.1 Killed', { batch: 2 }),
      err('#5 ERROR: process "/bin/sh -c npm run build" did not complete successfully: exit code: 137', { batch: 2 }),
      ...epilogue('Command execution failed (exit code 137): docker build -t shop .'),
    ]);
    const r = reasonOf(rec);
    expect(r).toMatchObject({
      text: '#5 ERROR: process "/bin/sh -c npm run build" did not complete successfully: exit code: 137',
      source: 'stderr',
    });
    expect(pointed(rec, r)).toBe(said(r));
  });

  it('a message that only names the command, and no stderr error before it: the message', () => {
    const rec = record([...BUILD.slice(0, 3), ...epilogue('Command execution failed (exit code 2): ./deploy.sh')]);
    expect(said(reasonOf(rec))).toBe('Command execution failed (exit code 2): ./deploy.sh');
  });

  it('the stderr before the epilogue stops at stdout: an older error up the log is not taken for it', () => {
    const rec = record([
      err('ERROR: an old problem that was retried', { batch: 1 }),
      out('retry went fine', { batch: 1 }),
      err('Killed', { batch: 1 }),
      ...epilogue('Command execution failed (exit code 137): npm run build'),
    ]);
    expect(said(reasonOf(rec))).toBe('Killed');
    const none = record([
      err('ERROR: an old problem that was retried', { batch: 1 }),
      out('retry went fine', { batch: 1 }),
      ...epilogue('Command execution failed (exit code 137): npm run build'),
    ]);
    expect(said(reasonOf(none))).toBe('Command execution failed (exit code 137): npm run build');
  });

  it('a deployment that failed before any command ran: only the epilogue', () => {
    expect(said(reasonOf(record(epilogue('No server is available to build on.'))))).toBe('No server is available to build on.');
    expect(said(reasonOf(record([err('Deployment failed: Server edge-fra-1 is not reachable.')])))).toBe(
      'Server edge-fra-1 is not reachable.',
    );
  });

  it('a message with colours and escape sequences: one clean line', () => {
    const rec = record(
      epilogue(
        'Command execution failed (exit code 1): x\nError: \u001b[1;31mERROR\u001b[0m: failed\u001b]0;title\u0007 to solve\u001b[2J',
      ),
    );
    expect(said(reasonOf(rec))).toBe('ERROR: failed to solve');
  });
});

describe('without the epilogue (older servers, cancelled runs)', () => {
  it("a failed log: the last error line of the last command's output, before a later line of the deployer", () => {
    const rec = record([
      ...BUILD,
      err('#5 ERROR: failed to solve: process "/bin/sh -c npm run build" did not complete successfully: exit code: 1', { batch: 2 }),
      err('exit code: 1', { batch: 3 }),
      err(TRAILER, { batch: 3 }),
    ]);
    const r = reasonOf(rec);
    expect(r).toMatchObject({
      text: '#5 ERROR: failed to solve: process "/bin/sh -c npm run build" did not complete successfully: exit code: 1',
      source: 'error line',
    });
    expect(pointed(rec, r)).toBe(said(r));
  });

  it('the last command went fine: the last error line after it (a failed health check)', () => {
    const rec = record([
      ...BUILD,
      out('', { command: 'docker compose up -d', batch: 3 }),
      err(' Container shop-1  Started', { batch: 3 }),
      err('Attempt 10 of 10 | Healthcheck status: "unhealthy"', { batch: 4 }),
      err('Healthcheck logs: curl: (7) Failed to connect | Return code: 7', { batch: 4, hidden: true }),
      err(TRAILER, { batch: 4 }),
    ]);
    expect(said(reasonOf(rec))).toBe('Attempt 10 of 10 | Healthcheck status: "unhealthy"');
  });

  it('debug (hidden) lines are never the reason, even when they read as errors', () => {
    const rec = record([...BUILD, err('Error: the real one', { batch: 2 }), debug('ERROR: a debug line after it')]);
    expect(said(reasonOf(rec))).toBe('Error: the real one');
  });

  it('a cancelled log that says so at its end: that line', () => {
    const rec = record([...BUILD, err('\u001b[33mDeployment cancelled by user.\u001b[39m', { batch: 3 })], 'cancelled-by-user');
    const r = reasonOf(rec);
    expect(r).toMatchObject({ text: 'Deployment cancelled by user.', source: 'cancellation', at: { fromEnd: 0, line: 0 } });
  });

  it('a cancelled log that ends mid-step: its last error line, or no cause', () => {
    const withError = record(
      [
        ...BUILD,
        err('npm error: ETIMEDOUT fetching https://registry.npmjs.org/react', { batch: 2 }),
        out('#5 14.2 compiling src/b.tsx', { batch: 2 }),
      ],
      'cancelled-by-user',
    );
    expect(said(reasonOf(withError))).toBe('npm error: ETIMEDOUT fetching https://registry.npmjs.org/react');
    expect(reasonOf(record(BUILD, 'cancelled-by-user'))).toEqual({ kind: 'none', why: 'no cause' });
  });

  it('"exit code 0" is not an error; separators and the closing line are never the reason', () => {
    expect(reasonOf(record([out('exit code: 0'), err(SEPARATOR), err(TRAILER)]))).toEqual({ kind: 'none', why: 'no cause' });
  });
});

describe('rows without a reason say why', () => {
  it('not failed, no logs key (the token), empty, unreadable', () => {
    expect(reasonOf(record([err('ERROR: x')], 'finished'))).toEqual({ kind: 'none', why: 'not ended badly' });
    expect(reasonOf(record([err('ERROR: x')], 'in_progress'))).toEqual({ kind: 'none', why: 'not ended badly' });
    expect(reasonOf(record(undefined))).toEqual({ kind: 'none', why: 'no logs' });
    expect(reasonOf(record([]))).toEqual({ kind: 'none', why: 'empty' });
    expect(reasonOf(readDeployment({ id: 1, status: 'failed', logs: null }))).toEqual({ kind: 'none', why: 'empty' });
    expect(reasonOf(readDeployment({ id: 1, status: 'failed', logs: '{"not":"a list"' }))).toMatchObject({
      kind: 'none',
      why: 'unreadable',
    });
    expect(reasonOf(readDeployment({ id: 1, status: 'failed', logs: '[{}, {"x": 1}]' }))).toMatchObject({
      kind: 'none',
      why: 'unreadable',
      detail: 'none of its 2 elements is a log entry',
    });
    expect(noReasonText('no logs')).toMatch(/no logs.*sensitive data/);
    expect(reasonText(record(undefined))).toBe('');
  });
});

describe('what the line may hold', () => {
  it("the record's secrets, URL passwords and the token are masked, as the log view masks them", () => {
    const rec = record(
      epilogue(
        'Command execution failed (exit code 1): x\nError: login failed for postgres://app:s3cretPass@db/app with whsec_5f1b9c0e7a2d4e6f8b3c and 7|tokenSecret123',
      ),
      'failed',
      {
        manual_webhook_secret_provider_a: 'whsec_5f1b9c0e7a2d4e6f8b3c',
      },
    );
    const text = said(reasonOf(rec, { redact: (s) => s.replaceAll('7|tokenSecret123', '[token]') }));
    expect(text).toBe('login failed for postgres://app:••••@db/app with •••• and [token]');
  });

  it('a huge line is cut to REASON_MAX with an ellipsis, never splitting a character', () => {
    const long = `Error: ${'部'.repeat(REASON_MAX * 2)}`;
    const text = said(reasonOf(record(epilogue(`Command execution failed (exit code 1): x\n${long}`))));
    expect(text.length).toBeLessThanOrEqual(REASON_MAX);
    expect(text.endsWith('…')).toBe(true);
  });

  it('entries already decoded give the same reason (the log view has them)', () => {
    const rec = record([...BUILD, ...epilogue('Command execution failed (exit code 1): x\nError: boom')]);
    const read = readLog(rec);
    if (read.kind !== 'entries') throw new Error('unreadable');
    expect(reasonOfEntries(read.entries, maskerFor(rec))).toEqual(reasonOf(rec));
  });
});

describe('the log is read from its end', () => {
  it('only the end is decoded: a log whose start is not JSON still gives the reason at its end', () => {
    const tail = JSON.stringify([...BUILD, ...epilogue('Command execution failed (exit code 1): x\nError: from the end')]).slice(1);
    const rec = readDeployment({ id: 1, status: 'failed', logs: `[{"output": broken json here ${'x'.repeat(1000)}},${tail}` });
    expect(readLog(rec).kind).toBe('unreadable');
    expect(said(reasonOf(rec))).toBe('from the end');
  });

  it('a list that is not JSON where the walk ends (a comma after `[`) is unreadable, as readLog says', () => {
    const rec = readDeployment({ id: 1, status: 'failed', logs: '[,{"output":"ERROR: x","type":"stderr"}]' });
    expect(readLog(rec).kind).toBe('unreadable');
    expect(reasonOf(rec)).toMatchObject({ kind: 'none', why: 'unreadable' });
  });

  it("the entries read from the end are readLog's, for logs encoded once, twice, as an array, pretty-printed, with braces inside strings", () => {
    const entries = [
      out('{"a":1},{"b":2}'),
      out('', { command: 'echo ",{\\"x\\":1}"' }),
      { junk: true },
      err('}]'),
      5,
      out('[{'),
      out('x', { nested: { deep: [{ a: 1 }, { b: '},{' }] } }),
    ];
    const once = JSON.stringify(entries);
    for (const logs of [once, JSON.stringify(once), entries, JSON.stringify(entries, null, 2), ` \n${once}\n `]) {
      const rec = readDeployment({ id: 1, status: 'failed', logs });
      const full = readLog(rec);
      const tail = readLogTail(rec);
      if (full.kind !== 'entries' || tail.kind !== 'entries') throw new Error('unreadable');
      const back = full.entries.map((_, k) => tail.tail.fromEnd(k));
      expect(back).toEqual([...full.entries].reverse());
      expect(tail.tail.fromEnd(full.entries.length)).toBeUndefined();
      expect(tail.tail.count()).toBe(full.entries.length);
    }
  });
});

describe('looksLikeError', () => {
  it.each([
    'ERROR: failed to solve',
    '#14 ERROR: process did not complete',
    'npm error: ETIMEDOUT',
    'Error: boom',
    'Type error: Property x',
    'exit code 1',
    'exit code: 137',
    'exited with code 2',
    'exit status 1',
    'Killed',
    '#5 49.1 Killed',
    'container OOMKilled',
    'JavaScript heap out of memory',
    'Healthcheck status: "unhealthy"',
    'New container is not healthy',
    'health check failed',
    'fatal: unable to access',
    'Error response from daemon: pull access denied',
    'npm ERR! code ELIFECYCLE',
  ])('reads %j as an error', (line) => expect(looksLikeError(line)).toBe(true));

  it.each([
    'exit code: 0',
    'exit code 0',
    'compiled with 0 errors',
    'Errors: none',
    'Building docker image completed.',
    'healthy',
    'Healthcheck status: "healthy"',
    SEPARATOR,
    'terror alert',
  ])('does not read %j as an error', (line) => expect(looksLikeError(line)).toBe(false));
});

describe("the demo's failed deployments", () => {
  const demo = setUpDemoService();

  const rowsOf = async (token?: string) => {
    const all: Deployment[] = [];
    for (const app of demo.seed.applications.filter((a) => !a.bigHistory)) {
      const res = await list(demo, app.uuid, 'take=100', token === undefined ? {} : { token });
      all.push(...(res.json.deployments as Record<string, unknown>[]).map((r) => readDeployment(r)));
    }
    return all;
  };

  // Megabytes of logs made and read: slow on a loaded machine.
  it("each has a reason, from the epilogue's message or the stderr before it, and the reasons vary", { timeout: 90_000 }, async () => {
    const failed = (await rowsOf()).filter((r) => r.status === 'failed');
    expect(failed.length).toBeGreaterThan(10);
    const reasons = failed.map((r) => reasonOf(r));
    for (const r of reasons) expect(r.kind, JSON.stringify(r)).toBe('reason');
    const texts = reasons.map(said);
    const kinds = [
      /^Type error: |^Module not found: /,
      /^Missing required environment variable /,
      /exit code: 137$/,
      /^failed to solve: node:20-alpine: failed to resolve source metadata/,
      /^Health check failed: /,
      /^fatal: unable to access /,
    ];
    for (const k of kinds)
      expect(
        texts.some((t) => k.test(t)),
        String(k),
      ).toBe(true);
    for (const t of texts) expect(t).not.toMatch(/^Deployment failed|^=+$|Removing the new version|Error type|Stack trace/);
  });

  it('a row of the token that cannot read logs has no reason, and says so', async () => {
    const failed = (await rowsOf(demo.tokenNoLogs)).filter((r) => r.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const r of failed) expect(reasonOf(r)).toEqual({ kind: 'none', why: 'no logs' });
  });
});
