// Floor for the headless list: one fetch, JSON.parse, print. Usage: node fetch.mjs APP (env DMS_URL, DMS_TOKEN).
import zlib from 'node:zlib';

const ACCEPT_ENCODING = typeof zlib.zstdDecompress === 'function' ? 'gzip, deflate, br, zstd' : 'gzip, deflate, br';
const [app, take] = process.argv.slice(2);
const query = take ? `?take=${take}` : '';
const res = await fetch(`${process.env.DMS_URL}/deployments/applications/${app}${query}`, {
  // What dms asks for (src/api/decode.ts): a server that compresses sends the floor the bytes it sends dms.
  headers: { authorization: `Bearer ${process.env.DMS_TOKEN}`, accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING },
});
if (!res.ok) {
  process.stderr.write(`HTTP ${res.status}\n`);
  process.exit(1);
}
const body = JSON.parse(await res.text());
process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
