import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NetworkError, ResponseTooLargeError, UnauthorizedError } from '../../src/api/errors.js';
import { errorFromData, errorToData } from '../../src/api/error-data.js';
import { hintOf, withTokenWords } from '../../src/commands/advice.js';

const CONTEXT_ADVICE = 'Check it with: dms context verify prod; replace it with: dms context add prod --url URL.';

describe('advice: api/ says what failed, commands/ what to run', () => {
  it('an API error names no command or flag of its own', () => {
    const errors = [
      new UnauthorizedError({ kind: 'context', name: 'prod' }),
      new UnauthorizedError(),
      new ConflictError('Conflict (409).'),
      new NetworkError('timeout', 'slow', undefined, false, 'connect'),
      new NetworkError('refused', 'refused'),
      new ResponseTooLargeError({ limit: 1 }),
      new ResponseTooLargeError({ limit: 1, single: true }),
    ];
    for (const error of errors) expect(error.hint).not.toMatch(/\bdms \w|--\w|DMS_/);
  });

  it('the commands word it: the context to verify, the flag to raise, the variable to check', () => {
    expect(hintOf(new UnauthorizedError({ kind: 'context', name: 'prod' }))).toBe(CONTEXT_ADVICE);
    expect(hintOf(new NetworkError('timeout', 'slow', undefined, false, 'data'))).toBe(
      'Try again; --timeout sets how long dms waits without data.',
    );
    expect(hintOf(new NetworkError('refused', 'refused'))).toBe('Check DMS_URL and that the server is up.');
    expect(hintOf(new ResponseTooLargeError({ limit: 1, single: true }))).toBe('Raise --max-response-mb (at most 536) to read it.');
    // Words given for one error (a creation's lost answer) come first.
    expect(hintOf(new NetworkError('reset', 'cut', 'Look first.', true))).toBe('Look first.');
  });

  it("the advice is worded from the error's facts, also after crossing a thread as data", () => {
    const error = new UnauthorizedError({ kind: 'context', name: 'prod' });
    expect(hintOf(error)).toBe(CONTEXT_ADVICE);
    // The data carries the facts, not the words: the other side words them again.
    expect(errorToData(error).hint).toBeUndefined();
    expect(hintOf(errorFromData(errorToData(error)) as UnauthorizedError)).toBe(CONTEXT_ADVICE);
    const timeout = errorFromData(errorToData(new NetworkError('timeout', 'x', undefined, false, 'connect'))) as NetworkError;
    expect(hintOf(timeout)).toBe('Check DMS_URL and that the server is up, or raise --timeout.');
  });

  it('a message names the token in the words the commands give (withTokenWords), none of its own', () => {
    expect(new UnauthorizedError({ kind: 'env' }).message).toBe('The server rejected the token (401).');
    expect(new UnauthorizedError(withTokenWords({ kind: 'env' })).message).toBe('The server rejected the token in DMS_TOKEN (401).');
    expect(new UnauthorizedError(withTokenWords({ kind: 'flag' })).message).toBe('The server rejected the token given with --token (401).');
    expect(new ForbiddenError('no', withTokenWords({ kind: 'context', name: 'prod' })).message).toBe(
      'Access denied (403) for the token of context prod: no.',
    );
    // The words cross a thread with the facts.
    const crossed = errorFromData(errorToData(new UnauthorizedError(withTokenWords({ kind: 'env' }))));
    expect(crossed.message).toBe('The server rejected the token in DMS_TOKEN (401).');
  });
});
