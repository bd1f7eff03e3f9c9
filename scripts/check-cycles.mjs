// Fails when files under src/ import each other in a circle, or when a file imports from a layer
// above its own; type-only imports count for both (a type still ties one module to the other). Run
// by `npm test` (and `npm run lint`); prints each cycle as a chain of files and each upward arrow.
//
// The layers of src/, bottom to top (docs/architecture.md, "Layers"): a file imports from its own
// layer or the ones below it, never from one above.
//   text      plain text: widths, ANSI, secrets hidden, sanitising
//   config    the config folder: contexts, tokens, drafts, recents
//   api       the only code that speaks HTTP: client, schemas, typed errors (no CLI words)
//   model     what records mean: views, logs, columns, the history scan's reading
//   forms · search · demo · cache   the create forms' fields, the whole-history search, the demo
//             service, the page cache (what dms has shown, kept on disk)
//   commands  the headless commands and what they share (args, the session, output)
//   start     the binary's machinery: code caches, the scripts run from them, the training run
//   tui       the interactive UI (Ink)
//   cli.ts    argv -> a command or the TUI
import ts from 'typescript';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const src = join(root, 'src');

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** A relative specifier (`./x.js`) as the source file it names. */
function target(from, spec) {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec).replace(/\.js$/, '');
  return ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((p) => existsSync(p));
}

/** Bottom to top; each entry a layer, named by its folders (or files) under src/. */
const LAYERS = [
  ['text'],
  ['config'],
  ['api'],
  ['model'],
  ['forms', 'search', 'demo', 'cache'],
  ['commands'],
  ['start'],
  ['tui'],
  ['cli.ts', 'docs'],
];

/** The layer of a file under src/: its index in LAYERS. */
function layerOf(file) {
  const top = relative(src, file).split('/')[0];
  return LAYERS.findIndex((names) => names.includes(top));
}

const graph = new Map();
for (const file of files(src)) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  graph.set(file, [...new Set(importedFiles.map((f) => target(file, f.fileName)).filter(Boolean))]);
}

// Tarjan's strongly connected components: every component of more than one file is a cycle.
let index = 0;
const stack = [];
const meta = new Map();
const cycles = [];
function visit(v) {
  meta.set(v, { index, low: index, on: true });
  index++;
  stack.push(v);
  for (const w of graph.get(v) ?? []) {
    if (!meta.has(w)) {
      visit(w);
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
    } else if (meta.get(w).on) {
      meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
    }
  }
  if (meta.get(v).low === meta.get(v).index) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      meta.get(w).on = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component);
  }
}
for (const v of graph.keys()) if (!meta.has(v)) visit(v);

/** The shortest circle through a component's first file, as a readable chain: a → b → a. */
function chain(component) {
  const inside = new Set(component);
  const start = component[0];
  const before = new Map([[start, null]]);
  const queue = [start];
  let last;
  while (queue.length > 0 && last === undefined) {
    const at = queue.shift();
    for (const w of graph.get(at)) {
      if (!inside.has(w)) continue;
      if (w === start) {
        last = at;
        break;
      }
      if (!before.has(w)) {
        before.set(w, at);
        queue.push(w);
      }
    }
  }
  const path = [];
  for (let at = last; at !== null && at !== undefined; at = before.get(at)) path.unshift(at);
  return [...path, start].map((p) => relative(root, p)).join(' → ');
}

const name = (file) => relative(root, file);
const unplaced = [...graph.keys()].filter((file) => layerOf(file) < 0);
const upward = [...graph].flatMap(([file, imports]) =>
  imports
    .filter((to) => layerOf(file) >= 0 && layerOf(to) > layerOf(file))
    .map((to) => `${name(file)} → ${name(to)} (${LAYERS[layerOf(file)].join('/')} imports ${LAYERS[layerOf(to)].join('/')})`),
);

if (cycles.length > 0) {
  console.error(`${cycles.length} import cycle${cycles.length === 1 ? '' : 's'} in src/ (type-only imports count):`);
  for (const c of cycles) console.error(`  ${chain(c)}${c.length > 2 ? ` (${c.length} files in all)` : ''}`);
}
if (unplaced.length > 0) {
  console.error(
    `${unplaced.length} file${unplaced.length === 1 ? '' : 's'} of src/ in no layer (add the folder to LAYERS in scripts/check-cycles.mjs):`,
  );
  for (const file of unplaced) console.error(`  ${name(file)}`);
}
if (upward.length > 0) {
  console.error(
    `${upward.length} import${upward.length === 1 ? '' : 's'} from a layer above (type-only imports count; layers in scripts/check-cycles.mjs):`,
  );
  for (const arrow of upward) console.error(`  ${arrow}`);
}
if (cycles.length + unplaced.length + upward.length > 0) process.exit(1);
console.log(`no import cycle and no import from a layer above among ${graph.size} files of src/`);
