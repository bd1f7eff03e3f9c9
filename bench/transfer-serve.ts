// The servers of bench/transfer.mjs, in their own process (bundled at run time): for each way of
// sending (identity, gzip 1 and 6, brotli 1–5, zstd 1 and 3), one demo service offering only that
// encoding (its page with logs, built on each request, compressed as it is written), and one
// server answering a given body (the deployed shape's first page) the same way, and, for the
// compressed ones, one answering it compressed once beforehand (a cached compressed form).
// Prints, per way, `WAY=<name>|<demo url>|<stream url>|<cached url>` lines, then TOKEN, APP and READY.
//
//   node transfer-serve.js BODY_FILE
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import zlib, { constants } from 'node:zlib';
import { writeBody, type Offer } from '../src/demo/compress.js';
import { startDemoService, type DemoService } from '../src/demo/server.js';

const body = readFileSync(process.argv[2]!);
const TOKEN = '1|demo_transfer0000000000000000000000';

const WAYS: Record<string, readonly Offer[]> = {
  identity: [],
  'gzip 1': [{ encoding: 'gzip', level: 1 }],
  'gzip 6': [{ encoding: 'gzip', level: 6 }],
  ...Object.fromEntries([1, 2, 3, 4, 5].map((q) => [`br ${q}`, [{ encoding: 'br', level: q }]])),
  'zstd 1': [{ encoding: 'zstd', level: 1 }],
  'zstd 3': [{ encoding: 'zstd', level: 3 }],
};

/** The body compressed once, whole, as `offer` says. */
async function compressed(offer: Offer): Promise<Buffer> {
  if (offer.encoding === 'gzip') return promisify(zlib.gzip)(body, { level: offer.level });
  if (offer.encoding === 'br') {
    return promisify(zlib.brotliCompress)(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: offer.level, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  }
  return promisify(zlib.zstdCompress)(body, { params: { [constants.ZSTD_c_compressionLevel]: offer.level } });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const servers: Server[] = [];
const demos: DemoService[] = [];
const lines: string[] = [];
let app = '';
for (const [name, offers] of Object.entries(WAYS)) {
  const demo = await startDemoService({ port: 0, rateLimitPerMinute: 0, token: TOKEN, compression: offers });
  demos.push(demo);
  app = demo.seed.applications[0]!.uuid;
  const stream = createServer((req, res) => writeBody(res, 200, { 'content-type': 'application/json' }, body, offers));
  const offer = offers[0];
  const ready = offer ? await compressed(offer) : body;
  const cached = createServer((req, res) => {
    const chosen = offer !== undefined && (req.headers['accept-encoding'] ?? '').includes(offer.encoding);
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': String(chosen ? ready.length : body.length),
      ...(chosen ? { 'content-encoding': offer.encoding } : {}),
    });
    res.end(chosen ? ready : body);
  });
  servers.push(stream, cached);
  lines.push(`WAY=${name}|${demo.url}|${await listen(stream)}|${await listen(cached)}`);
}
lines.push(`TOKEN=${TOKEN}`, `APP=${app}`, 'READY');
process.stdout.write(`${lines.join('\n')}\n`);

const stop = async () => {
  for (const s of servers) s.close();
  for (const s of servers) s.closeAllConnections();
  await Promise.all(demos.map((d) => d.close()));
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
