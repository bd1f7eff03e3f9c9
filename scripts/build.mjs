// Bundles src/cli.ts into dist/dms.js (the TUI as a lazily loaded chunk).
// `--if-stale` skips the build when dist is newer than every source file.
import { build } from 'esbuild';
import { esbuildOptions } from './esbuild-options.mjs';
import { statSync, readdirSync, existsSync, rmSync } from 'node:fs';
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
await build(esbuildOptions({ dms: join(root, 'src/cli.ts'), 'list-worker': join(root, 'src/api/list-worker.ts'), 'search-worker': join(root, 'src/search/worker.ts') }, out));
