// The create form's screen as a pure reducer (src/tui/screens/forms/state.ts), without Ink:
// how a send, its answer and its failure move the phase, the banner and the notice.
import { describe, expect, it } from 'vitest';
import { APP_FORM } from '../../../../src/forms/app-form.js';
import type { FormValues } from '../../../../src/forms/types.js';
import {
  formScreenReducer,
  formScreenState,
  typedAnything,
  type FormScreenAction,
  type FormScreenState,
} from '../../../../src/tui/screens/forms/state.js';
import { initialFormState } from '../../../../src/tui/screens/forms/state-fields.js';

const APP: FormValues = {
  project_uuid: 'p1',
  server_uuid: 's1',
  environment_name: 'production',
  git_repository: 'https://github.com/acme/web',
  git_branch: 'main',
  build_pack: 'nixpacks',
  domains: 'https://a.example',
};
const reduce = formScreenReducer(APP_FORM);
const run = (state: FormScreenState, ...actions: FormScreenAction[]) => actions.reduce(reduce, state);
const opened = () => formScreenState(initialFormState(APP_FORM, APP), { tone: 'info', text: 'Filled in from the file.' });

describe('the screen reducer', () => {
  it('a send clears the notice and the banner; a 409 goes back to the form with its banner; the override clears its message', () => {
    let s = run(opened(), { type: 'sending' });
    expect(s).toMatchObject({ phase: { kind: 'sending' }, notice: undefined, banner: undefined });
    s = run(s, { type: 'not-created', failure: { kind: 'fields', by: 'conflict', errors: { domains: 'Domain in use.' } } });
    expect(s).toMatchObject({ phase: { kind: 'edit' }, banner: 'conflict' });
    expect(s.form.serverErrors).toEqual({ domains: 'Domain in use.' });
    expect(s.form.focus).toBe('domains');
    s = run(s, { type: 'set', name: 'force_domain_override', value: true });
    expect(s.form.serverErrors).toEqual({});
  });

  it("dms's own refusal marks every problem and names the banner, from any phase", () => {
    const s = run(
      { ...opened(), phase: { kind: 'failed', message: 'x', hint: '' } },
      { type: 'refused', errors: { git_branch: 'is required.' } },
    );
    expect(s).toMatchObject({ phase: { kind: 'edit' }, banner: 'local', notice: undefined });
    expect(s.form.errors).toEqual({ git_branch: 'is required.' });
  });

  it('a request that may have created it is remembered: sending again asks first, and cancelling goes back to where it was asked', () => {
    let s = run(
      opened(),
      { type: 'sending' },
      { type: 'not-created', failure: { kind: 'request', message: 'Lost.', hint: 'Look first.', mayHaveCreated: true } },
    );
    expect(s).toMatchObject({
      phase: { kind: 'failed', message: 'Lost.', hint: 'Look first.' },
      unsure: { message: 'Lost.', hint: 'Look first.' },
    });
    s = run(s, { type: 'ask-resend' }, { type: 'ask-resend' });
    expect(s.phase).toEqual({ kind: 'confirm-resend', back: { kind: 'failed', message: 'Lost.', hint: 'Look first.' } });
    s = run(s, { type: 'sending' });
    expect(s.unsure).toBeUndefined();
  });

  it('an error that made nothing leaves nothing to ask about', () => {
    const s = run(
      opened(),
      { type: 'sending' },
      { type: 'not-created', failure: { kind: 'request', message: 'Server error (500).', hint: '', mayHaveCreated: false } },
    );
    expect(s.unsure).toBeUndefined();
    expect(s.phase).toEqual({ kind: 'failed', message: 'Server error (500).', hint: '' });
  });

  it('created: the answer and its uuid, shown masked', () => {
    const s = run(opened(), { type: 'sending' }, { type: 'reveal' }, { type: 'created', answer: { uuid: 'app-1' } });
    expect(s).toMatchObject({ phase: { kind: 'success' }, created: { uuid: 'app-1' }, revealed: false });
  });

  it('typed anything: only a change from what the form started with counts', () => {
    expect(typedAnything({ a: 'x' }, { a: 'x' })).toBe(false);
    expect(typedAnything({ a: 'y' }, { a: 'x' })).toBe(true);
    expect(typedAnything({}, { a: 'x' })).toBe(true);
    expect(typedAnything({ a: '' }, {})).toBe(false);
  });
});
