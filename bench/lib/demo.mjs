// The demo service for the whole run: bench/demo-serve.ts (bundled), which runs the same
// startDemoService as `dms demo --serve` with the rate limit off, plus a 1000-record page.
import { spawn } from 'node:child_process';

export async function startDemo(script, { timeoutMs = 15_000 } = {}) {
  const child = spawn(process.execPath, [script], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME },
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => { err += d; });
  const ready = await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`the demo service printed no READY line in ${timeoutMs} ms: ${out}${err}`)), timeoutMs);
    child.once('exit', (code) => { clearTimeout(t); reject(new Error(`the demo service exited (${code}): ${err.trim().split('\n').slice(-3).join(' ')}`)); });
    child.stdout.on('data', (d) => {
      out += d;
      if (/^READY$/m.test(out)) { clearTimeout(t); resolve(out); }
    });
  });
  child.removeAllListeners('exit');
  const get = (k) => new RegExp(`^${k}=(\\S+)`, 'm').exec(ready)?.[1];
  const url = get('DMS_URL');
  const token = get('DMS_TOKEN');
  const apps = [...ready.matchAll(/^APP=(\S+)(?: (.*))?$/gm)].map((m) => ({ uuid: m[1], name: m[2] ?? '' }));
  if (!url || !token || apps.length === 0) throw new Error(`could not read DMS_URL/DMS_TOKEN/APP from: ${ready}`);
  return {
    url, token, apps, bigUrl: get('BIG_URL'), baseRecords: Number(get('BASE_RECORDS')),
    /** The application whose rows are deployment-queue rows (as deployed servers send them), on both URLs. */
    queueApp: get('APP_QUEUE_ROWS'),
    close: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    }),
  };
}
