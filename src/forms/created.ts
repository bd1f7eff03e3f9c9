// What the server answered to a creation (its whole 201), as shown and as saved: the same lines in
// the TUI and headless, secrets masked the same way (maskAnswer: only a URL's password is hidden),
// strings from the server cleaned. Zod-free and Ink-free.
import { boundDepth, putKey } from '../text/depth.js';
import { clean, jsonSafe } from '../text/sanitize.js';
import { isSecretField, maskRecord, maskValue } from '../text/secrets.js';

export type Answer = Readonly<Record<string, unknown>>;

/** The answer as indented JSON: no raw control characters, nothing nested deeper than can be printed. */
export function answerJson(answer: unknown): string {
  return jsonSafe(JSON.stringify(boundDepth(answer), null, 2) ?? 'null');
}

// A field the server adds whose name says it is a secret (`root_password`, `api_token`): masked as
// the known secret fields are, until text/secrets.ts knows such names itself.
const SECRET_NAME = /password|secret|token/i;

/** The answer as shown without --show-secrets: maskRecord, and fields named like secrets masked. */
export function maskAnswer(answer: Answer): Answer {
  const masked = maskRecord(answer);
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(masked)) {
    if (!SECRET_NAME.test(key) || isSecretField(key)) continue;
    out ??= { ...masked };
    putKey(out, key, maskValue(masked[key]));
  }
  return out ?? masked;
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
