// How much of an answer dms holds, and how long it waits for one. Plain data, no got: the CLI
// checks --max-response-mb and --timeout before it loads the client.
import { constants } from 'node:buffer';
import { thousands } from '../text/thousands.js';

/** One MB as dms counts it (the flag, the variable and every message): 1,000,000 bytes. */
export const MB = 1_000_000;

/**
 * The largest answer read by default. A page is held as bytes, then as one string (about
 * 512 MB at most), then parsed into objects that need several times the text: 256 MB leaves
 * room for all three on an ordinary machine.
 */
export const MAX_RESPONSE_MB = 256;

/** The highest `--max-response-mb` allowed: what one JavaScript string can hold (536 in Node 20). */
export const MAX_RESPONSE_MB_CEILING = Math.floor(constants.MAX_STRING_LENGTH / MB);

/** Seconds without progress before a request is given up (`--timeout`): to connect, to the first byte, between two chunks. */
export const TIMEOUT_MS = 15_000;

/**
 * The longest wait dms honours when a server asks it to slow down (a 429's `Retry-After`): a read
 * waits that long at most before it is tried again. A server that asks for longer gets no retry of
 * that read: a page or the history scan stops with the 429 (exit 6); what polls (a refresh,
 * `create --wait`) asks again after this long at most.
 */
export const MAX_RETRY_AFTER_MS = 10_000;

/** `3.2 GB`, `256 MB`, `1.5 MB`, `800 KB`: decimal units, as the limit is given. */
export function formatBytes(bytes: number): string {
  const one = (n: number) => (n < 10 && !Number.isInteger(n) ? n.toFixed(1) : thousands(Math.round(n)));
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= MB) return `${one(Math.round((bytes / MB) * 10) / 10)} MB`;
  if (bytes >= 1000) return `${Math.round(bytes / 1000)} KB`;
  return `${bytes} bytes`;
}

/** `15 s`, `0.4 s`, `2.5 s`. */
export function formatSeconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : Number(s.toFixed(s < 1 ? 2 : 1))} s`;
}
