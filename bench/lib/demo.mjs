// The demo service for the whole run: bench/demo-serve.ts (bundled), which runs the same
// startDemoService as `dms demo --serve` with the rate limit off, plus a 1000-record page,
// the pages with logs of figure 7 and, when asked (`deployedRows`), figure 1's deployed shape.
import { spawn } from 'node:child_process';

/**
 * `deployedRows`: also serve the deployed shape from memory (DEPLOYED_URL), its first page written
 * out at start for a terminal that many lines tall (a few seconds more to start: its logs are made first).
 * `args`: more arguments for the script (demo-serve's `--identity`: nothing compressed).
 */
export async function startDemo(script, { timeoutMs, deployedRows, args: more = [] } = {}) {
  timeoutMs ??= deployedRows ? 60_000 : 15_000;
  const args = [...(deployedRows ? ['--deployed', String(deployedRows)] : []), ...more];
  const child = spawn(process.execPath, [script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });
  let out = '';
  let err = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => {
    err += d;
  });
  const ready = await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`the demo service printed no READY line in ${timeoutMs} ms: ${out}${err}`)), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(t);
      reject(new Error(`the demo service exited (${code}): ${err.trim().split('\n').slice(-3).join(' ')}`));
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d) => {
      out += d;
      if (/^READY$/m.test(out)) {
        clearTimeout(t);
        resolve(out);
      }
    });
  });
  child.removeAllListeners('exit');
  const get = (k) => new RegExp(`^${k}=(\\S+)`, 'm').exec(ready)?.[1];
  const url = get('DMS_URL');
  const token = get('DMS_TOKEN');
  const tokenNoLogs = get('DMS_TOKEN_NO_LOGS');
  const apps = [...ready.matchAll(/^APP=(\S+)(?: (.*))?$/gm)].map((m) => ({ uuid: m[1], name: m[2] ?? '' }));
  if (!url || !token || !tokenNoLogs || apps.length === 0)
    throw new Error(`could not read DMS_URL/DMS_TOKEN/DMS_TOKEN_NO_LOGS/APP from: ${ready}`);
  return {
    /** `token` reads rows with their logs; `tokenNoLogs` the same rows without (figures 1–6 use it). */
    url,
    token,
    tokenNoLogs,
    apps,
    bigUrl: get('BIG_URL'),
    baseRecords: Number(get('BASE_RECORDS')),
    /** Figure 7's pages of 10 rows with logs (DMS_TOKEN): the newest row's ~5 MB (LOG_URL), every row's (HEAVY_URL). */
    logUrl: get('LOG_URL'),
    heavyUrl: get('HEAVY_URL'),
    logApp: get('LOG_APP'),
    /** The application whose rows are deployment-queue rows (as deployed servers send them), on both URLs. */
    queueApp: get('APP_QUEUE_ROWS'),
    /** monorepo-ci, the application with 50,000 deployments (short logs), for figure 8's whole-history reads. */
    bigHistoryApp: get('APP_BIG_HISTORY'),
    /** The demo service through a proxy that counts the list requests (figure 8's search: GET …/scan/__stats). */
    scanUrl: get('SCAN_URL'),
    /**
     * Figure 1's deployed shape (with `deployedRows`): orders-worker's queue rows answered from memory,
     * the newest carrying a ~5 MB log (DMS_TOKEN) or no row a `logs` key (DMS_TOKEN_NO_LOGS);
     * `deployedTake`: the first page's take dms asks for there; GET <deployedUrl>/__stats lists the requests.
     */
    deployedUrl: get('DEPLOYED_URL'),
    deployedApp: get('DEPLOYED_APP'),
    deployedTake: get('DEPLOYED_TAKE') ? Number(get('DEPLOYED_TAKE')) : undefined,
    deployedLogChars: get('DEPLOYED_LOG_CHARS') ? Number(get('DEPLOYED_LOG_CHARS')) : undefined,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
