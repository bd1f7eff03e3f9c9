// The packages dms loads on every start as plain scripts (dist/<name>-vendor.cjs) instead of ES
// modules, so V8 can keep their compiled code between runs (src/start/code-cache.ts): Node's own
// compile cache (22+) keeps only what V8 compiles before an ES module runs, and the first frame
// then compiles the rest again every start (docs/performance.md, "Issue 32": 1.48x the first
// frame). `ui`: React, Ink and ink-table (the TUI only); `got` (every command that talks to the
// server, and the search worker); `zod` (those that read records; apart from got, as `dms logs`
// reads no schema).
// In the binary, each package's import becomes a stand-in that reads the script's exports
// (src/start/vendor-script.ts loads it). The packages' code is the same, with its top-level awaits
// taken out (a script cannot have them): yoga's WebAssembly start becomes a promise awaited before
// the UI renders, and Ink's awaits that run only with DEV=true (React devtools, not shipped) go.
// Each edit finds what it takes out by its meaning (a pattern, not a copy of the file), so a new
// release of Ink or yoga builds as long as it still does the same; one that no longer needs an
// edit builds too. Only an await left at the top level stops the build, naming the file.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT, esbuildOptions } from './esbuild-options.mjs';

/** Each script's packages, by the name its exports object gives them. */
export const SCRIPTS = {
  ui: { react: 'react', jsx: 'react/jsx-runtime', ink: 'ink', table: '@alcalzone/ink-table' },
  got: { got: 'got' },
  zod: { zod: 'zod' },
};
const LOADER = join(ROOT, 'src/start/vendor-script.ts');

/** Applies each [pattern, replacement] that matches; what matches nothing is left (the package may no longer need it). */
function edit(path, edits) {
  let text = readFileSync(path, 'utf8');
  for (const [pattern, to] of edits) text = text.replace(pattern, to);
  return { contents: text, loader: 'js', resolveDir: dirname(path) };
}

// Upstream, each would be one change (docs/performance.md, "Issue 32"): yoga-layout's index could
// export the promise its `yoga-layout/load` entry already has; Ink could import its devtools and
// read its package.json inside the function that runs only with DEV=true.
const noTopLevelAwait = {
  name: 'no-top-level-await',
  setup(b) {
    // `const Yoga = wrapAssembly(await loadYoga()); export default Yoga;`. Until the WebAssembly
    // is ready, Yoga holds its constants (YGEnums' default export, which the assembly carries
    // too): Ink 8 reads `Yoga.EDGE_TOP` and kin as its modules load.
    b.onLoad({ filter: /[\\/]yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/ }, (a) =>
      edit(a.path, [
        [
          /const (\w+) = (\w+)\(await (\w+)\(\)\);\s*export default \1;/,
          'import __yogaConstants from "./generated/YGEnums.js";\nlet $1 = { ...__yogaConstants };\nexport const yogaReady = $3().then((m) => { $1 = $2(m); });\nexport { $1 as default };',
        ],
      ]),
    );
    // Both only when DEV=true: React devtools (not shipped: scripts/stubs) and Ink's name and
    // version for them (its defaults stand).
    b.onLoad({ filter: /[\\/]ink[\\/]build[\\/]reconciler\.js$/ }, (a) =>
      edit(a.path, [
        [/await import\((['"])\.\/devtools\.js\1\);?/g, 'void 0;'],
        [/await loadPackageJson\(\)/g, '({})'],
      ]),
    );
  },
};

/** Builds dist/<name>-vendor.cjs for each script; resolves with their content hashes (the code caches' keys). */
export async function buildVendorScripts(out) {
  const hashes = {};
  for (const [name, packages] of Object.entries(SCRIPTS)) {
    const contents = [
      ...Object.entries(packages).map(([k, p]) => `import * as ${k} from '${p}';`),
      // What the script's start waits for before it is used (ui: yoga's WebAssembly).
      name === 'ui' ? "export { yogaReady as ready } from 'yoga-layout';" : 'export const ready = undefined;',
      `export { ${Object.keys(packages).join(', ')} };`,
    ].join('\n');
    const base = esbuildOptions({}, out);
    const file = join(out, `${name}-vendor.cjs`);
    const profiling = process.env.DMS_PROFILE_BUILD === '1';
    const result = await build({
      ...base,
      entryPoints: undefined,
      outdir: undefined,
      stdin: { contents, resolveDir: ROOT, sourcefile: `${name}-vendor-entry.js`, loader: 'js' },
      outfile: file,
      format: 'cjs',
      banner: {},
      plugins: [...base.plugins, noTopLevelAwait],
      sourcemap: profiling ? 'external' : false,
      metafile: profiling,
    });
    // DMS_PROFILE_BUILD=1: what each module weighs in the script (bench/first-frame-profile.mjs).
    if (profiling) writeFileSync(join(out, `${name}-vendor.meta.json`), JSON.stringify(result.metafile));
    hashes[name] = createHash('sha256').update(readFileSync(file)).digest('hex');
  }
  return hashes;
}

/** The names each package exports (read from the packages themselves, so a new export is not missed). */
async function exportNames(packages) {
  const names = {};
  for (const [k, p] of Object.entries(packages)) {
    const m = await import(p);
    names[k] = Object.keys(m).filter((n) => n !== 'default' && n !== '__esModule' && /^[A-Za-z_$][\w$]*$/.test(n));
  }
  return names;
}

/**
 * For the binary's build: each package becomes a stand-in reading its vendor script's exports.
 * `sync`: for dms-app.cjs, a plain script, which loads the vendor script at once from beside it
 * (what the ui script's start waits for is awaited before the UI renders); else (the search
 * worker, an ES module) with a top-level await.
 */
export async function vendorShims(hashes, { sync = false } = {}) {
  const byPath = {};
  for (const [name, packages] of Object.entries(SCRIPTS)) {
    const names = await exportNames(packages);
    for (const [k, p] of Object.entries(packages)) byPath[p] = { name, key: k, names: names[k] };
  }
  const escape = (p) => p.replace(/[/.@-]/g, (c) => `\\${c}`);
  const filter = new RegExp(`^(${Object.keys(byPath).map(escape).join('|')})$`);
  return {
    name: 'vendor-shims',
    setup(b) {
      b.onResolve({ filter }, (a) => ({ path: a.path, namespace: 'vendor-shim' }));
      b.onResolve({ filter: /^dms:vendor\/\w+$/ }, (a) => ({ path: a.path.slice('dms:vendor/'.length), namespace: 'vendor-script' }));
      b.onLoad({ filter: /.*/, namespace: 'vendor-script' }, (a) => ({
        contents: sync
          ? // A plain script (dist/dms-app.cjs) loads its vendor scripts at once, from beside it.
            `import { loadScript } from ${JSON.stringify(LOADER)};\nimport { join } from 'node:path';\n` +
            `export default loadScript(join(__dirname, '${a.path}-vendor.cjs'), '${a.path}-vendor', ${JSON.stringify(hashes[a.path])});\n`
          : // An ES module (the search worker, in dist/ beside the script) waits for it.
            `import { loadVendorScript } from ${JSON.stringify(LOADER)};\n` +
            `const file = new URL('./${a.path}-vendor.cjs', import.meta.url);\n` +
            `export default await loadVendorScript(file, ${JSON.stringify(a.path)}, ${JSON.stringify(hashes[a.path])});\n`,
        loader: 'js',
        resolveDir: ROOT,
      }));
      b.onLoad({ filter: /.*/, namespace: 'vendor-shim' }, (a) => {
        const { name, key, names } = byPath[a.path];
        return {
          contents: `import vendor from 'dms:vendor/${name}';\nconst m = vendor.${key};\nexport default m.default;\nexport const { ${names.join(', ')} } = m;\n`,
          loader: 'js',
          resolveDir: ROOT,
        };
      });
    },
  };
}
