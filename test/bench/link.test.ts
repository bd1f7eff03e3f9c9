// The shaped link of the bench (bench/lib/link.mjs): its round trip and its bandwidth measured
// against what they should be, its order, and ends and resets carried to the other side. Lower
// bounds are strict (the link never delivers early); upper bounds leave room for a loaded 2-core
// machine (3×).
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startLink, type Link } from '../../bench/lib/link.mjs';

const opened: { close(): unknown }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0).reverse()) await o.close();
});

/** A TCP server on 127.0.0.1 whose connections `onConnection` handles; closed after the test. */
async function serve(onConnection: (s: Socket) => void): Promise<{ server: Server; port: number }> {
  const sockets = new Set<Socket>();
  const server = createServer({ allowHalfOpen: true }, (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
    onConnection(s);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  opened.push({
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(r));
    },
  });
  return { server, port: (server.address() as { port: number }).port };
}

async function link(port: number, delayMs: number, mbit: number): Promise<Link> {
  const l = await startLink({ target: { port }, delayMs, mbit });
  opened.push(l);
  return l;
}

async function dial(port: number): Promise<Socket> {
  const s = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
  opened.push({ close: () => s.destroy() });
  await once(s, 'connect');
  return s;
}

/** Reads from `s` until `bytes` have arrived; resolves with them and when the last came. */
function readBytes(s: Socket, bytes: number): Promise<{ data: Buffer; at: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let got = 0;
    const onData = (c: Buffer) => {
      chunks.push(c);
      got += c.length;
      if (got >= bytes) {
        s.off('data', onData);
        s.off('error', reject);
        resolve({ data: Buffer.concat(chunks), at: performance.now() });
      }
    };
    s.on('data', onData);
    s.once('error', reject);
  });
}

/** Bytes to ms at `mbit` Mbit/s. */
const wire = (bytes: number, mbit: number) => (bytes * 8) / (mbit * 1000);

function expectWithin(ms: number, expected: number) {
  // Never early (1 ms for the two clocks' rounding); late by at most 3× on a loaded machine.
  expect(ms).toBeGreaterThanOrEqual(expected - 1);
  expect(ms).toBeLessThanOrEqual(3 * expected);
}

describe('the shaped link', () => {
  it('a round trip takes twice the one-way delay; a new connection pays one more for its handshake', async () => {
    const echo = await serve((s) => s.pipe(s));
    const l = await link(echo.port, 40, 50);
    const started = performance.now();
    const s = await dial(l.port);
    s.write('a');
    const first = await readBytes(s, 1);
    expectWithin(first.at - started, 160);
    const again = performance.now();
    s.write('b');
    const second = await readBytes(s, 1);
    expect(second.data.toString()).toBe('b');
    expectWithin(second.at - again, 80);
    expect(l.stats()).toMatchObject({ connections: 1, open: 1, up: 2, down: 2 });
  });

  it('2 MB down at 50 Mbit/s takes its bytes at that rate plus the round trip, in order and whole', async () => {
    const body = randomBytes(2 * 1024 * 1024);
    // `p` is echoed (a round trip, to be past the handshake); `?` is answered with the body.
    const server = await serve((s) => s.on('data', (c: Buffer) => s.write(c.includes('?') ? body : c)));
    const l = await link(server.port, 40, 50);
    const s = await dial(l.port);
    s.write('p');
    await readBytes(s, 1);
    const started = performance.now();
    s.write('?');
    // Its first 16 KiB piece after the round trip and its own time on the wire; the whole after 2 MiB at 50 Mbit/s.
    const first = await readBytes(s, 1);
    expectWithin(first.at - started, 80 + wire(16 * 1024, 50));
    const rest = await readBytes(s, body.length - first.data.length);
    const data = Buffer.concat([first.data, rest.data]);
    expect(data.length).toBe(body.length);
    expect(createHash('sha256').update(data).digest('hex')).toBe(createHash('sha256').update(body).digest('hex'));
    expectWithin(rest.at - started, 80 + wire(body.length, 50));
  });

  it('each direction has its own cap: 256 KiB up and 256 KiB down at 10 Mbit/s at once take the time of one', async () => {
    const up = randomBytes(256 * 1024);
    const down = randomBytes(256 * 1024);
    let received: Promise<{ data: Buffer; at: number }> | undefined;
    const server = await serve((s) => {
      received = readBytes(s, up.length);
      s.write(down);
    });
    const l = await link(server.port, 20, 10);
    const started = performance.now();
    const s = await dial(l.port);
    s.write(up);
    const [gotDown, gotUp] = await Promise.all([readBytes(s, down.length), waitFor(() => received).then((r) => r)]);
    expect(gotUp.data.equals(up)).toBe(true);
    expect(gotDown.data.equals(down)).toBe(true);
    // Up: the handshake's round trip, then 256 KiB at 10 Mbit/s and one delay.
    expectWithin(gotUp.at - started, 40 + wire(up.length, 10) + 20);
    // Down: the server wrote as the link connected to it; 256 KiB at 10 Mbit/s and one delay.
    expectWithin(gotDown.at - started, wire(down.length, 10) + 20);
  });

  it('an end reaches the other side after the data before it; both ways, half-open', async () => {
    let heard: Promise<string> | undefined;
    const server = await serve((s) => {
      s.end('bye');
      heard = (async () => {
        let text = '';
        for await (const c of s) text += String(c);
        return text;
      })();
    });
    const l = await link(server.port, 10, 50);
    const s = await dial(l.port);
    const chunks: Buffer[] = [];
    s.on('data', (c: Buffer) => chunks.push(c));
    await once(s, 'end');
    expect(Buffer.concat(chunks).toString()).toBe('bye');
    // The client may still write after the server's end; its own end reaches the server after it.
    s.end('late');
    expect(await await waitFor(() => heard)).toBe('late');
    await waitFor(() => (l.stats().open === 0 ? true : undefined));
    expect(l.stats()).toMatchObject({ connections: 1, up: 4, down: 3 });
  });

  it('a reset of the target, or a target that refuses, cuts the client', async () => {
    const server = await serve((s) => s.once('data', () => s.resetAndDestroy()));
    const l = await link(server.port, 10, 50);
    const s = await dial(l.port);
    const cut = once(s, 'error');
    s.write('x');
    expect(((await cut)[0] as NodeJS.ErrnoException).code).toBe('ECONNRESET');

    const closed = await serve(() => {});
    const refused = await link(closed.port, 10, 50);
    await new Promise<void>((r) => closed.server.close(() => r()));
    const t = await dial(refused.port);
    expect(((await once(t, 'error'))[0] as NodeJS.ErrnoException).code).toBe('ECONNRESET');
    expect(refused.stats().connections).toBe(1);
  });

  it('a string target keeps its path for the url', async () => {
    const l = await startLink({ target: 'http://127.0.0.1:9/api/v1', delayMs: 1, mbit: 0 });
    opened.push(l);
    expect(l.url).toBe(`http://127.0.0.1:${l.port}/api/v1`);
  });
});

/** Polls `check` until it returns a value (a fact, not a sleep): every 5 ms, for 5 s at most. */
async function waitFor<T>(check: () => T | undefined): Promise<T> {
  const end = Date.now() + 5000;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}
