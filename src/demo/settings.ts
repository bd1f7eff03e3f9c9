// The hash of an application's settings, as servers keep one per deployment (`config_hash`):
// equal settings, equal hash.
import { createHash } from 'node:crypto';
import type { AppFields } from './model.js';

export function settingsHash(fields: AppFields): string {
  const sorted = Object.fromEntries(
    Object.keys(fields)
      .sort()
      .map((k) => [k, fields[k]]),
  );
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 32);
}
