// The package as people install it: `npm pack` of the checkout (its dist/ as the suite built it;
// prepack builds it on a real pack) installed with `npm install -g` into a folder of its own, which
// is then made read-only, and run from there.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoService } from '../../src/demo/server.js';
import { SHOP_FRONTEND } from '../../src/demo/seed-apps.js';
import { runBin } from '../support/run-bin.js';
import { tempDir } from '../support/temp.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      npm_config_loglevel: 'error',
      npm_config_fund: 'false',
      npm_config_audit: 'false',
      npm_config_update_notifier: 'false',
    },
    timeout: 120_000,
  });

describe('the package', () => {
  it('packs the bundle, its licence and readme, and nothing made for one Node; installs with no dependencies; runs from a read-only folder', async () => {
    const out = tempDir('dms-pack-');
    const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', out], ROOT)) as {
      filename: string;
      files: { path: string }[];
    }[];
    const files = packed!.files.map((f) => f.path).sort();
    // The build's code caches (made for the packer's Node and CPU) and its training run stay out.
    expect(files).toEqual([
      'LICENSE',
      'README.md',
      'dist/dms-app.cjs',
      'dist/dms.js',
      'dist/got-vendor.cjs',
      'dist/search-worker.js',
      'dist/ui-vendor.cjs',
      'dist/zod-vendor.cjs',
      'man/dms.1',
      'package.json',
    ]);
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.dependencies ?? {}).toEqual({});
    for (const field of ['repository', 'homepage', 'bugs', 'license']) expect(manifest[field], field).toBeTruthy();

    const prefix = tempDir('dms-global-');
    npm(['install', '-g', '--prefix', prefix, join(out, packed!.filename)], out);
    const installed = join(prefix, 'lib', 'node_modules', 'dms-tui');
    // Nothing but the package itself: the bundle needs no dependency at run time.
    expect(existsSync(join(installed, 'node_modules')) ? readdirSync(join(installed, 'node_modules')) : []).toEqual([]);
    // package.json's man: npm links the man page where man finds it.
    expect(readFileSync(join(prefix, 'share', 'man', 'man1', 'dms.1'), 'utf8')).toBe(readFileSync(join(ROOT, 'man', 'dms.1'), 'utf8'));
    const bin = join(prefix, 'bin', 'dms');
    const lock = (mode: number) => {
      for (const dir of [installed, join(installed, 'dist')]) chmodSync(dir, mode);
    };
    lock(0o555);
    const demo = await startDemoService({ rateLimitPerMinute: 0 });
    try {
      const version = await runBin(['--version'], { bin });
      expect([version.code, version.stdout]).toEqual([0, `dms ${String(manifest.version)}\n`]);
      const r = await runBin(['deployments', SHOP_FRONTEND, '--take', '3', '-o', 'json'], {
        bin,
        env: { DMS_URL: demo.url, DMS_TOKEN: demo.token },
      });
      expect(r.code).toBe(0);
      expect((JSON.parse(r.stdout) as unknown[]).length).toBe(3);
      // The run made its code caches in the user's folder, not in the installed package.
      expect(readdirSync(join(installed, 'dist')).sort()).toEqual([
        'dms-app.cjs',
        'dms.js',
        'got-vendor.cjs',
        'search-worker.js',
        'ui-vendor.cjs',
        'zod-vendor.cjs',
      ]);
    } finally {
      lock(0o755);
      await demo.close();
    }
  });
});
