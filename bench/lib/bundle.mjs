// Bundles a bench entry with the esbuild settings of the shipped binary, into a temp dir.
import { build } from 'esbuild';
import { join, resolve } from 'node:path';
import { ROOT, esbuildOptions } from '../../scripts/esbuild-options.mjs';

export { ROOT };

/** `stockInk`: Ink as published, without dms's string-width (see scripts/esbuild-options.mjs). */
export async function bundle(entry, outdir, name = 'main', { stockInk = false } = {}) {
  await build(esbuildOptions({ [name]: resolve(ROOT, entry) }, outdir, { stockInk }));
  return join(outdir, `${name}.js`);
}
