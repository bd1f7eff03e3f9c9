// Ink's output stage, replaced at build time (esbuild plugin): Ink's renderer imports
// src/text/ink-output.ts, a restatement of ink/build/output.js that returns the same strings at a
// fraction of the cost per frame (it keeps each screen row's string across frames, tokenizes
// lines without a grapheme segmenter where they allow it, and shares style arrays; the file says
// how). It pays: a cursor move at 30 rows costs about half of Ink's own (docs/performance.md,
// "Issue 32").
//
// The restatement is checked against the installed Ink's behaviour, not pinned to its text:
// test/property/ink-output.test.ts and test/property/ink-output-frames.test.tsx compare both on random
// lines and frames and on every frame of the app, so a new Ink builds, and a test names any frame
// where the two differ. Should a new Ink's renderer no longer import its Output the same way, the
// build warns and leaves Ink's own output stage in place.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUTPUT_TS = fileURLToPath(new URL('../src/text/ink-output.ts', import.meta.url));
const RENDERER = /[\\/]ink[\\/]build[\\/]renderer\.js$/;
const IMPORT = /import Output from (['"])\.\/output\.js\1;/;

export const inkOutputPatch = {
  name: 'ink-output-patch',
  setup(b) {
    b.onLoad({ filter: RENDERER }, (a) => {
      const text = readFileSync(a.path, 'utf8');
      if (!IMPORT.test(text)) {
        return {
          contents: text,
          loader: 'js',
          resolveDir: dirname(a.path),
          warnings: [
            {
              text: "ink's renderer.js no longer imports './output.js' as Output: Ink's own output stage is used (scripts/ink-output-patch.mjs)",
            },
          ],
        };
      }
      return {
        contents: text.replace(IMPORT, `import Output from ${JSON.stringify(OUTPUT_TS)};`),
        loader: 'js',
        resolveDir: dirname(a.path),
      };
    });
  },
};
