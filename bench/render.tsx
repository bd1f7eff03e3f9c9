// Figures 3, 4 (table render), 5, 6 (render/list.tsx), 7 (the log viewer, the soak on a page with
// logs: render/log.tsx), 8 (`/` over the whole history: render/search.tsx) and 9 (the list's
// table alone, dms's frame against ink-table's: render/tables.tsx): the TUI's
// deployments screen rendered by Ink into a fake terminal (render/terminal.ts), in-process.
// Bundled at bench time (bench/run.mjs) with the settings of the binary; run with --expose-gc.
// Prints one JSON line.
//
//   node --expose-gc render.js budget --pairs N (--body FILE | --url U --token T --app A)
//   node --expose-gc render.js big --body FILE
//   node --expose-gc render.js soak --url U --token T --app A [--pages 200] [--refreshes 100]
//   node --expose-gc render.js logview --body FILE --pairs N [--moves M]
//   node --expose-gc render.js logsoak --url U --token T --app A [--ticks 120] [--period 25]
//   node --expose-gc render.js search --url U --token T --app A [--repeat 3] [--moves-query failed]
//   node --expose-gc render.js tables --body FILE --pairs N
import { mode } from './render/common.js';
import { big, budget, burst, soak } from './render/list.js';
import { logSoak, logView } from './render/log.js';
import { search } from './render/search.js';
import { tables } from './render/tables.js';

const run = { budget, big, soak, burst, logview: logView, logsoak: logSoak, search, tables }[mode ?? ''];
if (!run) {
  process.stderr.write('usage: render.js budget|big|soak|burst|logview|logsoak|search|tables …\n');
  process.exit(2);
}
const result = await run();
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
