// The demo service for a bench run, in its own process: the same startDemoService that
// `dms demo --serve` runs, with its per-token rate limit off (the soak alone sends 300+
// requests in seconds; the default limit is 200 a minute). Bundled at bench time.
//
// It also serves pages of 1000 deployments (BIG_URL) for figures 2 and 4: the demo's largest
// application has fewer, so its records are repeated with new ids and uuids; the queue-row
// application's path answers 1000 rows of the deployment queue the same way.
// Prints DMS_URL, DMS_TOKEN, APP lines (as `dms demo --serve` does), then BIG_URL, BASE_RECORDS and
// BIG_QUEUE_APP (the uuid whose BIG_URL page holds queue rows); stops on SIGTERM/SIGINT.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeDemo, startDemoService } from '../src/demo/server.js';

const BIG = 1000;
const demo = await startDemoService({ port: 0, rateLimitPerMinute: 0 });
const lines = describeDemo(demo).filter((l) => !l.startsWith('APP='));
lines.push(...demo.seed.applications.map((a) => `APP=${a.uuid} ${a.name}`));

/** 1000 records made of an application's records repeated with new ids and uuids. */
async function bigPage(uuid: string): Promise<Record<string, unknown>[]> {
  const res = await fetch(`${demo.url}/deployments/applications/${uuid}?take=${BIG}`, {
    headers: { authorization: `Bearer ${demo.token}`, accept: 'application/json' },
  });
  const base = ((await res.json()) as { deployments: Record<string, unknown>[] }).deployments;
  const fresh = (v: unknown, i: number) => (typeof v === 'string' ? `${v.slice(0, -6)}${i.toString(16).padStart(6, '0')}` : v);
  return Array.from({ length: BIG }, (_, i) => {
    const r = base[i % base.length]!;
    const copy: Record<string, unknown> = { ...r, id: 100_000 - i };
    // The deployment's own id gets a new tail, and its deployment_url with it.
    for (const k of ['uuid', 'deployment_uuid'] as const) {
      if (!(k in r)) continue;
      copy[k] = fresh(r[k], i);
      if (typeof r.deployment_url === 'string' && r.deployment_url.endsWith(`/${String(r[k])}`)) {
        copy.deployment_url = `${r.deployment_url.slice(0, -String(r[k]).length)}${String(copy[k])}`;
      }
    }
    return copy;
  });
}

// The first application's settings snapshots, and the queue-row application's rows (what deployed servers send).
const app = demo.seed.applications[0]!.uuid;
const queueApp = demo.seed.applications.find((a) => a.shape === 'queue')!.uuid;
const pages = new Map([[app, await bigPage(app)], [queueApp, await bigPage(queueApp)]]);
const baseCount = (await (await fetch(`${demo.url}/deployments/applications/${app}?take=1`, {
  headers: { authorization: `Bearer ${demo.token}`, accept: 'application/json' },
})).json() as { count: number }).count;

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.headers.authorization !== `Bearer ${demo.token}`) {
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"Unauthenticated."}');
    return;
  }
  const big = pages.get(/^\/api\/v1\/deployments\/applications\/([^/]+)$/.exec(url.pathname)?.[1] ?? '');
  if (!big) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Application not found"}');
    return;
  }
  const skip = Number(url.searchParams.get('skip') ?? 0);
  const take = Number(url.searchParams.get('take') ?? 10);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ count: big.length, deployments: big.slice(skip, skip + take) }));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
lines.push(`BIG_URL=http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`);
lines.push(`BASE_RECORDS=${baseCount}`);
lines.push(`BIG_QUEUE_APP=${queueApp}`);
process.stdout.write(`${lines.join('\n')}\nREADY\n`);

const stop = async () => {
  server.close();
  await demo.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
