// Fails when files under src/ import each other in a circle, type-only imports included (a cycle
// of types still ties two modules into one). Run by `npm test` (and `npm run lint`); prints each
// cycle as a chain of files.
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
      if (w === start) { last = at; break; }
      if (!before.has(w)) { before.set(w, at); queue.push(w); }
    }
  }
  const path = [];
  for (let at = last; at !== null && at !== undefined; at = before.get(at)) path.unshift(at);
  return [...path, start].map((p) => relative(root, p)).join(' → ');
}

if (cycles.length > 0) {
  console.error(`${cycles.length} import cycle${cycles.length === 1 ? '' : 's'} in src/ (type-only imports count):`);
  for (const c of cycles) console.error(`  ${chain(c)}${c.length > 2 ? ` (${c.length} files in all)` : ''}`);
  process.exit(1);
}
console.log(`no import cycle among ${graph.size} files of src/`);
