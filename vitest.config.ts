import { defineConfig } from 'vitest/config';

/**
 * Tests that drive the built binary, its worker files or a real terminal (tmux): they need
 * `dist/` (npm test builds it first) and take most of the run's time.
 */
const BINARY = [
  'test/e2e/**/*.test.{ts,tsx}',
  'test/smoke/**/*.test.{ts,tsx}',
  'test/cli/**/*.test.{ts,tsx}',
  'test/harness/**/*.test.{ts,tsx}',
  'test/faults/{bin,edges,scan,short-pages}.test.{ts,tsx}',
  'test/search/worker.test.ts',
  'test/tui/screens/deployments/whole-history.test.tsx',
];

/** Tests that replace a module (vi.mock): each file gets its own modules. */
const MOCKED = ['test/config/private-file-crash.test.ts'];

/**
 * Property and fuzz suites (test/property): thousands of random cases each, against a reference or
 * an invariant, split into tests that each stay under a third of their time with two busy processes
 * beside the suite. `npm test` runs them; the unit loop (`npm run test:unit`) does not.
 */
const PROPERTY = ['test/property/**/*.test.{ts,tsx}'];

export default defineConfig({
  test: {
    // Temp folders and tmux sockets: each test file removes its own (setup.ts); the run fails if any is left (global-setup.ts).
    globalSetup: ['test/support/global-setup.ts'],
    setupFiles: ['test/support/setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    reporters: ['default'],
    // `npm test` runs them all; `npm run test:unit` unit and mocked (no build needed, no property runs).
    projects: [
      // Modules stay loaded from one file to the next in a worker (a third of the time was imports);
      // a test that changes module state puts it back (chalk.level, the environment: setup.ts).
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.{ts,tsx}'], exclude: [...BINARY, ...MOCKED, ...PROPERTY], isolate: false },
      },
      { extends: true, test: { name: 'mocked', include: MOCKED } },
      { extends: true, test: { name: 'property', include: PROPERTY } },
      // A started process on a shared 2-core machine can take ten times its quiet time: a minute before a test is called hung.
      { extends: true, test: { name: 'binary', include: BINARY, testTimeout: 60_000, hookTimeout: 60_000 } },
    ],
  },
});
