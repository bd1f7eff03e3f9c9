// Pages of 10 for the end-to-end tests written for them: dms otherwise asks for the rows that
// fit the terminal (test/e2e/list-shape.test.ts tests that). Remembered as `-`/`+` would.
import { savePageSize } from '../../src/config/page-sizes.js';
import { DEMO_SEED } from '../../src/demo/seed.js';

/** `dir` with 10 rows a page remembered for each application (by default the demo's). */
export function tenPerPage(dir: string, apps: readonly string[] = DEMO_SEED.applications.map((a) => a.uuid)): string {
  for (const app of apps) savePageSize(dir, app, 10);
  return dir;
}
