// Floor for the board's first fill (figure 12): the same pages `dms board` reads — the newest 10
// deployments of each application, four requests at a time, the same headers — fetched with
// Node's `fetch`, parsed, and each page's rows written as one line of JSON per application.
// Nothing reads the logs (dms reads the newest row's, for the why-line).
// Usage: node board-pages.mjs APP... (env DMS_URL, DMS_TOKEN).
import zlib from 'node:zlib';

const ACCEPT_ENCODING = typeof zlib.zstdDecompress === 'function' ? 'gzip, deflate, br, zstd' : 'gzip, deflate, br';
const apps = process.argv.slice(2);
const out = new Array(apps.length);
let next = 0;
async function worker() {
  while (next < apps.length) {
    const i = next++;
    const res = await fetch(`${process.env.DMS_URL}/deployments/applications/${apps[i]}?skip=0&take=10`, {
      headers: { authorization: `Bearer ${process.env.DMS_TOKEN}`, accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING },
    });
    const body = res.ok ? JSON.parse(await res.text()) : { deployments: [] };
    out[i] = JSON.stringify({ uuid: apps[i], history: body.deployments.map((d) => d.status) });
  }
}
await Promise.all(Array.from({ length: Math.min(4, apps.length) }, worker));
process.stdout.write(`${out.join('\n')}\n`);
