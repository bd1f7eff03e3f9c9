// Temp folders for tests: made under the system temp folder with a `dms-` prefix, removed after
// the test file (test/support/setup.ts), retrying while a dms process that a test stopped may
// still be writing its recents.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made = new Set<string>();

export function tempDir(prefix = 'dms-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.add(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  made.clear();
}
