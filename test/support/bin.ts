// The built binary under test: dist/dms.js, or DMS_BIN.
import { fileURLToPath } from 'node:url';

export const BIN = process.env.DMS_BIN ?? fileURLToPath(new URL('../../dist/dms.js', import.meta.url));

/**
 * The scripts the built binary ran for `args` (DMS_DEBUG=1 names them at exit, by stem):
 * `dms-app` (dms's own code), `got-vendor`, `zod-vendor`, `ui-vendor` (React, Ink, ink-table).
 * A command that loads Ink or React runs `ui-vendor`: there is no other copy of them in the build.
 */
export async function scriptsRun(args: string[], env: Record<string, string>): Promise<{ scripts: string[]; code: number | null; stdout: string }> {
  const { runBin } = await import('./run-bin.js');
  const r = await runBin(args, { env: { ...env, DMS_DEBUG: '1' } });
  const line = r.stderr.split('\n').find((l) => l.startsWith('dms: debug: scripts run: '));
  if (!line) throw new Error(`dms ${args.join(' ')} named no scripts (exit ${r.code}):\n${r.stderr}`);
  return { scripts: line.slice('dms: debug: scripts run: '.length).split(', '), code: r.code, stdout: r.stdout };
}
