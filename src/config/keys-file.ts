// $DMS_CONFIG_DIR/keys.json: the user's own keys for actions of the key map, read once when the
// TUI starts (headless commands never read it). The format is one object, action id -> a key
// name or a list of them: {"nextPage": ["ctrl+f", "n"], "quit": "Q"}. This module reads the
// file and checks its shape; what the ids and key names mean is the TUI's (tui/key-bindings.ts).
//
// A file that cannot be used as a whole (not JSON, not an object, too large, unreadable) leaves
// every default in place; an entry of the wrong type is skipped and the rest still apply.
import { join } from 'node:path';
import { readConfigFile } from './read-file.js';

export const KEYS_FILE = 'keys.json';
/** Larger than any key map needs: a bigger file is a mistake (a log saved over it, say). */
export const KEYS_FILE_MAX = 32 * 1024;
/** Said of a file that is not used at all. */
const ALL_DEFAULTS = ' — default keys in use';
/** Keys one action may have. */
export const KEYS_PER_ACTION = 8;

/** What the file asks for, in file order, and what was wrong with it (one line each). */
export interface KeysFile {
  readonly bindings: readonly (readonly [action: string, keys: readonly string[]])[];
  readonly problems: readonly string[];
}

/** A name for messages: printable, short, quoted. */
export function shownName(name: string): string {
  const plain = name.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '?');
  return JSON.stringify(plain.length > 40 ? `${plain.slice(0, 40)}…` : plain);
}

/** The file's text, null when there is none, or why it cannot be read. Never blocks on a FIFO (read-file.ts). */
export function readKeysText(dir: string): { text: string } | { problem: string } | null {
  const read = readConfigFile(join(dir, KEYS_FILE), KEYS_FILE_MAX);
  if (read === undefined) return null;
  return 'text' in read ? read : { problem: `${KEYS_FILE} ${read.problem}` };
}

/** V8's JSON.parse message, one short line: `Expected ',' or '}' after property value (line 2 column 5)`. */
function jsonWhy(message: string): string {
  const line = message.split('\n')[0]!.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  const short = line
    .replace(/ in JSON at position \d+ \((line \d+ column \d+)\)/, ' ($1)')
    .replace(/ in JSON at position (\d+)$/, ' (at character $1)');
  return short.slice(0, 80);
}

/** The file's text checked for shape with zod (loaded only when there is a file). */
export async function parseKeysText(text: string): Promise<KeysFile> {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    // V8 quotes the file in its message: control characters out, kept short. Where it is, said
    // once: V8 12+ (Node 22+) adds "(line 1 column 35)" after "at position 34".
    const why = error instanceof Error ? jsonWhy(error.message) : 'bad JSON';
    return { bindings: [], problems: [`${KEYS_FILE} is not JSON (${why})${ALL_DEFAULTS}`] };
  }
  const { z } = await import('zod');
  const name = z.string().min(1).max(24);
  const entry = z.union([name, z.array(name).min(1).max(KEYS_PER_ACTION)]);
  const file = z.record(z.string(), z.unknown());
  if (Array.isArray(json) || !file.safeParse(json).success) {
    return { bindings: [], problems: [`${KEYS_FILE} must be an object of "action": "key" or ["key", …]${ALL_DEFAULTS}`] };
  }
  const bindings: [string, string[]][] = [];
  const problems: string[] = [];
  for (const [action, value] of Object.entries(json as Record<string, unknown>)) {
    const parsed = entry.safeParse(value);
    if (parsed.success) bindings.push([action, typeof parsed.data === 'string' ? [parsed.data] : parsed.data]);
    else
      problems.push(
        `${KEYS_FILE}: ${shownName(action)} must be a key name or a list of 1 to ${KEYS_PER_ACTION} names — it keeps its default`,
      );
  }
  return { bindings, problems };
}

/** The file in `dir`: what it binds and what was wrong; nothing at all when there is no file. */
export async function loadKeysFile(dir: string): Promise<KeysFile> {
  const read = readKeysText(dir);
  if (read === null) return { bindings: [], problems: [] };
  if ('problem' in read) return { bindings: [], problems: [`${read.problem}${ALL_DEFAULTS}`] };
  return parseKeysText(read.text);
}
