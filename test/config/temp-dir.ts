// A fresh temp folder per call, for the config tests: the shared helper's (test/support/temp.ts),
// removed after the test file.
import { tempDir as sharedTempDir } from '../support/temp.js';

export function tempDir(): string {
  return sharedTempDir('dms-config-');
}
