// Bundles src/cli.ts into dist/dms.js (the TUI as a lazily loaded chunk).
// `--if-stale` skips the build when dist is newer than every source file.
import { build } from 'esbuild';
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
  const srcTime = Math.max(newest(join(root, 'src')), statSync(join(root, 'package.json')).mtimeMs,
    statSync(new URL(import.meta.url).pathname).mtimeMs);
  if (statSync(entry).mtimeMs >= srcTime) process.exit(0);
}

// Start-up cost: got loads its HTTP/2 wrapper and response cache, and zod its ~40 locales, at
// import time. dms uses none of them; light stand-ins keep them out of the bundle (~17 ms CPU).
const stub = (name) => join(root, 'scripts/stubs', name);
const startupStubs = {
  name: 'startup-stubs',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (a) => (a.importer.includes('/node_modules/zod/') ? { path: stub('zod-locales.mjs') } : undefined));
  },
};

rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: { dms: join(root, 'src/cli.ts') },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  alias: {
    'react-devtools-core': stub('react-devtools-core.mjs'),
    'http2-wrapper': stub('http2-wrapper.mjs'),
    'cacheable-request': stub('cacheable-request.mjs'),
  },
  plugins: [startupStubs],
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __dmsCreateRequire } from 'node:module'; const require = __dmsCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
