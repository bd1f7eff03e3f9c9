// The rule for a log line that reads as an error (e/E in the log viewer; a failure's reason later).
import { describe, expect, it } from 'vitest';
import { isErrorLine, readsAsError } from '../../src/model/error-line.js';

describe('readsAsError', () => {
  it.each([
    'ERROR: failed to solve: process "/bin/sh -c npm run build" did not complete successfully',
    '2026-08-22 ERROR [main] connection refused',
    'error: could not compile `shop`',
    'npm error: code ELIFECYCLE',
    "TypeError: Cannot read properties of undefined (reading 'id')",
    'Error: listen EADDRINUSE :::3000',
    'FATAL: password authentication failed for user "app"',
    "fatal: unable to access 'https://github.com/acme/shop/': The requested URL returned error: 502",
    'panic: runtime error: index out of range [3] with length 3',
    "thread 'main' panicked at src/main.rs:4:5",
    'Killed',
    'exit code: 1',
    'exit code 137',
    'Process exited with code 2',
    'exit status 1',
    'Build failed.',
    'Failed to compile.',
    'Tests: 3 FAILED, 10 passed',
    // The failure reason's forms (one rule for e/E and model/reason.ts).
    'Error response from daemon: pull access denied for acme/shop',
    'npm ERR! code ELIFECYCLE',
    'Container exited: OOMKilled',
    'exit 137',
    'Health check failed after 3 attempts',
    'container is unhealthy',
  ])('%s', (text) => {
    expect(readsAsError(text)).toBe(true);
  });

  it.each([
    '',
    'Compiled successfully in 3.2s',
    'exit code: 0',
    'Process exited with code 0',
    'Tests: 12 passed, 0 failed',
    'error-handler.ts compiled',
    'errors: none',
    'Error handling middleware registered',
    'the process was killed earlier by the previous deployment',
    'panicky users',
    'INFO: Errored requests: 0',
    'Pulling fs layer',
  ])('not: %s', (text) => {
    expect(readsAsError(text)).toBe(false);
  });

  it('a stderr line is an error line whatever it says; a stdout line only when it reads as one', () => {
    expect(isErrorLine({ kind: 'err', text: "Cloning into '/artifacts/x'..." })).toBe(true);
    expect(isErrorLine({ kind: 'out', text: "Cloning into '/artifacts/x'..." })).toBe(false);
    expect(isErrorLine({ kind: 'out', text: 'exit code: 1' })).toBe(true);
    expect(isErrorLine({ kind: 'cmd', text: 'npm run build' })).toBe(false);
  });
});
