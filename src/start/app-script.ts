// dms's own code as the build ships it: one plain script beside this bundle (dist/dms-app.cjs),
// run from its code cache (vendor-script.ts). The build writes its hash in here.
import { fileURLToPath } from 'node:url';
import { loadScript } from './vendor-script.js';

declare const __APP_HASH__: string;

/** What the binary runs of the CLI (src/cli.ts, which checks it fits). */
export interface AppCli {
  /** The whole run: argv to exit code. */
  run(): Promise<void>;
  /** The build's training run (train-entry.ts). */
  trainCaches(): Promise<void>;
}

/** What the script exports: the CLI. */
export interface AppScript {
  readonly cli: AppCli;
}

export function loadApp(): AppScript {
  return loadScript(fileURLToPath(new URL('./dms-app.cjs', import.meta.url)), 'dms-app', __APP_HASH__) as unknown as AppScript;
}
