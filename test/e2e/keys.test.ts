// The built binary in a real terminal (tmux): keys.json rebinding a key, a bad keys.json, and
// copying a uuid: with OSC 52 into tmux's clipboard (said unconfirmed), or by a clipboard program (✓).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { viewOf } from '../../src/model/deployment.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';
import { tempDir } from '../support/temp.js';
import { tenPerPage } from '../support/page-sizes.js';

const e2e = setUpDemo('keys');
let app: string;

beforeAll(() => {
  app = e2e.demo.seed.applications[0]!.uuid;
});

function launch(keysJson: string | null): TmuxSession {
  const configDir = tenPerPage(tempDir('dms-e2e-keys-'));
  if (keysJson !== null) writeFileSync(join(configDir, 'keys.json'), keysJson);
  return e2e.launch(`browse ${app}`, { width: 120, height: 30, env: { DMS_CONFIG_DIR: configDir } });
}

/** The tmux server startTmux runs its sessions on (test/support/tmux.ts names it so). */
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', `dms-test-${process.pid}`, ...args], { encoding: 'utf8' });

describe('keys.json in the built binary', () => {
  it('a rebound next page works, the footer shows it, the old key does not page', async () => {
    const t = launch('{"nextPage": ["ctrl+f"], "quit": "Q"}');
    const first = await t.waitFor(/1–10 of \d+/);
    expect(first).toContain('Ctrl+F next');
    expect(first).toContain('Q quit');
    t.keys('n');
    await t.waitFor('n: no action here');
    t.keys('C-f');
    await t.waitFor(/11–20 of \d+/);
    t.keys('Q');
    await t.waitFor(() => t.exited());
  });

  it('a bad keys.json: one warning line in the footer, the defaults work, and the problems are there after exit', async () => {
    const t = launch('{"nextPage": "pagedwn", "quit": 3,}');
    // The note comes with the frame after the first (an effect of the screen's first commit).
    const first = await t.waitFor((s) => /1–10 of \d+/.test(s) && s.includes('keys.json'));
    const warning = first.split('\n').find((l) => l.includes('keys.json'));
    expect(warning).toMatch(/keys\.json is not JSON \(.*\) — default keys in use/);
    expect(first.split('\n').filter((l) => l.includes('keys.json'))).toHaveLength(1);
    t.keys('n');
    const next = await t.waitFor(/11–20 of \d+/);
    expect(next).toContain('n/→ next');
    t.keys('q');
    const after = await t.waitFor(/\[exit 0\]/);
    expect(after).toMatch(/dms: keys\.json is not JSON/);
  });
});

describe('copy in tmux', () => {
  it("Y puts the uuid of the row under the cursor in tmux's clipboard (set-clipboard on)", async () => {
    const uuid = viewOf(
      (await createClient({ baseUrl: e2e.demo.url, token: e2e.demo.token }).listDeployments(app, { skip: 0, take: 10 })).deployments[1]!,
    ).uuid;
    const t = launch(null);
    tmux('set-option', '-g', 'set-clipboard', 'on');
    await t.waitFor(/1–10 of \d+/);
    t.keys('j');
    t.keys('Y');
    // tmux took it, but nothing tells dms that the clipboard outside did: no ✓.
    const screen = await t.waitFor(`Sent the uuid ${uuid} with OSC 52`);
    expect(screen.replace(/\s+/g, ' ')).toContain(
      `Sent the uuid ${uuid} with OSC 52; it may not have reached the clipboard: tmux keeps it (set-clipboard on)`,
    );
    expect(screen).not.toMatch(/✓ Copied/);
    expect(tmux('show-buffer')).toBe(uuid);
  });

  it('Y with a clipboard program that exits 0 (wl-copy on PATH, a display set): ✓, and the program has the uuid', async () => {
    const uuid = viewOf(
      (await createClient({ baseUrl: e2e.demo.url, token: e2e.demo.token }).listDeployments(app, { skip: 0, take: 10 })).deployments[0]!,
    ).uuid;
    const bin = tempDir('dms-e2e-clip-');
    const out = join(bin, 'clip.txt');
    writeFileSync(join(bin, 'wl-copy'), `#!/bin/sh\ncat > '${out}.part'; mv '${out}.part' '${out}'\n`, { mode: 0o755 });
    const configDir = tenPerPage(tempDir('dms-e2e-keys-'));
    const t = e2e.launch(`browse ${app}`, {
      width: 120,
      height: 30,
      env: { DMS_CONFIG_DIR: configDir, PATH: `${bin}:${process.env.PATH}`, WAYLAND_DISPLAY: 'wayland-test' },
    });
    await t.waitFor(/1–10 of \d+/);
    t.keys('Y');
    const screen = await t.waitFor(`✓ Copied the uuid ${uuid} (wl-copy)`);
    expect(screen).not.toContain('OSC 52');
    expect(readFileSync(out, 'utf8')).toBe(uuid);
  });
});
