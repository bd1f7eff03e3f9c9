// Types of link.mjs, for the tests that import it (test/bench/link.test.ts).

export interface LinkOptions {
  /** `http://127.0.0.1:PORT` (any URL: its host, port and path) or `{ host, port }`. */
  readonly target: string | { readonly host?: string; readonly port: number };
  /** One-way delay per direction in ms: 40 makes an 80 ms round trip. */
  readonly delayMs: number;
  /** Bandwidth per direction in Mbit/s; 0 or Infinity: no cap. */
  readonly mbit: number;
  /** A new connection's first bytes wait one round trip, as after a TCP handshake (default true). */
  readonly handshake?: boolean;
}

export interface LinkStats {
  /** Connections accepted so far, and still open. */
  readonly connections: number;
  readonly open: number;
  /** Bytes written to the target (up) and back to the clients (down). */
  readonly up: number;
  readonly down: number;
}

export interface Link {
  /** `http://127.0.0.1:PORT`, with the target URL's path when it had one. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
  stats(): LinkStats;
}

export function startLink(options: LinkOptions): Promise<Link>;
