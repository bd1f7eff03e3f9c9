// The esbuild settings of the shipped binary, shared by scripts/build.mjs and the bench's floors.
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inkOutputPatch } from './ink-output-patch.mjs';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const stub = (name) => join(ROOT, 'scripts/stubs', name);

// Start-up cost: got loads its HTTP/2 wrapper and response cache, and zod its ~40 locales, at
// import time. dms uses none of them; light stand-ins keep them out of the bundle (~17 ms CPU).
const startupStubs = {
  name: 'startup-stubs',
  setup(b) {
    b.onResolve({ filter: /\/locales\/index\.js$/ }, (a) =>
      a.importer.includes('/node_modules/zod/') ? { path: stub('zod-locales.mjs') } : undefined,
    );
  },
};

// Loading string-width costs ~35 ms (an Intl.Segmenter and \p{RGI_Emoji}-sized regexes, built
// at import), and Ink loads it. src/text/string-width.ts counts the same widths but builds
// those only for text that needs them: every import of the root string-width goes there.
// (wrap-ansi keeps its nested string-width 7.) The bench's floors are bundled without this.
const WIDTH = join(ROOT, 'src/text/string-width.ts');
const ROOT_WIDTH = `${realpathSync(join(ROOT, 'node_modules/string-width'))}/`;
const fastWidth = {
  name: 'fast-string-width',
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, async (a) => {
      if (a.pluginData === 'real') return undefined;
      const real = await b.resolve(a.path, { resolveDir: a.resolveDir, kind: a.kind, pluginData: 'real' });
      return real.path.startsWith(ROOT_WIDTH) ? { path: WIDTH } : undefined;
    });
  },
};

/**
 * ESM, one file per entry, minified, production React (scripts/build.mjs makes dms's own code a
 * plain script from these settings).
 * `stockInk` leaves Ink's own string-width in place (the bench's floors: Ink as published).
 */
export function esbuildOptions(entryPoints, outdir, { stockInk = false } = {}) {
  return {
    entryPoints,
    outdir,
    bundle: true,
    splitting: false,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    // Intl.ListFormat made when first used (scripts/stubs/list-format.mjs): not in the floors.
    define: { 'process.env.NODE_ENV': '"production"', ...(stockInk ? {} : { 'Intl.ListFormat': 'LazyListFormat' }) },
    inject: stockInk ? [] : [stub('list-format.mjs')],
    alias: {
      'react-devtools-core': stub('react-devtools-core.mjs'),
      'cacheable-request': stub('cacheable-request.mjs'),
    },
    plugins: stockInk ? [startupStubs] : [startupStubs, fastWidth, inkOutputPatch],
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __dmsCreateRequire } from 'node:module'; const require = __dmsCreateRequire(import.meta.url);",
    },
    logLevel: 'warning',
  };
}
