// Ink's output stage, replaced at build time (esbuild plugin): Ink's renderer imports
// src/text/ink-output.ts, a restatement of ink/build/output.js that returns the same strings at a
// fraction of the cost per frame (it keeps each screen row's string across frames, tokenizes
// lines without a grapheme segmenter where they allow it, and shares style arrays; the file says
// how). test/text/ink-output.test.ts compares the two on random frames.
//
// The restatement is of one version of Ink's file: if Ink's output.js or renderer.js is not the
// text it was written against, the build fails (not the run), naming what to compare.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUTPUT_TS = fileURLToPath(new URL('../src/text/ink-output.ts', import.meta.url));
/** sha256 of ink/build/output.js (Ink 6.8.0), the file src/text/ink-output.ts restates. */
const OUTPUT_SHA256 = 'de9078c7fc647c40cf9e32d6658fcbbee91dae9e3f6334e5f4ebfc5905fc401d';
const RENDERER = /[\\/]ink[\\/]build[\\/]renderer\.js$/;

export const inkOutputPatch = {
  name: 'ink-output-patch',
  setup(b) {
    b.onLoad({ filter: RENDERER }, (a) => {
      const output = join(dirname(a.path), 'output.js');
      const sha = createHash('sha256').update(readFileSync(output)).digest('hex');
      if (sha !== OUTPUT_SHA256) {
        throw new Error(`ink's build/output.js changed (sha256 ${sha}): src/text/ink-output.ts restates Ink 6.8.0's; bring it in line with ${output}, then update OUTPUT_SHA256 (scripts/ink-output-patch.mjs)`);
      }
      const text = readFileSync(a.path, 'utf8');
      const from = "import Output from './output.js';";
      if (!text.includes(from)) throw new Error(`ink's renderer.js changed: "${from}" not found (scripts/ink-output-patch.mjs)`);
      return { contents: text.replace(from, `import Output from ${JSON.stringify(OUTPUT_TS)};`), loader: 'js', resolveDir: dirname(a.path) };
    });
  },
};
