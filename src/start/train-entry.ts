// The build's training run (dist/train-cache.js; scripts/build.mjs runs it once after bundling):
// dms's code and its packages, loaded as the binary loads them, run as a user runs them
// (src/start/train.tsx), then every code cache is written with what that compiled. So the first
// start after `npm ci` finds them made.
import { loadApp } from './app-script.js';
import { refreshCaches } from './cache-notes.js';

await loadApp().cli.trainCaches();
refreshCaches();
process.exit(0);
