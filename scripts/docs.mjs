// Writes docs/keys.md, docs/commands.md and man/dms.1 from the tables the code runs on (the key
// table, the command table): `npm run docs`. `--out DIR` writes them under DIR instead (the test
// that checks the committed copies are what this makes). The sources are bundled with esbuild
// into a temp folder and run from there.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './esbuild-options.mjs';

const at = process.argv.indexOf('--out');
const out = at === -1 ? ROOT : resolve(process.argv[at + 1] ?? '.');
const { homepage } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

const temp = mkdtempSync(join(tmpdir(), 'dms-docs-'));
try {
  const file = join(temp, 'docs.mjs');
  await build({
    entryPoints: [join(ROOT, 'src/docs/all.ts')],
    outfile: file,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    logLevel: 'warning',
  });
  const { references } = await import(pathToFileURL(file).href);
  for (const [path, text] of Object.entries(references(homepage))) {
    const target = join(out, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
    process.stdout.write(`wrote ${path}\n`);
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
