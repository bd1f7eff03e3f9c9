// Floor for the first frame of a heavy page (figure 1, the 5 MB-log shape): one `fetch` of the
// first page — the same request dms makes, `take` the rows that fit its terminal — `JSON.parse`,
// and the page range printed as dms's header shows it ("1–24 of N"), which is when the bench
// stops the clock. Nothing decodes the logs.
// Usage: node fetch-parse.mjs APP [TAKE] (env DMS_URL, DMS_TOKEN; TAKE 10 by default).
import zlib from 'node:zlib';

const ACCEPT_ENCODING = typeof zlib.zstdDecompress === 'function' ? 'gzip, deflate, br, zstd' : 'gzip, deflate, br';
const [app, take = '10'] = process.argv.slice(2);
const res = await fetch(`${process.env.DMS_URL}/deployments/applications/${app}?skip=0&take=${take}`, {
  // What dms asks for (src/api/decode.ts): a server that compresses sends the floor the bytes it sends dms.
  headers: { authorization: `Bearer ${process.env.DMS_TOKEN}`, accept: 'application/json', 'accept-encoding': ACCEPT_ENCODING },
});
if (!res.ok) {
  process.stderr.write(`HTTP ${res.status}\n`);
  process.exit(1);
}
const body = JSON.parse(await res.text());
process.stdout.write(`1–${body.deployments.length} of ${body.count}\n`);
