// dms's own code as the build ships it: one plain script beside this bundle (dist/dms-app.cjs),
// run from its code cache (vendor-script.ts). The build writes its hash in here.
import { fileURLToPath } from 'node:url';
import { loadScript } from './vendor-script.js';

declare const __APP_HASH__: string;

/** What the script exports: the CLI (src/cli.ts). */
export interface AppScript {
  readonly cli: typeof import('../cli.js');
}

export function loadApp(): AppScript {
  return loadScript(fileURLToPath(new URL('./dms-app.cjs', import.meta.url)), 'dms-app', __APP_HASH__) as unknown as AppScript;
}
