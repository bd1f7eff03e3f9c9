// Bearer tokens like deployed servers issue them: `<id>|<secret>`, compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** `<id>|demo_<32 hex>`; each token of a user has its own id. */
export function generateToken(id = 1): string {
  return `${id}|demo_${randomBytes(16).toString('hex')}`;
}

/** The token of an `Authorization: Bearer <token>` header; undefined when there is none. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S.*)$/i.exec(header ?? '');
  return match?.[1]?.trim();
}

/** Hashing first makes both sides the same length, so the comparison time says nothing. */
export function sameToken(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
