// Several marks on the deployments list: Space toggles each (a * before every marked row), = with
// exactly two marked compares them, with one keeps comparing the mark with the cursor row, with
// three says to unmark; y copies the marked ids (a real clipboard program), Esc unmarks them all.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type DmsClient } from '../../src/api/client.js';
import type { TuiOptions } from '../../src/tui/options.js';
import { compareMarked, markedIds, toggleMarks, type Picked } from '../../src/tui/browse/marks.js';
import { viewOf } from '../../src/model/deployment.js';
import type { Deployment } from '../../src/api/schemas/deployment.js';
import { KEY, renderApp, type Rendered } from '../support/render.js';
import { respondWith, type HostileServer } from '../support/hostile.js';
import { tempDir } from '../support/temp.js';

const APP = 'app-marks-1';
const rows = Array.from({ length: 12 }, (_, i) => {
  const id = 100 - i;
  return {
    id,
    deployment_uuid: `dep-${id}-uuid`,
    status: i % 3 === 1 ? 'failed' : 'finished',
    git_commit_sha: `abcdef1234567890abcdef1234567890abcde${String(id).padStart(3, '0')}`,
    commit_message: `Change ${id}`,
    created_at: new Date(Date.UTC(2024, 4, 1, 10) - i * 3_600_000).toISOString(),
    finished_at: new Date(Date.UTC(2024, 4, 1, 10, 2) - i * 3_600_000).toISOString(),
  };
});

let server: HostileServer;
let client: DmsClient;
let shown: Rendered | undefined;
const savedEnv = { ...process.env };

beforeAll(async () => {
  server = await respondWith((req, res) => {
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ count: rows.length, deployments: rows.slice(skip, skip + take) }));
  });
  client = createClient({ baseUrl: `${server.url}/api/v1`, token: '1|markstoken', retries: 0 });
});
afterAll(() => server.close());
afterEach(() => {
  shown?.unmount();
  shown = undefined;
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name];
  Object.assign(process.env, savedEnv);
});

function open(overrides: Partial<TuiOptions> = {}) {
  const options: TuiOptions = {
    client,
    connection: { label: 'test', host: new URL(server.url).host, origin: server.url, demo: false },
    configDir: '',
    appUuid: APP,
    screen: 'browse',
    showSecrets: false,
    noColor: true,
    ...overrides,
  };
  shown = renderApp(options, { size: { columns: 200, rows: 36 } });
  return shown;
}

/** A clipboard program on PATH that writes what it read to `clip.txt` (as wl-copy would copy it). */
function clipboardProgram(): string {
  const dir = tempDir('dms-clip-');
  const out = join(dir, 'clip.txt');
  writeFileSync(join(dir, 'wl-copy'), `#!/bin/sh\ncat > '${out}.part'; mv '${out}.part' '${out}'\nexit 0\n`);
  chmodSync(join(dir, 'wl-copy'), 0o755);
  process.env.PATH = `${dir}:${process.env.PATH}`;
  process.env.WAYLAND_DISPLAY = 'wayland-test';
  delete process.env.SSH_CONNECTION;
  delete process.env.SSH_CLIENT;
  delete process.env.SSH_TTY;
  return out;
}

const footer = (frame: string) => frame.trimEnd().split('\n').at(-1) ?? '';
const markedLines = (frame: string) => frame.split('\n').filter((l) => /^[› ]\*│/.test(l));

describe('the marks model', () => {
  const picked = (id: number, index: number): Picked => ({ view: viewOf({ id, status: 'finished' } as Deployment), index, whole: true });
  const page = { rows: [], start: 0 };

  it('toggles each row; two marked compare with each other whatever the cursor; three are refused', () => {
    let marks = toggleMarks([], picked(7, 3));
    marks = toggleMarks(marks, picked(5, 5));
    expect(marks.map((m) => m.view.id)).toEqual([7, 5]);
    expect(compareMarked(picked(1, 9), marks, page)).toMatchObject({ a: { view: { id: 5 } }, b: { view: { id: 7 } } });
    expect(compareMarked(picked(1, 9), [...marks, picked(2, 8)], page)).toBe('manyMarks');
    expect(toggleMarks(marks, picked(7, 3)).map((m) => m.view.id)).toEqual([5]);
    expect(compareMarked(picked(1, 9), toggleMarks(marks, picked(7, 3)), page)).toMatchObject({
      a: { view: { id: 1 } },
      b: { view: { id: 5 } },
    });
  });

  it('y copies the marked ids newest first, else the cursor row', () => {
    expect(markedIds([picked(5, 5), picked(7, 3)], picked(1, 9))).toBe('7 5');
    expect(markedIds([], picked(1, 9))).toBe('1');
    expect(markedIds([], undefined)).toBe('');
  });
});

describe('several marks on the list', () => {
  it('Space marks two rows, = compares them from anywhere, Esc back then Esc unmarks both', async () => {
    const ui = open();
    await ui.waitFor(/1–10 of 12/);
    await ui.press(' ');
    await ui.waitFor('Marked deployment 100');
    await ui.press('j', 'j', ' ');
    const two = await ui.waitFor('(2 marked)');
    expect(footer(two)).toBe('Marked deployment 98 (2 marked): = compares the two, y copies their ids.');
    expect(markedLines(two)).toHaveLength(2);
    await ui.press('j', 'j');
    await ui.press('=');
    await ui.waitFor(/Comparing deployment (98 with deployment 100|100 with deployment 98)/);
    await ui.press(KEY.escape);
    await ui.waitFor((f) => /1–10 of 12/.test(f) && !f.includes('Comparing'));
    await ui.press(KEY.escape);
    const none = await ui.waitFor('Unmarked.');
    expect(markedLines(none)).toHaveLength(0);
  });

  it('with three marked, = says to unmark one; Space on a marked row unmarks it', async () => {
    const ui = open();
    await ui.waitFor(/1–10 of 12/);
    await ui.press(' ', 'j', ' ', 'j', ' ');
    await ui.waitFor('(3 marked)');
    await ui.press('=');
    await ui.waitFor('= compares two marked rows: Space on a marked row unmarks it (Esc unmarks them all).');
    await ui.press(' ');
    const left = await ui.waitFor('Unmarked: 2 marked');
    expect(markedLines(left)).toHaveLength(2);
  });

  it('y copies the marked ids, space-separated, newest first', async () => {
    if (process.platform !== 'linux') return;
    const out = clipboardProgram();
    const ui = open();
    await ui.waitFor(/1–10 of 12/);
    await ui.press('j', 'j', 'j', ' ', 'k', 'k', ' ');
    await ui.waitFor('(2 marked)');
    await ui.press('y');
    const frame = await ui.waitFor('Copied the ids');
    expect(footer(frame)).toBe('✓ Copied the ids 99 97 (wl-copy)');
    expect(existsSync(out) && readFileSync(out, 'utf8')).toBe('99 97');
  });
});
