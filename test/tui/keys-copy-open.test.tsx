// The whole app with keys.json in force (keys, footer, help), and copy (a clipboard program, else
// OSC 52 to the terminal) and open (a real program started as the browser) on the deployments
// screen and the detail.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type DmsClient } from '../../src/api/client.js';
import type { TuiOptions } from '../../src/tui/options.js';
import { bindKeys } from '../../src/tui/key-bindings.js';
import { parseKeysText } from '../../src/config/keys-file.js';
import { osc52 } from '../../src/tui/clipboard.js';
import { KEY, renderApp, until, type Rendered } from '../support/render.js';
import { respondWith, type HostileServer } from '../support/hostile.js';
import { tempDir } from '../support/temp.js';

const APP = 'app-keys-1';
const SHA = 'abcdef1234567890abcdef1234567890abcdef12';
const rows = Array.from({ length: 25 }, (_, i) => {
  const id = 100 - i;
  return {
    id,
    deployment_uuid: `dep-${id}-uuid`,
    status: 'finished',
    git_commit_sha: i === 1 ? 'HEAD' : `${SHA.slice(0, 37)}${String(id).padStart(3, '0')}`,
    commit_message: `Change ${id}`,
    created_at: '2024-05-01T10:00:00Z',
    finished_at: '2024-05-01T10:02:00Z',
    // The third row's page is on another host.
    deployment_url: i === 2 ? 'https://elsewhere.example/deployment/x' : `/project/p/deployment/dep-${id}-uuid`,
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
  client = createClient({ baseUrl: `${server.url}/api/v1`, token: '1|keystoken', retries: 0 });
});
afterAll(() => server.close());
afterEach(() => {
  shown?.unmount();
  shown = undefined;
  // Put back in place, never by a new object: Node reads TZ (and more) through process.env itself,
  // and a later file in this worker that sets process.env.TZ would reach a plain object instead.
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

async function keysFrom(text: string) {
  const file = await parseKeysText(text);
  return bindKeys(file.bindings, file.problems);
}

const footer = (frame: string) => frame.trimEnd().split('\n').at(-1) ?? '';

describe('keys.json in the app', () => {
  it('a rebound key works, the old one says it does nothing, and the footer and help show the keys in force', async () => {
    const ui = open({ keys: await keysFrom('{"nextPage": ["ctrl+f", "N"], "quit": "Q"}') });
    const first = await ui.waitFor(/1–10 of 25/);
    expect(footer(first)).toContain('Ctrl+F/N next');
    expect(footer(first)).toContain('Q quit');
    expect(footer(first)).not.toMatch(/\bn\/→ next/);
    await ui.press(KEY.ctrl('f'));
    await ui.waitFor(/11–20 of 25/);
    await ui.press('N');
    await ui.waitFor(/21–25 of 25/);
    await ui.press('n');
    await ui.waitFor('n: no action here');
    await ui.press('?');
    const help = await ui.waitFor('Help — keys');
    expect(help).toMatch(/Ctrl\+F\/N\s+next page/);
    // The global keys are further down: page until they show.
    for (let i = 0; i < 6 && !/\n\s+Q\s+quit/.test(ui.frame()); i++) await ui.press(KEY.pageDown);
    expect(ui.frame()).toMatch(/\n\s+Q\s+quit/);
    await ui.press(KEY.escape);
    let code = -1;
    shown!.unmount();
    shown = renderApp(
      {
        client,
        connection: { label: 'test', host: new URL(server.url).host, origin: server.url, demo: false },
        configDir: '',
        appUuid: APP,
        screen: 'browse',
        showSecrets: false,
        noColor: true,
        keys: await keysFrom('{"quit": "Q"}'),
      },
      {
        size: { columns: 200, rows: 36 },
        onExit: (c) => {
          code = c;
        },
      },
    );
    await shown.waitFor(/1–10 of 25/);
    await shown.press('q');
    expect(code).toBe(-1);
    await shown.press('Q');
    await until(() => code === 0, 'quit with Q');
  });

  it('sentences that name a key name the key in force: help rebound to H', async () => {
    const ui = open({ keys: await keysFrom('{"help": "H", "quit": "Q"}') });
    await ui.waitFor(/1–10 of 25/);
    await ui.press('z');
    await ui.waitFor('z: no action here — H for help');
    await ui.press('H');
    const help = await ui.waitFor('Help — keys');
    expect(help).toContain('Esc/? closes help · Q quits');
  });

  it('sentences in the picker and the log name the keys in force: open on Ctrl+O, the log search on Ctrl+F', async () => {
    const ui = open({
      keys: await keysFrom('{"pickerOpen": "ctrl+o", "logSearch": "ctrl+f"}'),
      appUuid: undefined,
      configDir: tempDir('dms-keys-picker-'),
    });
    const picker = await ui.waitFor("(paste the application's address or uuid, or type part of a name, then Ctrl+O)");
    expect(picker).not.toContain('then Enter');
    await ui.type(APP);
    await ui.press(KEY.ctrl('o'));
    await ui.waitFor(/1–10 of 25/);
    await ui.press('l');
    await ui.waitFor('Log 100');
    await ui.press('n');
    await ui.waitFor('No search yet: Ctrl+F searches the log.');
    await ui.press(KEY.ctrl('f'), 'x');
    await ui.waitFor('/ x');
  });

  it("the picker's help key is the one in force: with help on Ctrl+G, ? is typed and Ctrl+G opens help", async () => {
    const ui = open({ keys: await keysFrom('{"help": "ctrl+g"}'), appUuid: undefined, configDir: tempDir('dms-keys-picker-') });
    await ui.waitFor('Open an application');
    await ui.type('a?b');
    await ui.waitFor('uuid: a?b');
    await ui.press('?');
    await ui.waitFor('uuid: a?b?');
    await ui.press(KEY.ctrl('g'));
    const help = await ui.waitFor('Help — keys');
    expect(help).toMatch(/Ctrl\+G\s+help/);
  });

  it('sentences on the list name the keys in force: {"autoRefresh": "A"} gives auto-refresh off (A)', async () => {
    const ui = open({ keys: await keysFrom('{"autoRefresh": "A"}') });
    await ui.waitFor(/1–10 of 25/);
    await ui.press('A');
    const off = await ui.waitFor('auto-refresh off (A)');
    expect(off).not.toContain('auto-refresh off (a)');
  });

  it('sentences in the detail name the keys in force: {"absentFields": "F"} gives F lists them', async () => {
    const ui = open({ keys: await keysFrom('{"absentFields": "F"}') });
    await ui.waitFor(/1–10 of 25/);
    await ui.press(KEY.enter);
    await ui.waitFor('Deployment 100');
    await ui.press('G');
    const bottom = await ui.waitFor(/fields of the interface not sent; F lists them\./);
    expect(bottom).not.toContain('f lists them');
  });

  it('a bad keys.json: the one-line warning shows at start and the default keys work', async () => {
    const ui = open({ keys: await keysFrom('{"nextPage": "ctrl+shift+f", "quit": "n"}') });
    const first = await ui.waitFor(/1–10 of 25/);
    expect(footer(first)).toMatch(/keys\.json: "nextPage": "ctrl\+shift\+f" is not a key name .* \(\+1 more, listed after dms exits\)/);
    await ui.press('n');
    const next = await ui.waitFor(/11–20 of 25/);
    expect(footer(next)).toContain('n/→ next');
  });
});

/**
 * A clipboard program on PATH (a real process, as wl-copy would be): it writes what it read on
 * stdin to `clip.txt` and exits with `code`. The display it needs is set (WAYLAND_DISPLAY).
 */
function clipboardProgram(code: number): string {
  const dir = tempDir('dms-clip-');
  const out = join(dir, 'clip.txt');
  writeFileSync(join(dir, 'wl-copy'), `#!/bin/sh\ncat > '${out}.part'; mv '${out}.part' '${out}'\nexit ${code}\n`);
  chmodSync(join(dir, 'wl-copy'), 0o755);
  process.env.PATH = `${dir}:${process.env.PATH}`;
  process.env.WAYLAND_DISPLAY = 'wayland-test';
  delete process.env.SSH_CONNECTION;
  delete process.env.SSH_CLIENT;
  delete process.env.SSH_TTY;
  return out;
}

describe('copy', () => {
  it('Y with a clipboard program that exits 0: ✓, the program named, no OSC 52', async () => {
    if (process.platform !== 'linux') return;
    const out = clipboardProgram(0);
    const ui = open();
    await ui.waitFor(/1–10 of 25/);
    await ui.press('j');
    await ui.press('Y');
    const frame = await ui.waitFor('Copied the uuid');
    expect(footer(frame)).toBe('✓ Copied the uuid dep-99-uuid (wl-copy)');
    expect(readFileSync(out, 'utf8')).toBe('dep-99-uuid');
    expect(ui.rawFrames().some((f) => f.includes('\u001b]52;'))).toBe(false);
  });

  it('a clipboard program that fails: no ✓; OSC 52 is sent and the note says it may not have arrived, and why', async () => {
    if (process.platform !== 'linux') return;
    clipboardProgram(1);
    delete process.env.TMUX;
    process.env.TERM_PROGRAM = 'WezTerm';
    const ui = open();
    await ui.waitFor(/1–10 of 25/);
    await ui.press('Y');
    const frame = await ui.waitFor('dep-100-uuid with OSC 52');
    expect(footer(frame)).toBe(
      'Sent the uuid dep-100-uuid with OSC 52; it may not have reached the clipboard: wl-copy failed (exit 1); the terminal does not confirm OSC 52',
    );
    expect(footer(frame)).not.toContain('✓');
    expect(ui.rawFrames()).toContain(osc52('dep-100-uuid'));
  });

  it('Y with OSC 52 only, on TERM=linux: the uuid was not copied, no ✓', async () => {
    delete process.env.TMUX;
    process.env.TERM = 'linux';
    delete process.env.TERM_PROGRAM;
    const ui = open();
    await ui.waitFor(/1–10 of 25/);
    await ui.press('j');
    await ui.press('Y');
    const frame = await ui.waitFor('dep-99-uuid');
    expect(footer(frame)).toBe('Did not copy the uuid dep-99-uuid: TERM=linux does not take OSC 52');
    expect(footer(frame)).not.toContain('✓');
    expect(ui.rawFrames()).toContain(osc52('dep-99-uuid'));
  });

  it('C in the detail sends the full sha with OSC 52; even a terminal known to take it gets no ✓ (it never answers); HEAD is not copied', async () => {
    delete process.env.TMUX;
    process.env.TERM = 'xterm-256color';
    process.env.TERM_PROGRAM = 'WezTerm';
    const ui = open();
    await ui.waitFor(/1–10 of 25/);
    await ui.press(KEY.enter);
    await ui.waitFor('Deployment 100');
    await ui.press('C');
    const sha = `${SHA.slice(0, 37)}100`;
    const frame = await ui.waitFor('with OSC 52');
    expect(footer(frame)).toBe(
      `Sent the commit ${sha} with OSC 52; it may not have reached the clipboard: the terminal does not confirm OSC 52`,
    );
    expect(ui.rawFrames()).toContain(osc52(sha));
    await ui.press(KEY.escape, 'j', 'C');
    await ui.waitFor('No commit was pinned (HEAD): nothing copied.');
    expect(ui.rawFrames().filter((f) => f.includes('\u001b]52;')).length).toBe(1);
  });

  it('inside tmux with set-clipboard external (tmux answers), the note says it did not reach the clipboard', async () => {
    // A real tmux that is not ours: a private server whose options are asked for via $TMUX.
    const dir = tempDir('dms-tmuxclip-');
    const fake = join(dir, 'tmux');
    const seen = join(dir, 'env.txt');
    writeFileSync(fake, `#!/bin/sh\nenv > '${seen}.part'; mv '${seen}.part' '${seen}'\nprintf "external\\noff\\n"\n`);
    chmodSync(fake, 0o755);
    process.env.PATH = `${dir}:${process.env.PATH}`;
    process.env.TMUX = '/tmp/not-a-socket,1,0';
    process.env.DMS_TOKEN = '7|tmux-must-not-see-this';
    const ui = open();
    await ui.waitFor(/1–10 of 25/);
    await ui.press('Y');
    const frame = await ui.waitFor('Did not copy the uuid');
    expect(footer(frame)).toContain("Did not copy the uuid dep-100-uuid: tmux's set-clipboard is external (tmux set -g set-clipboard on)");
    // tmux is asked without dms's own variables (a tmux client hands its environment to the server).
    expect(readFileSync(seen, 'utf8')).not.toMatch(/^DMS_/m);
  });
});

describe('copy refuses a uuid that is not plain', () => {
  // Only letters, digits and -: the rule the message and the README state, and the one every
  // suggested command and shell completion follows (src/api/uuid.ts).
  const odd = ['javascript:alert', 'javascript:alert(1)', 'a.b', 'a:b', 'a_b', '-rf'];
  let oddServer: HostileServer;
  beforeAll(async () => {
    oddServer = await respondWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const listed = [...odd, 'Plain-0b6e'].map((uuid, i) => ({
        id: 50 - i,
        deployment_uuid: uuid,
        status: 'finished',
        commit_message: `Row ${i}`,
      }));
      res.end(JSON.stringify({ count: listed.length, deployments: listed }));
    });
  });
  afterAll(() => oddServer.close());

  it('Y on javascript:alert, a.b, a:b, a_b or -rf says it is not plain and writes no OSC 52; a plain one is copied', async () => {
    delete process.env.TMUX;
    process.env.TERM_PROGRAM = 'WezTerm';
    const oddClient = createClient({ baseUrl: `${oddServer.url}/api/v1`, token: '1|keystoken', retries: 0 });
    const ui = open({
      client: oddClient,
      connection: { label: 'test', host: new URL(oddServer.url).host, origin: oddServer.url, demo: false },
    });
    await ui.waitFor(/1–7 of 7/);
    for (let i = 0; i < odd.length; i++) {
      await ui.press('Y');
      const frame = await ui.waitFor('not copied');
      expect(footer(frame)).toBe('The uuid is not plain (only letters, digits and -): not copied.');
      await ui.press('j');
    }
    expect(ui.rawFrames().some((f) => f.includes('\u001b]52;'))).toBe(false);
    await ui.press('Y');
    await ui.waitFor('the uuid Plain-0b6e with OSC 52');
    expect(ui.rawFrames()).toContain(osc52('Plain-0b6e'));
  });
});

describe('open in the browser', () => {
  function browser() {
    const dir = tempDir('dms-browser-');
    const out = join(dir, 'opened.txt');
    const script = join(dir, 'browser.sh');
    writeFileSync(script, `#!/bin/sh\nprintf '%s' "$1" > '${out}'\n`);
    chmodSync(script, 0o755);
    return { script, out };
  }

  it("o starts the browser program on the link on the service's host (a path joined to it)", async () => {
    const b = browser();
    process.env.DMS_BROWSER = b.script;
    const ui = open();
    await ui.waitFor(/1–10 of 25/);
    await ui.press('o');
    await until(() => existsSync(b.out) && readFileSync(b.out, 'utf8') !== '', 'the browser program ran');
    expect(readFileSync(b.out, 'utf8')).toBe(`${server.url}/project/p/deployment/dep-100-uuid`);
    await ui.waitFor(`Opening ${server.url}/project/p/deployment/dep-100-uuid in the browser`);
  });

  it("the browser gets the user's environment without dms's own variables (no DMS_TOKEN), and none of dms's stdio", async () => {
    const dir = tempDir('dms-browser-env-');
    const out = join(dir, 'env.txt');
    const script = join(dir, 'browser.sh');
    // Where its fds 0–2 point (read before any redirection) and its environment, written whole, then renamed into place.
    const fds = [0, 1, 2].map((fd) => `fd${fd}=$(readlink /proc/$$/fd/${fd} 2>/dev/null || echo unknown)`).join('\\n');
    writeFileSync(script, `#!/bin/sh\nfds="${fds}"\n{ env; printf '%b\\n' "$fds"; } > '${out}.part'\nmv '${out}.part' '${out}'\n`);
    chmodSync(script, 0o755);
    process.env.DMS_BROWSER = script;
    process.env.DMS_TOKEN = '7|browser-must-not-see-this';
    process.env.DMS_URL = server.url;
    process.env.DMS_CONTEXT = 'work';
    process.env.DMS_CONFIG_DIR = dir;
    process.env.DMS_DEBUG = '1';
    process.env.DISPLAY = ':42';
    process.env.HOME = dir;
    const ui = open();
    await ui.waitFor(/1–10 of 25/);
    await ui.press('o');
    await until(() => existsSync(out), 'the browser program wrote its environment');
    const seen = readFileSync(out, 'utf8');
    expect(seen).not.toContain('browser-must-not-see-this');
    expect(seen.split('\n').filter((l) => /^DMS_/i.test(l))).toEqual([]);
    expect(seen).toContain(`PATH=${process.env.PATH}\n`);
    expect(seen).toContain(`HOME=${dir}\n`);
    expect(seen).toContain('DISPLAY=:42\n');
    if (process.platform === 'linux') expect(seen).toMatch(/fd0=\/dev\/null\nfd1=\/dev\/null\nfd2=\/dev\/null\n/);
  });

  it('a link on another host is refused with the reason, and no program runs', async () => {
    const b = browser();
    process.env.DMS_BROWSER = b.script;
    const ui = open();
    await ui.waitFor(/1–10 of 25/);
    await ui.press('j', 'j', KEY.enter);
    await ui.waitFor('Deployment 98');
    await ui.press('o');
    const frame = await ui.waitFor('Not opened');
    expect(footer(frame)).toContain(`Not opened: the link is on elsewhere.example, not on the service's host ${new URL(server.url).host}.`);
    expect(existsSync(b.out)).toBe(false);
  });

  const link = () => `${server.url}/project/p/deployment/dep-100-uuid`;

  it('a browser program that does not exist: a clear message, the link on a line of its own, copied as Y copies', async () => {
    process.env.DMS_BROWSER = '/nonexistent/dms-browser';
    delete process.env.TMUX;
    process.env.TERM_PROGRAM = 'WezTerm';
    const ui = open();
    await ui.waitFor(/1–10 of 25/);
    await ui.press('o');
    const frame = await ui.waitFor('Sent the link with OSC 52');
    expect(frame.trimEnd()).toMatch(
      new RegExp(
        `No browser could start: /nonexistent/dms-browser is not installed\\. The link:\\s*\\n${link().replaceAll('.', '\\.')}\\s*\\nSent the link with OSC 52; it may not have reached the clipboard: the terminal does not confirm OSC 52$`,
      ),
    );
    expect(ui.rawFrames()).toContain(osc52(link()));
  });

  it('on Linux without a display no browser is tried: the message says so, shows the link and copies it', async () => {
    if (process.platform !== 'linux') return;
    delete process.env.DMS_BROWSER;
    delete process.env.DISPLAY;
    delete process.env.WAYLAND_DISPLAY;
    delete process.env.TMUX;
    process.env.TERM = 'linux';
    delete process.env.TERM_PROGRAM;
    const ui = open();
    await ui.waitFor(/1–10 of 25/);
    await ui.press('o');
    const frame = await ui.waitFor('Did not copy the link');
    expect(frame).toContain(`No browser can start here (no DISPLAY). The link:`);
    expect(frame).toContain(`\n${link()}`);
    expect(footer(frame)).toBe('Did not copy the link: TERM=linux does not take OSC 52');
    expect(ui.rawFrames()).toContain(osc52(link()));
  });

  /** The frame once the note about the link is drawn whole (its last words are there) with the screen's `parts` above it. */
  const wholeNote = (ui: Rendered, ...parts: RegExp[]) =>
    ui.waitFor((f) => f.replace(/\s+/g, ' ').includes('it may not have reached the clipboard') && parts.every((p) => p.test(f)));

  /** The link on lines of its own, whole when joined, none cut; the copy note after it; the frame shorter than the terminal. */
  function expectWholeLink(frame: string, ui: Rendered) {
    const lines = frame.split('\n').map((l) => l.trimEnd());
    expect(lines.length).toBeLessThan(20);
    const from = lines.findIndex((l) => l.endsWith('The link:'));
    const to = lines.findIndex((l) => l.startsWith('Sent the link'));
    expect(from).toBeGreaterThan(0);
    expect(to - from).toBeGreaterThan(1); // the link takes more than one line at this width
    expect(lines.slice(from + 1, to).join('')).toBe(link());
    expect(lines.slice(from + 1, to).every((l) => l.length <= 40 && !l.includes('…'))).toBe(true);
    expect(lines.slice(to).join(' ').replace(/\s+/g, ' ').trim()).toBe(
      'Sent the link with OSC 52; it may not have reached the clipboard: the terminal may not take OSC 52 (TERM=xterm-256color)',
    );
    expect(ui.rawFrames()).toContain(osc52(link()));
  }

  it('at 40 columns the link no browser could open is shown whole (wrapped, never cut), copied, and the frame stays shorter than the terminal', async () => {
    process.env.DMS_BROWSER = '/nonexistent/dms-browser';
    delete process.env.TMUX;
    process.env.TERM = 'xterm-256color';
    delete process.env.TERM_PROGRAM;
    shown = renderApp(
      {
        client,
        connection: { label: 'test', host: new URL(server.url).host, origin: server.url, demo: false },
        configDir: '',
        appUuid: APP,
        screen: 'browse',
        showSecrets: false,
        noColor: true,
      },
      { size: { columns: 40, rows: 20 } },
    );
    const ui = shown;
    await ui.waitFor(/1–10 of 25/);
    await ui.press('o');
    // Nothing else is pushed off: the header's first line and the table's bottom border stay drawn.
    const list = await wholeNote(ui, /^dms {2}context test/, /└─+┴/);
    expectWholeLink(list, ui);
    // The same from the detail.
    await ui.press(KEY.enter);
    await ui.waitFor('Deployment 100');
    await ui.press('o');
    const detail = await wholeNote(ui, /^dms {2}context test/, /Deployment 100/, /Secrets are masked\./);
    expectWholeLink(detail, ui);
  });
});

describe('a token split by a control character in a deployment_url (issue 31)', () => {
  it('o gives the browser the link with [token] in its place, and the footer shows no token', async () => {
    const split = 'spl\u0000it\u001b[0mtoken9';
    const hostile = await respondWith((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ count: 1, deployments: [{ ...rows[0], deployment_url: `/project/p/deployment/dep-100-uuid?t=3|${split}` }] }),
      );
    });
    try {
      const dir = tempDir('dms-browser-split-');
      const out = join(dir, 'opened.txt');
      const script = join(dir, 'browser.sh');
      writeFileSync(script, `#!/bin/sh\nprintf '%s' "$*" > '${out}'\n`);
      chmodSync(script, 0o755);
      process.env.DMS_BROWSER = script;
      const api = createClient({ baseUrl: `${hostile.url}/api/v1`, token: '3|splittoken9', retries: 0 });
      shown = renderApp(
        {
          client: api,
          connection: { label: 'test', host: new URL(hostile.url).host, origin: hostile.url, demo: false },
          configDir: '',
          appUuid: APP,
          screen: 'browse',
          showSecrets: false,
          noColor: true,
        },
        { size: { columns: 200, rows: 36 } },
      );
      await shown.waitFor(/1–1 of 1/);
      await shown.press('o');
      await until(() => existsSync(out) && readFileSync(out, 'utf8') !== '', 'the browser program ran');
      const argv = readFileSync(out, 'utf8');
      expect(argv).not.toMatch(/splittoken9|spl.?it.?token9/);
      expect(argv).toContain('dep-100-uuid');
      const frame = await shown.waitFor('in the browser');
      expect(frame.replace(/\s/g, '')).not.toContain('splittoken9');
    } finally {
      await hostile.close();
    }
  });
});
