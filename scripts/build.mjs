// Builds dist/: dms's code as one plain script (dms-app.cjs, src/cli.ts and all it imports; the
// TUI's modules start only when first imported), the packages as vendor scripts, the binary
// (dms.js: loads dms-app.cjs from its code cache), the search worker, and runs the training run.
// `--if-stale` skips the build when dist is newer than every source file.
import { build } from 'esbuild';
import { esbuildOptions } from './esbuild-options.mjs';
import { buildVendorScripts, vendorShims } from './vendor-scripts.mjs';
import { execFileSync } from 'node:child_process';
import { statSync, readdirSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// DMS_DIST builds elsewhere (parallel work); tests run the binary named by DMS_BIN.
const out = process.env.DMS_DIST ?? join(root, 'dist');
const entry = join(out, 'dms.js');

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

if (process.argv.includes('--if-stale') && existsSync(entry)) {
  const srcTime = Math.max(newest(join(root, 'src')), newest(join(root, 'scripts')), statSync(join(root, 'package.json')).mtimeMs);
  if (statSync(entry).mtimeMs >= srcTime) process.exit(0);
}

rmSync(out, { recursive: true, force: true });
// React, Ink, ink-table, got and zod first, as plain scripts whose compiled code V8 can keep (vendor-scripts.mjs).
const hashes = await buildVendorScripts(out);
// DMS_PROFILE_BUILD=1 (bench/first-frame-profile.mjs): source maps and esbuild's metafile too.
const profiling = process.env.DMS_PROFILE_BUILD === '1';
// dms's own code: one plain script, so V8 can keep its compiled code too.
const app = esbuildOptions({}, out);
const appFile = join(out, 'dms-app.cjs');
const result = await build({
  ...app,
  entryPoints: undefined,
  outdir: undefined,
  outfile: appFile,
  stdin: { contents: "export * as cli from './src/cli.ts';", resolveDir: root, sourcefile: 'dms-app-entry.js', loader: 'js' },
  format: 'cjs',
  banner: { js: "var __dmsUrl = require('node:url').pathToFileURL(__filename).href;" },
  define: { ...app.define, 'import.meta.url': '__dmsUrl' },
  plugins: [...app.plugins, await vendorShims(hashes, { sync: true })],
  ...(profiling ? { sourcemap: 'external', metafile: true } : {}),
});
if (profiling) writeFileSync(join(out, 'meta.json'), JSON.stringify(result.metafile));
const appHash = createHash('sha256').update(readFileSync(appFile)).digest('hex');
// The binary: loads that script from its cache. The search worker: its own ES module.
const bin = esbuildOptions({ dms: join(root, 'src/start/entry.ts') }, out);
await build({ ...bin, define: { ...bin.define, __APP_HASH__: JSON.stringify(appHash) } });
const worker = esbuildOptions({ 'search-worker': join(root, 'src/search/worker.ts') }, out);
await build({ ...worker, plugins: [...worker.plugins, await vendorShims(hashes)] });
// The training run's entry (train-entry.ts): runs the script above as the binary does.
const trainer = esbuildOptions({ 'train-cache': join(root, 'src/start/train-entry.ts') }, out);
await build({ ...trainer, define: { ...trainer.define, __APP_HASH__: JSON.stringify(appHash) } });
// The training run: the first start after a build finds the code cache already made (beside the
// bundle; in the user's cache folder when dist/ cannot be written). A failure only costs speed.
try {
  execFileSync(process.execPath, [join(out, 'train-cache.js')], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DMS_NO_CACHE: '', DMS_TRAINING: '1' },
    timeout: 60_000,
  });
} catch (error) {
  process.stderr.write(
    `build: the code cache's training run failed (dms starts without it): ${
      String(error.stderr ?? error.message)
        .trim()
        .split('\n')[0]
    }\n`,
  );
}
