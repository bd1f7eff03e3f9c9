// The built binary under test: dist/dms.js, or DMS_BIN.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = process.env.DMS_BIN ?? fileURLToPath(new URL('../../dist/dms.js', import.meta.url));

/**
 * The text of a built chunk (the first in dist/chunks whose name matches and whose text passes
 * `test`) and of every chunk it imports statically: what loading that command loads. Undefined
 * when no chunk matches.
 */
export function loadedWith(name: RegExp, test: (text: string) => boolean = () => true): string | undefined {
  const chunks = join(dirname(BIN), 'chunks');
  const entry = readdirSync(chunks).find((f) => name.test(f) && test(readFileSync(join(chunks, f), 'utf8')));
  if (!entry) return undefined;
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    // Static imports only: `import{a}from"./chunk-X.js"`, `import"./chunk-Y.js"`.
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:import|export)\s*(?:[^"';()]*?from\s*)?"(\.[^"]+)"/g)) walk(join(dirname(file), m[1]!));
  };
  walk(join(chunks, entry));
  return [...seen].map((f) => readFileSync(f, 'utf8')).join('\n');
}
