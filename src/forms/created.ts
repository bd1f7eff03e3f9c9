// What the server answered to a creation (its whole 201), as shown and as saved: the same lines in
// the TUI and headless, secrets masked the same way (maskAnswer: only a URL's password is hidden),
// strings from the server cleaned. Zod-free and Ink-free.
import { boundDepth } from '../text/depth.js';
import { clean, jsonSafe } from '../text/sanitize.js';
import { maskRecord } from '../text/secrets.js';

export type Answer = Readonly<Record<string, unknown>>;

/** The answer as indented JSON: no raw control characters, nothing nested deeper than can be printed. */
export function answerJson(answer: unknown): string {
  return jsonSafe(JSON.stringify(boundDepth(answer), null, 2) ?? 'null');
}

/** The answer as shown without --show-secrets: maskRecord (fields named like secrets, `root_password` too, and URL passwords masked). */
export function maskAnswer(answer: Answer): Answer {
  return maskRecord(answer);
}

/** Whether masking hides something in the answer (a password in a connection URL, a secret field). */
export function hasSecrets(answer: Answer): boolean {
  return maskAnswer(answer) !== answer;
}

/**
 * Every field of the answer as `[name, value]`, in the server's order: masked unless `reveal`,
 * cleaned for one line; values that are not text as compact JSON. Empty and null values are left out.
 */
export function answerLines(answer: Answer, reveal: boolean): [string, string][] {
  const shown = (reveal ? answer : maskAnswer(answer)) as Record<string, unknown>;
  const out: [string, string][] = [];
  for (const key of Object.keys(shown)) {
    const v = shown[key];
    if (v === null || v === undefined || v === '') continue;
    const text = typeof v === 'string' ? v : jsonSafe(JSON.stringify(boundDepth(v)) ?? String(v));
    out.push([clean(key), clean(text)]);
  }
  return out;
}

/** The answer's uuid when it is text. */
export function answerUuid(answer: Answer): string | undefined {
  return typeof answer.uuid === 'string' && answer.uuid !== '' ? answer.uuid : undefined;
}

/** A file name to offer for the credentials: `docstore-1a2b3c4d-credentials.json` (plain characters only). */
export function credentialsFileName(answer: Answer): string {
  const id = (answerUuid(answer) ?? '').replace(/[^A-Za-z0-9-]/g, '').slice(0, 8);
  return id ? `docstore-${id}-credentials.json` : 'docstore-credentials.json';
}

/** What a credentials file holds: the answer as the server sent it, passwords in clear (mode 0600). */
export function credentialsText(answer: Answer): string {
  return `${answerJson(answer)}\n`;
}
