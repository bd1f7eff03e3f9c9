// The built binary against hostile servers: a creation is sent exactly once whatever happens,
// the error says what happened in plain words with its exit code, and a hostile list body never
// puts a control byte on the terminal.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  headersThenStall,
  htmlPage,
  json,
  reset,
  respondWith,
  unavailableThen,
  type Handler,
  type HostileServer,
} from '../support/hostile.js';
import { runBin, tempConfigDir } from '../support/run-bin.js';
import { BIN } from '../support/bin.js';
import { shellQuote, startTmux, type TmuxSession } from '../support/tmux.js';
import { ESCAPE_SEQUENCES, CONTROL_CHARS } from '../support/arbitraries.js';
import { tempDir } from '../support/temp.js';

let servers: HostileServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
async function serve(handler: Handler) {
  const s = await respondWith(handler);
  servers.push(s);
  return s;
}

const BODY = {
  project_uuid: 'p1',
  server_uuid: 's1',
  environment_name: 'production',
  git_repository: 'https://github.com/owner/repo',
  git_branch: 'main',
  build_pack: 'nixpacks',
};

describe('dms create app --file (built binary)', () => {
  // 10: the creation may have been made (its answer lost); 1: it was not (the 503s came before it).
  const cases: [string, Handler, RegExp, number][] = [
    [
      'reset',
      reset('before-response'),
      /^dms: The connection to the server was cut off, after the request reached the server: the application may have been created\./m,
      10,
    ],
    ['503', unavailableThen(json(201, { uuid: 'u-1' }), 3), /^dms: Server error \(503\): Service Unavailable\./m, 1],
    [
      'stall',
      headersThenStall('{"uu'),
      /^dms: The server stopped sending \(no data for 0\.5 s\), after the request reached the server: the application may have been created\./m,
      10,
    ],
  ];
  for (const [name, handler, words, code] of cases) {
    it(`${name}: one POST, the error in plain words, exit ${code}`, async () => {
      const s = await serve(handler);
      const file = join(tempConfigDir(), 'app.json');
      writeFileSync(file, JSON.stringify(BODY));
      const r = await runBin(['create', 'app', '--file', file, '--timeout', '0.5'], {
        env: { DMS_URL: `${s.url}/api/v1`, DMS_TOKEN: '1|binToken' },
      });
      expect(r.stderr).toMatch(words);
      expect(r.code).toBe(code);
      expect(s.hitsOf('POST', '/api/v1/applications/public')).toBe(1);
    });
  }
});

describe('a creation answered with a 2xx that cannot be read (built binary)', () => {
  const PAGE = '<!DOCTYPE html><html><body><h1>Created</h1></body></html>';
  const LOOK = "Look for it in the service's web page before sending the request again; a second request would make a second";
  const cases: [string, 'app' | 'docstore', Handler, string][] = [
    [
      '201 with an HTML page',
      'app',
      htmlPage(201, PAGE),
      `The application was created (201), but the answer could not be read (an HTML page instead of JSON; body starts: ${PAGE}).`,
    ],
    [
      '200 with text',
      'app',
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('OK');
      },
      'The application was created (200), but the answer could not be read (not JSON; body starts: OK).',
    ],
    [
      '201 with JSON without a uuid',
      'app',
      json(201, { message: 'queued' }),
      'The application was created (201), but the answer could not be read (JSON without the new application\'s uuid; body starts: {"message":"queued"}).',
    ],
    [
      '201 with an empty body',
      'app',
      json(201, ''),
      'The application was created (201), but the answer could not be read (an empty body).',
    ],
    [
      'a docstore: 201 with an HTML page',
      'docstore',
      htmlPage(201, PAGE),
      `The database was created (201), but the answer could not be read (an HTML page instead of JSON; body starts: ${PAGE}).`,
    ],
  ];
  for (const [name, kind, handler, said] of cases) {
    it(`${name}: said created and what could not be read, exit 10, one POST, never "check the URL" or "try again"`, async () => {
      const s = await serve(handler);
      const file = join(tempConfigDir(), 'body.json');
      writeFileSync(
        file,
        JSON.stringify(kind === 'app' ? BODY : { project_uuid: 'p1', server_uuid: 's1', environment_name: 'production' }),
      );
      for (const extra of [[], ['--json']]) {
        const r = await runBin(['create', kind, '--file', file, ...(kind === 'docstore' ? ['--discard-credentials'] : []), ...extra], {
          env: { DMS_URL: `${s.url}/api/v1`, DMS_TOKEN: '1|binToken' },
        });
        expect(r.stderr).toBe(`dms: ${said} ${LOOK} ${kind === 'app' ? 'application' : 'database'}.\n`);
        expect(r.stderr).not.toMatch(/server URL|\/api\/v1|try again|Unexpected answer/i);
        expect(r.code).toBe(10);
        expect(r.stdout).toBe('');
      }
      expect(s.total()).toBe(2);
    });
  }

  it('with --wait: the same, and nothing is waited for', async () => {
    const s = await serve(htmlPage(201, PAGE));
    const file = join(tempConfigDir(), 'app.json');
    writeFileSync(file, JSON.stringify({ ...BODY, instant_deploy: true }));
    const r = await runBin(['create', 'app', '--file', file, '--wait'], { env: { DMS_URL: `${s.url}/api/v1`, DMS_TOKEN: '1|binToken' } });
    expect(r.code).toBe(10);
    expect(r.stderr).toMatch(/^dms: The application was created \(201\), but the answer could not be read/);
    expect(s.total()).toBe(1);
  });
});

describe('dms deployments (built binary) with a hostile body', () => {
  it('prints no ESC, BEL or C1 byte from any field', async () => {
    const nasty = [...ESCAPE_SEQUENCES, ...CONTROL_CHARS].join('x');
    const records = [
      { id: 1, status: nasty, git_commit_sha: nasty, git_branch: nasty, created_at: nasty, name: nasty },
      nasty,
      { id: nasty },
    ];
    const s = await serve(json(200, records));
    const r = await runBin(['deployments', 'app-1'], { env: { DMS_URL: `${s.url}/api/v1`, DMS_TOKEN: '1|binToken' } });
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toMatch(/[\u001b\u0007\u0080-\u009f]/);
    // The header, a line per element and the total line.
    expect(r.stdout.trim().split('\n')).toHaveLength(5);
    expect(r.stdout.trim().split('\n').at(-1)).toBe('showing 1–3 (the server sends no total)');
  });
});

describe('dms browse (built binary in tmux) while the server fails', () => {
  let session: TmuxSession | undefined;
  afterEach(() => {
    session?.kill();
    session = undefined;
  });

  it('keeps the page, shows the error, answers ? and q, and resumes on r once the server is back', async () => {
    let mode: 'ok' | 'down' = 'ok';
    const list = json(200, { count: 1, deployments: [{ id: 5, status: 'finished', git_commit_sha: 'c0ffee1234', git_branch: 'main' }] });
    const s = await serve((req, res, raw) =>
      mode === 'ok' ? list(req, res, raw) : json(503, { message: 'Service Unavailable' })(req, res, raw),
    );
    session = startTmux(`node ${shellQuote(BIN)} browse app-1`, {
      width: 100,
      height: 30,
      env: { DMS_URL: `${s.url}/api/v1`, DMS_TOKEN: '1|binToken', DMS_CONFIG_DIR: tempDir('dms-faults-'), NO_COLOR: '1' },
    });
    await session.waitFor('1–1 of 1');
    mode = 'down';
    session.keys('r');
    // GET is retried twice with backoff before the error shows.
    const failing = await session.waitFor(/Server error \(503\): Service Unavailable/, 8000);
    expect(failing).toContain('c0ffee1');
    session.keys('?');
    await session.waitFor('Help — keys');
    session.keys('Escape');
    await session.waitFor((screen) => !screen.includes('Help — keys') && screen.includes('c0ffee1'));
    mode = 'ok';
    session.keys('r');
    await session.waitFor((screen) => !screen.includes('✗') && screen.includes('c0ffee1'), 8000);
    session.keys('q');
    await session.waitFor(/\[exit 0\]/);
  });
});
