// A connection to the server opened as soon as its address is known (openSession), before got has
// loaded (~15 ms) and built its first request (~10 ms): on a far server the DNS lookup and the TCP
// handshake (a round trip) run meanwhile instead of after. The client's agents (agents.ts) hand it
// to the first GET to that host and port within ADOPT_MS; unused, it is closed then. Only a
// connection that is still open (or still connecting) is handed over: one the server closed or
// refused is dropped, and the request connects as it always did (a refusal then reads as one).
import net from 'node:net';

/** How long an opened connection waits for its request: the first GET follows within ~30 ms. */
export const ADOPT_MS = 1000;

interface Waiting {
  readonly key: string;
  readonly socket: net.Socket;
  usable: boolean;
}

let waiting: Waiting | undefined;
/** What became of the last connection opened (DMS_DEBUG=1 says it at exit). */
let outcome: string | undefined;

const bare = (host: string) => host.replace(/^\[|\]$/g, '').toLowerCase();
const keyOf = (host: string, port: number) => `${bare(host)}:${port}`;

/** Where `baseUrl` connects: host and port, or undefined when it is not an http(s) URL. */
export function endpointOf(baseUrl: string): { host: string; port: number } | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return { host: bare(url.hostname), port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80) };
}

/** Opens a connection to `baseUrl`'s host and port for the first request (one at a time; `adoptMs`: the wait). */
export function preconnect(baseUrl: string, adoptMs = ADOPT_MS): void {
  const at = endpointOf(baseUrl);
  if (!at || waiting) return;
  const socket = net.connect({ host: at.host, port: at.port });
  // It holds nothing open: a run that ends before its request ends as it would have.
  socket.unref();
  const entry: Waiting = { key: keyOf(at.host, at.port), socket, usable: true };
  const drop = () => {
    entry.usable = false;
  };
  outcome = 'opened, not used yet';
  socket.once('error', drop);
  socket.once('end', drop);
  socket.once('close', drop);
  const timer = setTimeout(() => {
    if (waiting !== entry) return;
    waiting = undefined;
    socket.destroy();
    outcome = `closed unused after ${adoptMs} ms`;
  }, adoptMs);
  timer.unref();
  waiting = entry;
}

/** The connection opened for `host`:`port`, taken (once), when it is still usable. */
export function takeConnection(host: string | null | undefined, port: number | string | null | undefined): net.Socket | undefined {
  const entry = waiting;
  if (!entry || entry.key !== keyOf(String(host ?? ''), Number(port))) return undefined;
  waiting = undefined;
  if (!entry.usable || entry.socket.destroyed) {
    entry.socket.destroy();
    outcome = 'closed or refused before its request: the request connected anew';
    return undefined;
  }
  entry.socket.ref();
  outcome = 'taken by the first GET';
  return entry.socket;
}

/** What became of the connection opened early, if one was (DMS_DEBUG=1). */
export function connectionNote(): string | undefined {
  return outcome;
}

/** The connection waiting for its request, if any: whether it is still usable (tests). */
export function waitingConnection(): { readonly usable: boolean } | undefined {
  return waiting && { usable: waiting.usable && !waiting.socket.destroyed };
}

/** Closes the connection waiting for its request, if any (tests). */
export function dropConnection(): void {
  waiting?.socket.destroy();
  waiting = undefined;
  outcome = undefined;
}
