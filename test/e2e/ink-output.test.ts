// The built binary draws with src/text/ink-output.ts in place of Ink's Output
// (scripts/ink-output-patch.mjs). Side by side in two real terminals, the binary under test and
// the same sources built without that plugin (Ink's own Output): every screen, colour codes
// included (capture-pane -e), must be the same, through the list, its cursor and pages, the
// detail, the log viewer and a resize.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { saveTimeMode } from '../../src/config/display.js';
import { BIN } from '../support/bin.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';
import { tempDir } from '../support/temp.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const e2e = setUpDemo('output');
let configs: string[] = [];
let stockBin: string;
/** The binary under test's terminal and the stock build's, side by side. */
let sessions: TmuxSession[] = [];

beforeAll(() => {
  // Absolute times: a minute that turns between the two captures cannot tell them apart.
  configs = [tempDir('dms-e2e-output-a-'), tempDir('dms-e2e-output-b-')];
  for (const dir of configs) saveTimeMode(dir, 'absolute');
  const out = tempDir('dms-e2e-output-stock-');
  // The binary's build, less the plugin that puts the stand-in in place (an ES module that runs
  // the CLI, with the packages in it: no vendor scripts, no code cache).
  const entry = join(out, 'entry.mjs');
  writeFileSync(entry, `import { run } from ${JSON.stringify(join(ROOT, 'src/cli.ts'))};\nawait run();\n`);
  const script = `
    import { build } from 'esbuild';
    import { esbuildOptions } from ${JSON.stringify(join(ROOT, 'scripts/esbuild-options.mjs'))};
    const o = esbuildOptions({ dms: ${JSON.stringify(entry)}, 'search-worker': ${JSON.stringify(join(ROOT, 'src/search/worker.ts'))} }, ${JSON.stringify(out)});
    if (!o.plugins.some((p) => p.name === 'ink-output-patch')) throw new Error('no ink-output-patch plugin in the build');
    await build({ ...o, plugins: o.plugins.filter((p) => p.name !== 'ink-output-patch') });`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  stockBin = join(out, 'dms.js');
});

type Fact = RegExp | string | ((screen: string) => boolean);

/** Both screens, colour codes included, once each shows `fact` and they agree (the screen, as text, is returned). */
async function same(fact: Fact): Promise<string> {
  const [ours, stock] = sessions as [TmuxSession, TmuxSession];
  const shown = await ours.waitFor(fact);
  await stock.waitFor(fact);
  let a = '';
  let b = '';
  // The two processes draw at their own pace: wait (on the screens, not a clock) until they agree.
  // Times are each process's own ("updated 0 s ago", "for 3m 55s"): on a busy machine the two
  // start a second apart and may never show the same one, so a number of seconds, minutes, hours
  // or days is compared as a number, not its digits; every other byte must be the same.
  const times = (screen: string) => screen.replace(/\d+(?= ?[smhd]\b)/g, '#');
  await stock
    .waitFor(() => {
      a = times(ours.screen({ escapes: true }));
      b = times(stock.screen({ escapes: true }));
      return a === b;
    }, 10_000)
    .catch(() => {});
  expect(a).toBe(b);
  return shown;
}

const range = (screen: string) => /(\d+)–(\d+) of/.exec(screen)?.[0];
/** The line the cursor's › is on. */
const cursorAt = (screen: string) => screen.split('\n').findIndex((l) => l.startsWith('›'));

describe("dms's output stage in a real terminal", () => {
  it("draws the same bytes as Ink's own: list, cursor, pages, detail, log, resize", async () => {
    const app = e2e.demo.seed.applications[0]!.uuid;
    sessions = [BIN, stockBin].map((bin, i) =>
      e2e.launch(`browse ${app}`, {
        bin,
        width: 120,
        height: 36,
        env: { DMS_CONFIG_DIR: configs[i]!, COLORTERM: 'truecolor' },
      }),
    );
    const both = (...keys: string[]) => {
      for (const s of sessions) s.keys(...keys);
    };
    let screen = await same((s) => /1–\d+ of/.test(s) && cursorAt(s) >= 0);
    expect(sessions[0]!.screen({ escapes: true })).toContain('\u001b['); // in colour
    const top = cursorAt(screen);
    const firstPage = range(screen);
    both('j', 'j', 'Down');
    await same((s) => cursorAt(s) === top + 3);
    both('n');
    screen = await same((s) => !!range(s) && range(s) !== firstPage && cursorAt(s) >= 0);
    const secondPage = range(screen);
    both('Enter');
    await same('Deployment ');
    both('Escape');
    await same((s) => range(s) === secondPage && !s.includes('Deployment '));
    both('l');
    screen = await same('Log ');
    const logTitle = screen.split('\n').find((l) => l.startsWith('Log '));
    both('PageUp');
    await same((s) => s.split('\n').some((l) => l.startsWith('Log ') && l !== logTitle));
    both('Escape');
    await same((s) => range(s) === secondPage && !s.includes('Log '));
    for (const s of sessions) s.resize(80, 24);
    screen = await same((s) => !!range(s) && s.split('\n').every((l) => l.length <= 80) && cursorAt(s) >= 0);
    both('j');
    await same((s) => s !== screen && cursorAt(s) >= 0);
  });
});
