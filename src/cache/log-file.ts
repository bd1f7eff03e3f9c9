// A log the user opened, as the cache writes it: its entries masked as pages are (mask.ts), and
// only its end when it is longer than the bound (a build log can be hundreds of MB; what explains
// how it ended is at its end). The text is built from each entry's JSON, so the bound is checked
// without writing the whole log first.
import type { LogEntry } from '../model/log.js';
import { secretsHider } from './mask.js';
import { VERSION } from './shape.js';

export interface LogFile {
  readonly server: string;
  readonly appUuid: string;
  readonly deploymentUuid: string;
  readonly readAt: number;
  readonly entries: readonly LogEntry[];
  /** The most bytes the entries' JSON may take. */
  readonly max: number;
}

/** The JSON text of a cached log: `{ v, server, appUuid, deploymentUuid, readAt, dropped, entries }`. */
export function logFileText(log: LogFile): string {
  const hide = secretsHider([log.entries]);
  const parts: string[] = [];
  let bytes = 0;
  // From the end: the entries that fit are its last ones.
  for (let i = log.entries.length - 1; i >= 0; i--) {
    const entry = log.entries[i]!;
    const text = JSON.stringify({
      command: entry.command === null ? null : hide(entry.command),
      output: hide(entry.output),
      stderr: entry.stderr,
      hidden: entry.hidden,
      timestamp: hide(entry.timestamp),
      at: entry.at,
      batch: entry.batch,
      order: entry.order,
    });
    const size = Buffer.byteLength(text) + 1;
    if (bytes + size > log.max) break;
    bytes += size;
    parts.push(text);
  }
  parts.reverse();
  // Names, not text from the server: written as they are, so the file reads back as this log's.
  const { server, appUuid, deploymentUuid, readAt } = log;
  const fields = JSON.stringify({ v: VERSION, server, appUuid, deploymentUuid, readAt, dropped: log.entries.length - parts.length });
  return `${fields.slice(0, -1)},"entries":[${parts.join(',')}]}`;
}
