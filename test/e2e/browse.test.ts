// The built binary in a real terminal (tmux): `dms browse APP` against a demo service started here.
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';
import { tempDir } from '../support/temp.js';
import { tenPerPage } from '../support/page-sizes.js';

const e2e = setUpDemo('browse');
let configDir: string;
let app: string;

beforeAll(() => {
  app = e2e.demo.seed.applications[0]!.uuid;
  configDir = tenPerPage(tempDir('dms-e2e-browse-'));
});

function launch(width: number, height: number, env: Record<string, string> = {}): TmuxSession {
  return e2e.launch(`browse ${app}`, { width, height, env: { DMS_CONFIG_DIR: configDir, ...env } });
}

const dataLines = (screen: string) =>
  screen
    .split('\n')
    .filter((l) => /^[› ] │/.test(l))
    .slice(1);

for (const [width, height] of [
  [120, 36],
  [80, 24],
] as const) {
  describe(`dms browse at ${width}×${height}`, () => {
    it('pages, opens the detail with the full sha, goes back, shows help and quits cleanly', async () => {
      const first = (await createClient({ baseUrl: e2e.demo.url, token: e2e.demo.token }).listDeployments(app, { skip: 10, take: 10 }))
        .deployments[0]!;
      const t = launch(width, height);
      const screen = await t.waitFor(/1–10 of \d+/);
      // The live frame is shorter than the terminal: the pane's last line stays empty.
      const lines = screen.replace(/\n$/, '').split('\n');
      expect(lines).toHaveLength(height);
      expect(lines[height - 1]!.trim()).toBe('');
      expect(screen).not.toContain('loading…  10 per page'); // no stale line left from the first frame
      expect(screen).toContain('commit');
      t.keys('n');
      const second = await t.waitFor(/11–20 of \d+/);
      expect(dataLines(second)[0]).toContain(String(first.git_commit_sha).slice(0, 7));
      t.keys('Enter');
      const detail = await t.waitFor(String(first.git_commit_sha));
      expect(detail).toContain(`Deployment ${first.id}`);
      t.keys('Escape');
      const back = await t.waitFor((s) => /11–20 of \d+/.test(s) && !s.includes('Deployment '));
      expect(back.split('\n').find((l) => l.startsWith('›'))).toContain(String(first.git_commit_sha).slice(0, 7));
      t.keys('?');
      const help = await t.waitFor('Help — keys');
      expect(help).toContain('next page');
      t.keys('Escape');
      await t.waitFor((s) => !s.includes('Help — keys') && /11–20 of \d+/.test(s));
      t.keys('q');
      const after = await t.waitFor(/\[exit \d+\]/);
      expect(after).toContain('[exit 0]');
      // The alternate screen is left: none of the UI stays on the terminal.
      expect(after).not.toContain('Help — keys');
      expect(after).not.toMatch(/11–20 of/);
    });
  });
}

describe('dms browse keys', () => {
  it('Ctrl+C quits with exit 0 and leaves the terminal as it was', async () => {
    const t = launch(100, 30);
    await t.waitFor(/1–10 of \d+/);
    t.keys('C-c');
    const after = await t.waitFor(/\[exit \d+\]/);
    expect(after).toContain('[exit 0]');
    expect(after).not.toContain('1–10 of');
  });
});

describe('dms browse on rows of the deployment queue (what deployed servers send)', () => {
  it("lists the newest deployment's subject and short sha; its detail shows the whole message and the duration", async () => {
    const queueApp = e2e.demo.seed.applications.find((a) => a.shape === 'queue')!.uuid;
    const page = await createClient({ baseUrl: e2e.demo.url, token: e2e.demo.token }).listDeployments(queueApp, { skip: 0, take: 10 });
    // The newest whose message has a body, so the detail has more than the subject to show.
    const index = page.deployments.findIndex((d) => String(d.commit_message).includes('\n\n') && d.commit !== 'HEAD');
    expect(index).toBeGreaterThanOrEqual(0);
    const target = page.deployments[index]!;
    const [subject, , ...body] = String(target.commit_message).split('\n');
    const newest = page.deployments[0]!;
    const t = e2e.launch(`browse ${queueApp}`, { width: 120, height: 36, env: { DMS_CONFIG_DIR: configDir } });
    const list = await t.waitFor(/1–10 of \d+/);
    const first = dataLines(list)[0]!;
    expect(first).toContain(String(newest.commit).slice(0, 7));
    expect(first).toContain(String(newest.commit_message).split('\n')[0]!.slice(0, 30));
    expect(list).toContain('app orders-worker');
    expect(list).not.toMatch(/invalid|unexpected type/);
    // The newest one's detail: its whole message, and how long it has been running.
    t.keys('Enter');
    const newestDetail = await t.waitFor(`Deployment ${newest.id}`);
    for (const line of String(newest.commit_message)
      .split('\n')
      .filter((l) => l.trim()))
      expect(newestDetail).toContain(line);
    expect(newestDetail).toMatch(/duration\s+(\d+m \d\ds|\d+s)( so far)?/);
    t.keys('Escape');
    await t.waitFor((s) => /1–10 of \d+/.test(s) && !s.includes('Summary'));
    for (let i = 0; i < index; i++) t.keys('j');
    await t.waitFor((s) => (s.split('\n').find((l) => l.startsWith('›')) ?? '').includes(String(target.commit).slice(0, 7)));
    t.keys('Enter');
    const detail = await t.waitFor(`Deployment ${target.id}`);
    expect(detail).toContain(String(target.commit));
    expect(detail).toContain(subject!);
    for (const line of body) expect(detail).toContain(line);
    expect(detail).toMatch(/duration\s+\d+m \d\ds|duration\s+\d+s/);
    expect(detail).not.toContain('invalid type');
    t.keys('q');
    await t.waitFor('[exit 0]');
  });
});

describe('dms browse in a terminal that changes size', () => {
  it('follows resizes: columns drop and come back, every table line closed, nothing wider than the terminal', async () => {
    const t = launch(100, 30);
    await t.waitFor(/1–10 of \d+/);
    const tableLines = (s: string) => s.split('\n').filter((l) => /^[› ] [┌│├└]/.test(l));
    // Width, height, and what the heading then shows: the least important columns drop and come back.
    const sizes = [
      [60, 22, (s: string) => s.includes('subject') && !s.includes('duration')],
      // 130: the started column's fixed 11 cells (`20h 18m ago`) leave branch no room at 120 on the demo.
      [130, 36, (s: string) => s.includes('branch')],
      // At 80 columns id stays; duration and branch go (source, branch, duration, server go first).
      [80, 24, (s: string) => s.includes('│ id') && !s.includes('duration') && !s.includes('branch')],
    ] as const;
    for (const [w, h, columns] of sizes) {
      t.resize(w, h);
      // Right after the resize tmux shows the old frame cut to the new width: wait for dms's own.
      const screen = await t.waitFor(
        (s) =>
          columns(s) &&
          tableLines(s).length === 14 &&
          s.startsWith('dms  context') &&
          s.split('\n').every((l) => l.length <= w) &&
          tableLines(s).every((l) => /[┐│┤┘]$/.test(l.trimEnd())),
      );
      expect(screen).toMatch(/1–10 of \d+/);
    }
    // Keys that reach dms in one read each count.
    t.type('jjj');
    await t.waitFor((s) => s.split('\n').findIndex((l) => l.startsWith('›')) === s.split('\n').findIndex((l) => /^[› ] │/.test(l)) + 5); // heading, separator, then rows 1–4
    t.keys('q');
    await t.waitFor('[exit 0]');
  });
});

describe('dms browse with CI set in the shell', () => {
  // One run each (two in one test overran its time on a busy machine), with the token that reads
  // no logs: what is checked is that frames are drawn, not pages of megabytes of logs.
  it.each(['CI', 'CONTINUOUS_INTEGRATION'])(
    '%s set: still draws live frames (Ink would otherwise wait for exit) and quits',
    async (name) => {
      const t = launch(100, 30, { [name]: name === 'CI' ? 'true' : '1', DMS_TOKEN: e2e.demo.tokenNoLogs });
      await t.waitFor(/1–10 of \d+/);
      t.keys('n');
      await t.waitFor(/11–20 of \d+/);
      t.keys('q');
      await t.waitFor('[exit 0]');
    },
  );
});

describe('dms browse colours', () => {
  it('NO_COLOR leaves no colour codes; without it the status is coloured', async () => {
    const t = launch(100, 30, { NO_COLOR: '1' });
    await t.waitFor(/1–10 of \d+/);
    const plain = t.screen({ escapes: true });
    // Colour SGR codes: 30–38 and 90–97 foreground, 40–48 and 100–107 background (39/49 only reset).
    const colours = [...plain.matchAll(/\u001b\[([\d;]*)m/g)]
      .flatMap((m) => m[1]!.split(';'))
      .filter((p) => /^(3[0-8]|9[0-7]|4[0-8]|10[0-7])$/.test(p));
    expect(colours).toEqual([]);
    // The picker (its typed line, its muted placeholder left out) has no colour either.
    t.keys('Escape');
    await t.waitFor('Open an application');
    const picker = [...t.screen({ escapes: true }).matchAll(/\u001b\[([\d;]*)m/g)]
      .flatMap((m) => m[1]!.split(';'))
      .filter((p) => /^(3[0-8]|9[0-7]|4[0-8]|10[0-7])$/.test(p));
    expect(picker).toEqual([]);
    // Style without colour stays: the picker's cursor is inverse.
    expect(t.screen({ escapes: true })).toMatch(/\u001b\[7m/);
    t.keys('C-c');
    await t.waitFor('[exit 0]');
    t.kill();
    const c = launch(100, 30, { FORCE_COLOR: '1' });
    await c.waitFor(/1–10 of \d+/);
    expect(c.screen({ escapes: true })).toMatch(/\u001b\[[\d;]*m/);
  });
});
