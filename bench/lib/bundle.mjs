// Bundles a bench entry with the esbuild settings of the shipped binary, into a temp dir.
import { build } from 'esbuild';
import { join, resolve } from 'node:path';
import { ROOT, esbuildOptions } from '../../scripts/esbuild-options.mjs';

export { ROOT };

export async function bundle(entry, outdir, name = 'main', extra = {}) {
  await build({ ...esbuildOptions({ [name]: resolve(ROOT, entry) }, outdir), ...extra });
  return join(outdir, `${name}.js`);
}
