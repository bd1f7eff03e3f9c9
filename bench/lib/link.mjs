// A shaped link on 127.0.0.1: a TCP proxy (node:net) that forwards both directions as a real
// link between two machines would, with a one-way delay and a bandwidth cap per direction. Every
// figure before it was taken on loopback, where the network costs nothing (issue 35).
//
// Each direction is one queue. A chunk read at time t is cut into pieces of at most PIECE bytes;
// a piece leaves the sender's end when the pieces before it have (the link is busy until then)
// plus its own bytes at `mbit`, and is written out `delayMs` later. Times come from that ideal
// schedule, never from when a timer really fired: a late timer delays a piece, it cannot make the
// next ones early, and lateness does not add up over a long body. Nothing is ever written before
// its time. A new connection pays its handshake: what the client sends starts its trip one round
// trip after the connection was accepted (SYN, SYN-ACK), as a client's first request would.
// An end or an error of one side reaches the other after the data queued before it, one delay
// later. Not modelled: loss, TLS, the kernel's own buffers (loopback's, tiny beside the delays).
import { connect, createServer } from 'node:net';

/** Largest piece paced as one: 16 KiB is 2.6 ms at 50 Mbit/s, 13 ms at 10 Mbit/s. */
const PIECE = 16 * 1024;

/**
 * @param {{ target: string | { host?: string, port: number }, delayMs: number, mbit: number, handshake?: boolean }} options
 *   `target`: `http://127.0.0.1:PORT` (any URL: its host and port) or `{ host, port }`;
 *   `delayMs`: one-way delay per direction (40 → an 80 ms round trip); `mbit`: Mbit/s per direction
 *   (0 or Infinity: no cap); `handshake` (default true): a connection's first bytes wait one round trip.
 * @returns {Promise<{ url: string, host: string, port: number, close(): Promise<void>, stats(): LinkStats }>}
 *   `url`: `http://127.0.0.1:PORT`, with the target URL's path when it had one.
 */
export async function startLink({ target, delayMs, mbit, handshake = true }) {
  const to = typeof target === 'string' ? new URL(target) : undefined;
  const host = to ? to.hostname.replace(/^\[|\]$/g, '') : (target.host ?? '127.0.0.1');
  const port = to ? Number(to.port || (to.protocol === 'https:' ? 443 : 80)) : target.port;
  const bytesPerMs = mbit > 0 && Number.isFinite(mbit) ? (mbit * 1e6) / 8 / 1000 : Infinity;
  const totals = { connections: 0, open: 0, up: 0, down: 0 };
  const sockets = new Set();
  const pipes = new Set();

  // Half-open: a side's end is forwarded once what was queued before it has been written, not at once.
  const server = createServer({ allowHalfOpen: true }, (client) => {
    const accepted = performance.now();
    totals.connections += 1;
    totals.open += 1;
    const upstream = connect({ host, port, allowHalfOpen: true });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.setNoDelay(true);
      s.once('close', () => sockets.delete(s));
    }
    client.once('close', () => (totals.open -= 1));
    const up = shaped(
      client,
      upstream,
      { delayMs, bytesPerMs, busyUntil: handshake ? accepted + 2 * delayMs : 0 },
      (n) => (totals.up += n),
    );
    const down = shaped(upstream, client, { delayMs, bytesPerMs, busyUntil: 0 }, (n) => (totals.down += n));
    pipes.add(up).add(down);
    const forget = () => {
      if (client.destroyed && upstream.destroyed) {
        up.stop();
        down.stop();
        pipes.delete(up);
        pipes.delete(down);
      }
    };
    client.once('close', forget);
    upstream.once('close', forget);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const own = server.address().port;
  const path = to && to.pathname !== '/' ? to.pathname.replace(/\/+$/, '') : '';
  let closing;
  return {
    url: `http://127.0.0.1:${own}${path}`,
    host: '127.0.0.1',
    port: own,
    /** Stops listening, cuts every connection and clears every timer. */
    close() {
      closing ??= new Promise((resolve) => {
        for (const p of pipes) p.stop();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      });
      return closing;
    },
    /** Connections accepted and open; bytes forwarded up (client → target) and down so far. */
    stats: () => ({ ...totals }),
  };
}

/**
 * Forwards `from` to `to` through one direction of the link. `busyUntil`: when the link is first
 * free to send (a handshake's round trip after the accept). `counted(n)`: told of bytes written.
 */
function shaped(from, to, { delayMs, bytesPerMs, busyUntil }, counted) {
  /** Pieces waiting, in order: { at, data } or { at, end: true } or { at, error }. */
  const queue = [];
  let head = 0;
  let queued = 0;
  let timer;
  let stopped = false;
  // Bytes held before the source is paused: enough for a second of the link, at least 256 KiB,
  // so that a slow reader at the far end holds the sender back as TCP's window would.
  const highWater = Math.max(256 * 1024, Number.isFinite(bytesPerMs) ? bytesPerMs * 1000 : 4 * 1024 * 1024);

  const push = (item) => {
    queue.push(item);
    schedule();
  };
  const schedule = () => {
    if (stopped || timer || head >= queue.length || to.writableNeedDrain) return;
    const wait = queue[head].at - performance.now();
    if (wait <= 0) return void flush();
    timer = setTimeout(() => {
      timer = undefined;
      flush();
    }, Math.ceil(wait));
  };
  const flush = () => {
    const now = performance.now();
    while (!stopped && head < queue.length && queue[head].at <= now) {
      const item = queue[head];
      queue[head++] = undefined;
      if (item.data) {
        queued -= item.data.length;
        counted(item.data.length);
        if (!to.destroyed) to.write(item.data);
        if (from.isPaused() && queued < highWater / 2) from.resume();
        if (to.writableNeedDrain) {
          to.once('drain', schedule);
          break;
        }
      } else if (item.end) {
        to.end();
      } else if (!to.destroyed) {
        to.resetAndDestroy(); // a reset is passed on as one (destroy() alone would send a FIN)
      }
    }
    if (head > 1024 && head * 2 > queue.length) {
      queue.splice(0, head);
      head = 0;
    }
    schedule();
  };
  /** When a piece of `bytes` read now is written out at the far end. */
  const due = (bytes) => {
    const start = Math.max(performance.now(), busyUntil);
    busyUntil = start + bytes / bytesPerMs;
    return busyUntil + delayMs;
  };
  from.on('data', (chunk) => {
    for (let i = 0; i < chunk.length; i += PIECE) {
      const data = chunk.subarray(i, i + PIECE);
      queued += data.length;
      push({ at: due(data.length), data });
    }
    if (queued >= highWater) from.pause();
  });
  from.once('end', () => push({ at: due(0), end: true }));
  // An error (a reset) arrives after what was queued before it; 'close' without 'end' is one too.
  let cut = false;
  const reset = () => {
    if (cut || from.readableEnded) return;
    cut = true;
    push({ at: due(0), error: true });
  };
  from.once('error', reset);
  from.once('close', reset);
  to.on('error', () => {}); // its own 'error' is the other direction's to forward

  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
