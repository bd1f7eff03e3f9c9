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
    // Python's and the JVM's way of failing.
    'Traceback (most recent call last):',
    'Exception in thread "main" java.lang.IllegalStateException: boom',
    'Caused by: java.io.IOException: Connection reset',
    'Unhandled exception: System.NullReferenceException',
    'UnhandledPromiseRejection: uncaught exception in worker',
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
    // Progress and warnings (often on stderr).
    "Cloning into '/artifacts/shop'...",
    'npm WARN deprecated inflight@1.0.6: This module is not supported',
    'npm warn deprecated glob@7.2.3',
    'Downloading 100%',
    '#5 [2/4] RUN npm ci',
    'ExceptionHandler registered',
    'Exceptions: 0',
    'the handler throws IOException when the file is gone',
  ])('not: %s', (text) => {
    expect(readsAsError(text)).toBe(false);
  });

  it('an error line is one that reads as an error, on stdout or stderr: being on stderr is not enough', () => {
    expect(isErrorLine({ kind: 'err', text: "Cloning into '/artifacts/x'..." })).toBe(false);
    expect(isErrorLine({ kind: 'err', text: 'npm WARN deprecated inflight@1.0.6' })).toBe(false);
    expect(isErrorLine({ kind: 'err', text: 'npm ERR! code ELIFECYCLE' })).toBe(true);
    expect(isErrorLine({ kind: 'out', text: 'exit code: 1' })).toBe(true);
    expect(isErrorLine({ kind: 'cmd', text: 'npm run build' })).toBe(false);
    expect(isErrorLine({ kind: 'cmd', text: 'make || echo failed' })).toBe(false);
  });
});
