// What the TUI's first frame costs, module by module: builds dms with source maps (DMS_PROFILE_BUILD=1,
// in a temp folder), runs `dms browse APP` against the bench's demo in a pseudo-terminal with
// `--cpu-prof` until "1–N of" is on screen (then SIGINT: it exits and writes the profile), and
// sums the CPU samples of the screen's thread by the source file they map to. Prints a Markdown
// table for docs/performance.md: every module that ran before the frame (the profile's time runs
// to the exit, a few ms after the frame), its samples and its bytes in the bundle.
//
//   node bench/first-frame-profile.mjs [--runs N] [--shape light|queue|heavy]   (figure 1's shapes: bench/lib/shapes.mjs)
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { loadavg } from 'node:os';
import { basename, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundle, ROOT } from './lib/bundle.mjs';
import { startDemo } from './lib/demo.mjs';
import { benchTemp, timed } from './lib/proc.mjs';
import { pageShape } from './lib/shapes.mjs';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(flag('--runs') ?? 5);
const shape = flag('--shape') ?? 'light';

const tmp = benchTemp('dms-profile-');
const dist = join(tmp, 'dist');
execFileSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], {
  env: { ...process.env, DMS_DIST: dist, DMS_PROFILE_BUILD: '1' },
  stdio: 'inherit',
});
// esbuild's metafile of the bundle (meta.json).
const metas = readdirSync(dist)
  .filter((f) => f.endsWith('meta.json'))
  .map((f) => JSON.parse(readFileSync(join(dist, f), 'utf8')));
// The page shapes of figure 1 (bench/lib/shapes.mjs): the deployed ones need their rows built at start.
const demo = await startDemo(await bundle('bench/demo-serve.ts', join(tmp, 'demo'), 'demo-serve'), {
  deployedRows: shape === 'light' ? undefined : 36,
});

/** Source maps by output file. */
const maps = new Map();
function mapOf(file) {
  if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
  return maps.get(file);
}
/** A source named by a map beside `file`: its path from the project's root (node_modules/… for packages). */
const name = (source, file) => {
  if (source.includes('node_modules/')) return source.replace(/^.*node_modules\//, 'node_modules/');
  const url = new URL(source, pathToFileURL(file));
  // A package's map may name its sources by another scheme (webpack://…): kept as written.
  if (url.protocol !== 'file:') return source;
  return relative(ROOT, fileURLToPath(url)).replace(/^(\.\.\/)+/, '');
};

const selfBy = new Map();
let total = 0;
const special = new Map();
try {
  const page = pageShape(demo, shape, join(tmp, 'config'));
  for (let run = 0; run < RUNS; run++) {
    const profDir = join(tmp, `prof-${run}`);
    await timed(
      [process.execPath, '--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=1000', join(dist, 'dms.js'), 'browse', page.app],
      {
        env: page.env,
        pty: '120x36',
        until: '1–[0-9]+ of',
        stopSignal: 'INT',
      },
    );
    // The screen's thread: the first profile written by the process (a worker's has a higher thread number).
    const files = readdirSync(profDir).sort();
    const profile = JSON.parse(readFileSync(join(profDir, files[0]), 'utf8'));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const timeOf = new Map();
    profile.samples.forEach((id, i) => timeOf.set(id, (timeOf.get(id) ?? 0) + profile.timeDeltas[i]));
    for (const [id, us] of timeOf) {
      const { callFrame } = nodes.get(id);
      total += us;
      let key;
      if (!callFrame.url) key = `(${callFrame.functionName || 'anonymous'})`;
      else if (callFrame.url.startsWith('node:') || !callFrame.url.includes(dist)) key = `node: ${callFrame.url.replace(/^node:/, '')}`;
      else {
        const file = callFrame.url.startsWith('file:') ? fileURLToPath(callFrame.url) : callFrame.url;
        const map = mapOf(file);
        const column = callFrame.columnNumber;
        const entry = map?.findEntry(callFrame.lineNumber, Math.max(0, column));
        key = entry?.originalSource ? name(entry.originalSource, file) : `${basename(file)} (unmapped)`;
      }
      if (key.startsWith('(') || key.startsWith('node: ')) special.set(key, (special.get(key) ?? 0) + us);
      else selfBy.set(key, (selfBy.get(key) ?? 0) + us);
    }
  }
} finally {
  await demo.close();
}

// Bytes each module has in the build (dms-app.js).
const bytes = new Map();
for (const meta of metas) {
  for (const out of Object.values(meta.outputs))
    for (const [input, { bytesInOutput }] of Object.entries(out.inputs))
      bytes.set(input.replace(/^.*node_modules\//, 'node_modules/'), bytesInOutput);
}

const ms = (us) => (us / 1000 / RUNS).toFixed(1);
const pkg = (m) =>
  m.startsWith('node_modules/')
    ? m
        .split('/')
        .slice(1, m.split('/')[1].startsWith('@') ? 3 : 2)
        .join('/')
    : m.split('/').slice(0, 2).join('/');
const byPkg = new Map();
for (const [m, us] of selfBy) byPkg.set(pkg(m), (byPkg.get(pkg(m)) ?? 0) + us);
const out = [];
out.push(
  `First frame of \`dms browse\` (${shape} page), CPU samples of the screen's thread from start to exit (SIGINT at the frame), mean of ${RUNS} runs; load ${loadavg()[0].toFixed(1)}. Total ${ms(total)} ms.`,
);
out.push('', '| where | ms |', '| --- | ---: |');
for (const [k, us] of [...special].sort((a, b) => b[1] - a[1]).slice(0, 12)) out.push(`| ${k} | ${ms(us)} |`);
out.push('', '| package or folder | ms |', '| --- | ---: |');
for (const [k, us] of [...byPkg].sort((a, b) => b[1] - a[1])) out.push(`| ${k} | ${ms(us)} |`);
out.push('', '| module | ms | bytes in the build |', '| --- | ---: | ---: |');
// A package mapped to its own sources by its maps (ink/src/x.ts) weighs what its build (ink/build/x.js) does.
const bytesOf = (k) =>
  bytes.get(k) ?? bytes.get(k.replace(/^(node_modules\/(?:@[^/]+\/)?[^/]+)\/src\//, '$1/build/').replace(/\.tsx?$/, '.js'));
for (const [k, us] of [...selfBy].sort((a, b) => b[1] - a[1])) out.push(`| ${k} | ${ms(us)} | ${bytesOf(k) ?? ''} |`);
process.stdout.write(`${out.join('\n')}\n`);
