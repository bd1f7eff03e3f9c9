// The client's agents: Node's global ones as they are (keep-alive, newest socket first, 5 s idle),
// but for the first GET to the server, which takes the connection opened before got loaded
// (preconnect.ts). Loaded with got, which loads node:http and node:https anyway.
import http from 'node:http';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import { takeConnection } from './preconnect.js';

type Options = http.ClientRequestArgs & { method?: string };

/** The first GET to the opened connection's host and port takes it. */
const taken = (options: Options) =>
  (options.method ?? 'GET').toUpperCase() === 'GET' ? takeConnection(options.host, options.port) : undefined;

type Created = (error: Error | null, stream: Duplex) => void;

class HttpAgent extends http.Agent {
  override createConnection(options: Options, callback?: Created): Duplex | null | undefined {
    return taken(options) ?? super.createConnection(options, callback);
  }
}

class HttpsAgent extends https.Agent {
  override createConnection(options: Options, callback?: Created): Duplex | null | undefined {
    const socket = taken(options);
    // TLS is spoken over the opened connection (tls.connect's `socket`): the TCP round trip is saved.
    return super.createConnection((socket ? { ...options, socket } : options) as https.RequestOptions, callback);
  }
}

/** The client's agents: as Node's global ones (keep-alive, newest socket first, 5 s idle), taking an opened connection. */
export function agentsFor(): { http: http.Agent; https: https.Agent } {
  const options = { keepAlive: true, scheduling: 'lifo', timeout: 5000 } as const;
  return { http: new HttpAgent(options), https: new HttpsAgent(options) };
}
