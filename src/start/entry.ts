// The binary (dist/dms.js): dms's own code runs from its code cache (app-script.ts). `dms
// --version` alone is answered here, before that script loads: scripts ask it to learn what is
// installed, and it should cost no more than Node's own start.
import { VERSION } from '../commands/version.js';
import { loadApp } from './app-script.js';

const argv = process.argv.slice(2);
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) process.stdout.write(`dms ${VERSION}\n`);
else await loadApp().cli.run();
