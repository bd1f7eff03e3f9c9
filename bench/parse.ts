// Figure 4 (parse): the client's list reading (readListBody) on a saved list body, in a fresh process.
// Bundled at bench time; usage: node parse.js BODY.json. Prints one JSON line.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { readListBody } from '../src/api/client.js';
import { readDeploymentListFast } from '../src/api/schemas/deployment-fields.js';
import { table } from '../src/commands/table.js';
import { clean } from '../src/text/sanitize.js';
import { relativeTime, shortSha, statusLabel } from '../src/text/format.js';

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

// The headless human table of every row (what `dms deployments APP --take 1000` prints).
t = performance.now();
const now = Date.now();
const out = table(['ID', 'STATUS', 'COMMIT', 'BRANCH', 'CREATED'], page.deployments.map((d) => [
  clean(String(d.id ?? '')), clean(statusLabel(d.status)), clean(shortSha(d.git_commit_sha)), clean(d.git_branch ?? ''),
  relativeTime(d.created_at, now),
]));
const tableMs = performance.now() - t;

process.stdout.write(`${JSON.stringify({
  records: page.deployments.length, withoutZod: readDeploymentListFast(body) !== undefined, bytes: Buffer.byteLength(text), jsonMs, coldMs, warmMs: warm[2], tableMs, tableChars: out.length,
})}\n`);
