// Bundles a bench entry with the esbuild settings of scripts/build.mjs (kept in step by hand:
// same target, format, splitting, minify, define and devtools stub), into a temp dir.
import { build } from 'esbuild';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function bundle(entry, outdir, name = 'main', extra = {}) {
  await build({
    entryPoints: { [name]: resolve(ROOT, entry) },
    outdir,
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
    alias: { 'react-devtools-core': join(ROOT, 'scripts/devtools-stub.mjs') },
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __dmsCreateRequire } from 'node:module'; const require = __dmsCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
    ...extra,
  });
  return join(outdir, `${name}.js`);
}
