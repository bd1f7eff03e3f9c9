// The board in a real terminal (tmux): the built binary on its embedded demo (`dms board --demo`,
// whose queued and running deployments move on and end within about 20 s) shows a row per demo
// application — the status, the history strip, why the last one failed — and its keys: Enter opens
// the application, Esc goes back to the board and then the picker, Ctrl+T in the picker comes back.
// What to expect is read from a demo service started here with the same seed (the deployments that
// have ended are the same in both). Then the bytes the terminal receives (tmux pipe-pane) when
// deployments that ran on the board end: OSC 9 for iTerm2, the bell inside tmux, nothing with --no-notify.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { BOARD_TAKE, boardRowOf, stripText, type BoardRow } from '../../src/model/board.js';
import { PHASE_MARKS } from '../../src/model/deployment.js';
import { setUpDemoService } from '../support/demo.js';
import { setUpTerminals } from '../support/terminals.js';
import { tempDir } from '../support/temp.js';

const terminals = setUpTerminals('board');
const demo = setUpDemoService();
/** Each demo application's row as the model reads it from the same seed, by uuid. */
const rows = new Map<string, BoardRow>();

beforeAll(async () => {
  const client = createClient({ baseUrl: demo.url, token: demo.token });
  for (const app of demo.seed.applications) {
    const page = await client.listDeployments(app.uuid, { skip: 0, take: BOARD_TAKE });
    rows.set(app.uuid, boardRowOf({ uuid: app.uuid, name: app.name, context: null }, page, { redact: client.redact }));
  }
});

const lineOf = (screen: string, name: string) =>
  screen.split('\n').find((l) => /^[› ] /.test(l) && new RegExp(` {2}${name}( |$)`).test(l)) ?? '';
const MARKS = Object.values(PHASE_MARKS).join('');

describe('dms board --demo', () => {
  it('a row per application: status, strip, why; Enter opens it, Esc goes back, Ctrl+T in the picker comes back', async () => {
    const t = terminals.launch('board --demo', { width: 140, height: 30 });
    const names = demo.seed.applications.map((a) => a.name);
    // Every row read: a mark, no `…` (still being read).
    const screen = await t.waitFor(
      (s) => s.includes('Board: every recent application') && names.every((n) => new RegExp(`^[› ] [${MARKS}·!] `).test(lineOf(s, n))),
      30_000,
    );
    for (const app of demo.seed.applications) {
      const row = rows.get(app.uuid)!;
      const line = lineOf(screen, app.name);
      if (!row.last) {
        expect(line, line).toContain('· no deployments');
        continue;
      }
      if (row.running) continue; // moving on in the binary's demo
      expect(line, line).toContain(`${PHASE_MARKS[row.last.phase]} ${row.last.statusText}`);
      expect(line, line).toContain(stripText(row.strip));
      if (row.why) expect(line, line).toContain(row.why.slice(0, 20));
    }
    // The top row opens; Esc comes back to the board, then to the picker; Ctrl+T opens the board again.
    const first = screen.split('\n').find((l) => l.startsWith('› '))!;
    const name = names.find((n) => lineOf(screen, n) === first)!;
    t.keys('Enter');
    await t.waitFor((s) => s.includes(`app ${name} `) && /\d+–\d+ of \d+/.test(s));
    t.keys('Escape');
    await t.waitFor('Board: every recent application');
    t.keys('Escape');
    await t.waitFor('Open an application');
    t.keys('C-t');
    await t.waitFor('Board: every recent application');
    t.keys('q');
    expect(await t.waitFor(/\[exit \d+\]/)).toContain('[exit 0]');
  });
});

describe('dms board: when a deployment that ran on the board ends', () => {
  const bytes = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  /** Waits until the bytes written to the terminal hold `text`. */
  async function until(file: string, test: (b: string) => boolean, what: string): Promise<string> {
    const end = Date.now() + 50_000;
    while (Date.now() < end) {
      const b = bytes(file);
      if (test(b)) return b;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no ${what} in the terminal's bytes:\n${JSON.stringify(bytes(file).slice(-2000))}`);
  }

  it('OSC 9 in iTerm2, the bell inside tmux, nothing with --no-notify; the text has no control character', async () => {
    const dir = tempDir('dms-board-bytes-');
    const fast = { DMS_FOLLOW_INTERVAL_MS: '300' };
    // The three at once: the demo's deployments end 10–20 s after each starts.
    const iterm = terminals.launch('board --demo', { width: 140, height: 30, env: { ...fast, TERM_PROGRAM: 'iTerm.app', TMUX: '' } });
    const tmux = terminals.launch('board --demo', { width: 140, height: 30, env: fast });
    const quiet = terminals.launch('board --demo --no-notify', {
      width: 140,
      height: 30,
      env: { ...fast, TERM_PROGRAM: 'iTerm.app', TMUX: '' },
    });
    const files = { iterm: join(dir, 'iterm'), tmux: join(dir, 'tmux'), quiet: join(dir, 'quiet') };
    iterm.pipe(files.iterm);
    tmux.pipe(files.tmux);
    quiet.pipe(files.quiet);
    // Something runs at first (it is read every 300 ms), then nothing does: every end was read.
    for (const t of [iterm, tmux, quiet]) await t.waitFor(/\d+ running · reading every/, 20_000);

    const osc = await until(files.iterm, (b) => /\u001b\]9;dms: [^\u0007]*\u0007/.test(b), 'OSC 9');
    for (const [, text] of osc.matchAll(/\u001b\]9;([^\u0007\u001b]*)\u0007/g)) {
      expect(text).toMatch(/^dms: [\w-]+: (finished|failed|cancelled)( — #\d+.*)?$/);
      expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    }
    const bell = await until(files.tmux, (b) => b.includes('\u0007'), 'bell');
    expect(bell).not.toMatch(/\u001b\](9|777|99);/);
    const none = await until(files.quiet, (b) => b.includes('none running'), '"none running"');
    expect(none).not.toContain('\u0007');
    for (const t of [iterm, tmux, quiet]) t.keys('q');
  }, 90_000);
});
