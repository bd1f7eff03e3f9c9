// Figure 4 (parse): the client's list reading (readListBody) on a saved list body, in a fresh process.
// Bundled at bench time; usage: node parse.js BODY.json. Prints one JSON line.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { readListBody } from '../src/api/client.js';
import { readDeploymentListFast } from '../src/api/schemas/deployment-page.js';
import { columnsTable } from '../src/commands/table.js';
import { viewOf } from '../src/model/deployment.js';
import { settingsChanged } from '../src/model/settings.js';
import { PLAIN, cellsOf, fitColumns, pageColumns } from '../src/model/columns.js';

const file = process.argv[2];
if (!file) throw new Error('usage: parse.js BODY.json');
const text = readFileSync(file, 'utf8');

let t = performance.now();
const body: unknown = JSON.parse(text);
const jsonMs = performance.now() - t;

t = performance.now();
const page = await readListBody(body);
const coldMs = performance.now() - t;
if (!page) throw new Error('not a deployment list');

const warm: number[] = [];
for (let i = 0; i < 5; i++) {
  const again: unknown = JSON.parse(text);
  t = performance.now();
  await readListBody(again);
  warm.push(performance.now() - t);
}
warm.sort((a, b) => a - b);

// The headless human table of every row (what `dms deployments APP --take 1000` prints): the
// deployment model, the Δ comparisons, the columns, the text.
t = performance.now();
const now = Date.now();
const views = page.deployments.map(viewOf);
const cells = views.map((v, i) => cellsOf(v, now, { changed: settingsChanged(v.record, views[i + 1]?.record) }));
const { columns } = pageColumns(cells);
const out = columnsTable(fitColumns(columns, cells, Infinity, PLAIN), cells);
const tableMs = performance.now() - t;

process.stdout.write(
  `${JSON.stringify({
    records: page.deployments.length,
    withoutZod: readDeploymentListFast(body) !== undefined,
    bytes: Buffer.byteLength(text),
    jsonMs,
    coldMs,
    warmMs: warm[2],
    tableMs,
    tableChars: out.length,
  })}\n`,
);
