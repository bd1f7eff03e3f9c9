// The built binary in a real terminal (tmux), in a zone that is not UTC: T shows the list's,
// the detail's and the log's times as the local date and time with the zone, T again as
// "3d 4h ago"; the choice is kept in the config folder, so a restart opens with it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';
import { tempDir } from '../support/temp.js';
import { until } from '../support/render.js';

const TIMEOUT = 60_000;
const e2e = setUpDemo('times');
let app: string;

beforeAll(() => {
  app = e2e.demo.seed.applications[0]!.uuid;
});

function launch(configDir: string): TmuxSession {
  return e2e.launch(`browse ${app}`, { width: 160, height: 36, env: { DMS_CONFIG_DIR: configDir, TZ: 'Europe/Berlin' } });
}

/** The started cells of the table's rows. */
function started(screen: string): string[] {
  const lines = screen.split('\n');
  const heading = lines.find((l) => /│ started +│/.test(l));
  if (!heading) return [];
  const at = heading.indexOf('│ started') + 2;
  const end = heading.indexOf('│', at);
  return lines
    .filter((l) => /^[› ] │/.test(l) && l !== heading)
    .map((l) => l.slice(at, end).trim())
    .filter(Boolean);
}

const RELATIVE = /^(just now|\d+[smhdwy]( \d+[smhdw])? ago)$/;
// Berlin: +01 in winter, +02 in summer.
const ABSOLUTE = /^\d{4}-\d\d-\d\d \d\d:\d\d \+0[12]$/;
const allOf = (re: RegExp) => (s: string) => started(s).length >= 5 && started(s).every((c) => re.test(c));

describe('T in dms browse', () => {
  it(
    'list, detail and log show absolute local times with the zone and back; a restart keeps the choice',
    async () => {
      const dir = tempDir('dms-e2e-times-');
      const t = launch(dir);
      const first = await t.waitFor(/1–\d+ of \d+/, 30_000);
      expect(
        started(first).every((c) => RELATIVE.test(c)),
        started(first).join(' | '),
      ).toBe(true);
      // Two units: rows of the demo hours apart read differently.
      expect(new Set(started(first)).size).toBe(started(first).length);
      expect(first).toContain('T ago/date');

      t.keys('T');
      await t.waitFor(allOf(ABSOLUTE));
      t.keys('T');
      await t.waitFor(allOf(RELATIVE));
      t.keys('T');
      await t.waitFor(allOf(ABSOLUTE));

      // The detail: the date first (local, with its offset, and UTC), then how long ago; T swaps them.
      t.keys('Enter');
      const detail = await t.waitFor(/ {2}started +\d{4}-/);
      expect(detail).toMatch(/ {2}started +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0[12]:00 · .*UTC {2}\(\d+\w+( \d+\w+)? ago\)/);
      t.keys('T');
      await t.waitFor(/ {2}started +\d+\w+( \d+\w+)? ago {2}\(\d{4}-/);
      t.keys('T');
      await t.waitFor(/ {2}started +\d{4}-/);

      // The log's title says when it started, in the same form.
      t.keys('l');
      await t.waitFor(/Log \d+ · .* · started \d{4}-\d\d-\d\d \d\d:\d\d \+0[12]/);
      t.keys('q');
      await t.waitFor('[exit 0]', 30_000);
      const file = join(dir, 'display.json');
      await until(() => existsSync(file) && readFileSync(file, 'utf8').includes('"absolute"'), 'display.json');
      t.kill();

      // Restarted: absolute from the first frame.
      const again = launch(dir);
      const reopened = await again.waitFor((s) => /1–\d+ of \d+/.test(s) && started(s).length >= 5, 30_000);
      expect(
        started(reopened).every((c) => ABSOLUTE.test(c)),
        started(reopened).join(' | '),
      ).toBe(true);
      again.keys('q');
      await again.waitFor('[exit 0]', 30_000);
    },
    TIMEOUT,
  );
});
