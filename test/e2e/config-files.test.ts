// The built binary in a real terminal (tmux) with a FIFO where the TUI reads a file of its config
// folder: keys.json, recents.json (the picker), page-sizes.json (the list's first page) and a
// draft (the create form). A FIFO with no writer blocks a plain open() for ever; each screen must
// come up as if the file were not there (keys.json says why in the footer).
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SEED } from '../../src/demo/seed.js';
import { tempDir } from '../support/temp.js';
import { tenPerPage } from '../support/page-sizes.js';
import { fittingTake } from '../../src/tui/take.js';
import { setUpTerminals } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';

const APP = DEMO_SEED.applications[0]!.uuid;
const TIMEOUT = 60_000;
const terminals = setUpTerminals('fifo');

/** A config folder with a FIFO at `file` (a path inside it). */
function withFifo(file: string): string {
  const dir = tempDir('dms-e2e-fifo-');
  mkdirSync(join(dir, file, '..'), { recursive: true });
  execFileSync('mkfifo', [join(dir, file)]);
  // Pages of 10 remembered, unless the FIFO is where they are remembered.
  return file === 'page-sizes.json' ? dir : tenPerPage(dir);
}

function launch(dir: string, args: string): TmuxSession {
  return terminals.launch(args, { width: 160, height: 30, env: { DMS_CONFIG_DIR: dir } });
}

describe('a FIFO in the config folder, read by the TUI', () => {
  it(
    'keys.json: the list comes up with the default keys and says why in one line',
    async () => {
      const t = launch(withFifo('keys.json'), `browse ${APP} --demo`);
      const screen = await t.waitFor((s) => /1–10 of \d+/.test(s) && s.includes('keys.json'), 30_000);
      expect(screen).toContain('keys.json is a named pipe (FIFO), not a regular file — default keys in use');
      t.keys('q');
      await t.waitFor('[exit 0]', 30_000);
    },
    TIMEOUT,
  );

  it(
    'recents.json: the picker comes up with no recent applications',
    async () => {
      const dir = withFifo('recents.json');
      const t = launch(dir, '--demo');
      await t.waitFor('Open an application', 30_000);
      t.keys('C-c');
      await t.waitFor('[exit 0]', 30_000);
      expect(lstatSync(join(dir, 'recents.json')).isFIFO()).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'page-sizes.json: the list comes up with the rows that fit (no size remembered)',
    async () => {
      const t = launch(withFifo('page-sizes.json'), `browse ${APP} --demo`);
      await t.waitFor(`1–${fittingTake(30)} of `, 30_000);
      t.keys('q');
      await t.waitFor('[exit 0]', 30_000);
    },
    TIMEOUT,
  );

  it(
    'drafts/create-app.json: the form comes up empty',
    async () => {
      const t = launch(withFifo(join('drafts', 'create-app.json')), 'create app --demo');
      const screen = await t.waitFor('Create application', 30_000);
      expect(screen).not.toContain('Restored your draft');
      t.keys('C-c');
      await t.waitFor(/\[exit \d+\]/, 30_000);
    },
    TIMEOUT,
  );
});
