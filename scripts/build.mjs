// Bundles src/cli.ts into dist/dms.js (the TUI as a lazily loaded chunk).
// `--if-stale` skips the build when dist is newer than every source file.
import { build } from 'esbuild';
import { esbuildOptions } from './esbuild-options.mjs';
import { buildVendorScripts, vendorShims } from './vendor-scripts.mjs';
import { execFileSync } from 'node:child_process';
import { statSync, readdirSync, existsSync, rmSync, writeFileSync } from 'node:fs';
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
const options = esbuildOptions({
  dms: join(root, 'src/cli.ts'),
  'search-worker': join(root, 'src/search/worker.ts'),
}, out);
// DMS_PROFILE_BUILD=1 (bench/first-frame-profile.mjs): source maps and esbuild's metafile too.
const profiling = process.env.DMS_PROFILE_BUILD === '1';
const result = await build({ ...options, plugins: [...options.plugins, await vendorShims(hashes)], ...(profiling ? { sourcemap: 'external', metafile: true } : {}) });
if (profiling) writeFileSync(join(out, 'meta.json'), JSON.stringify(result.metafile));
// The training run's entry, on its own (one file): as an entry of the build above it would split
// the binary's chunks further (every module it shares with dms would become a chunk of its own).
const train = esbuildOptions({ 'train-cache': join(root, 'src/start/train.tsx') }, out);
await build({ ...train, splitting: false, plugins: [...train.plugins, await vendorShims(hashes)] });
// The training run: the first start after a build finds the code cache already made (beside the
// bundle; in the user's cache folder when dist/ cannot be written). A failure only costs speed.
try {
  execFileSync(process.execPath, [join(out, 'train-cache.js')], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, DMS_NO_CACHE: '' }, timeout: 60_000 });
} catch (error) {
  process.stderr.write(`build: the code cache's training run failed (dms starts without it): ${String(error.stderr ?? error.message).trim().split('\n')[0]}\n`);
}
