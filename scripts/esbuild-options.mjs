// The esbuild settings of the shipped binary, shared by scripts/build.mjs and the bench's floors.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const stub = (name) => join(ROOT, 'scripts/stubs', name);

// Start-up cost: got loads its HTTP/2 wrapper and response cache, and zod its ~40 locales, at
// import time. dms uses none of them; light stand-ins keep them out of the bundle (~17 ms CPU).
const startupStubs = {
  name: 'startup-stubs',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (a) => (a.importer.includes('/node_modules/zod/') ? { path: stub('zod-locales.mjs') } : undefined));
  },
};

/** ESM with code splitting (the TUI is a lazily loaded chunk), minified, production React. */
export function esbuildOptions(entryPoints, outdir) {
  return {
    entryPoints,
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
  };
}
