// The binary (dist/dms.js): checks the Node.js it runs on, then runs dms's own code from its code
// cache (app-script.ts). `dms --version` alone is answered here, before that script loads: scripts
// ask it to learn what is installed, and it should cost no more than Node's own start.
import { VERSION } from '../commands/version.js';
import { loadApp } from './app-script.js';
import { OLD_NODE_EXIT, nodeTooOld } from '../commands/node-version.js';

const argv = process.argv.slice(2);
const tooOld = nodeTooOld(process.versions.node);
if (tooOld) {
  process.stderr.write(`dms: ${tooOld}\n`);
  process.exitCode = OLD_NODE_EXIT;
} else if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  process.stdout.write(`dms ${VERSION}\n`);
} else {
  await loadApp().cli.run();
}
