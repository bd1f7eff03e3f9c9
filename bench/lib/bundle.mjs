// Bundles a bench entry with the esbuild settings of the shipped binary, into a temp dir.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT, esbuildOptions } from '../../scripts/esbuild-options.mjs';

export { ROOT };

/** `stockInk`: Ink as published, without dms's string-width (see scripts/esbuild-options.mjs). */
export async function bundle(entry, outdir, name = 'main', { stockInk = false } = {}) {
  await build(esbuildOptions({ [name]: resolve(ROOT, entry) }, outdir, { stockInk }));
  return join(outdir, `${name}.js`);
}

/**
 * The same entry started as dms starts (src/start/entry.ts): a small launcher turns on Node's
 * compile cache ($XDG_CACHE_HOME/bench-floor), then imports the bundle. What any Ink app gets from
 * one line; the first-frame floors are timed this way.
 */
export async function bundleCached(entry, outdir, name = 'main', options = {}) {
  await bundle(entry, outdir, name, options);
  const launcher = join(outdir, `${name}-cached.mjs`);
  writeFileSync(
    launcher,
    `import module from 'node:module';\nimport { join } from 'node:path';\nif (process.env.XDG_CACHE_HOME) module.enableCompileCache(join(process.env.XDG_CACHE_HOME, 'bench-floor'));\nawait import(${JSON.stringify(`./${name}.js`)});\n`,
  );
  return launcher;
}
