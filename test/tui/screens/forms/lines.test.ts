// The create form's words (src/tui/screens/forms/lines.ts), without Ink: every key a sentence
// names is the key in force, keys.json included.
import { describe, expect, it } from 'vitest';
import { APP_FORM } from '../../../../src/forms/app-form.js';
import { DOCSTORE_FORM } from '../../../../src/forms/docstore-form.js';
import { bindKeys } from '../../../../src/tui/key-bindings.js';
import { DEFAULT_KEYS, keyTable } from '../../../../src/tui/keys.js';
import {
  doneActions,
  footerActions,
  leaveQuestion,
  nameFirst,
  notesOf,
  overwriteQuestion,
  resendQuestion,
  sendHint,
  type KeyAction,
} from '../../../../src/tui/screens/forms/lines.js';
import { formScreenState, type FormScreenState } from '../../../../src/tui/screens/forms/state.js';
import { initialFormState } from '../../../../src/tui/screens/forms/state-fields.js';

/** The key map with keys.json's `bindings` laid over it (each must apply). */
function rebound(bindings: Record<string, string>) {
  const bound = bindKeys(Object.entries(bindings).map(([action, key]) => [action, [key]] as const));
  expect(bound.problems).toEqual([]);
  return keyTable(bound.commands);
}

const said = (actions: readonly KeyAction[]) => actions.map((a) => `${a.key} ${a.does}`).join(' · ');

describe('sentences that name keys', () => {
  it('"Press … to send" and the footer name the submit key in force', () => {
    expect(sendHint(DEFAULT_KEYS).text).toBe('Press Ctrl+S to send the request.');
    const keys = rebound({ formSubmit: 'ctrl+g' });
    expect(sendHint(keys).text).toBe('Press Ctrl+G to send the request.');
    expect(said(footerActions(keys))).toContain('Ctrl+G submit');
  });

  it('the pointer to Force domain override names the choice and submit keys in force', () => {
    const state: FormScreenState = {
      ...formScreenState({ ...initialFormState(APP_FORM), serverErrors: { domains: 'in use' } }),
      banner: 'conflict',
    };
    expect(notesOf(state, DEFAULT_KEYS).force_domain_override).toBe('turn this on (Space) to use the domain anyway, then Ctrl+S');
    expect(notesOf(state, rebound({ choiceNext: 'ctrl+t', formSubmit: 'ctrl+g' })).force_domain_override).toBe(
      'turn this on (Ctrl+T) to use the domain anyway, then Ctrl+G',
    );
  });

  it('questions and the keys after a creation name the keys in force', () => {
    const keys = rebound({
      confirmLeave: 'ctrl+l',
      overwriteReplace: 'ctrl+r',
      resendConfirm: 'ctrl+y',
      doneSave: 'ctrl+w',
      credentialsSave: 'tab',
    });
    expect(said(leaveQuestion(keys).answers)).toBe('Ctrl+L leave · d discard the draft and leave · n stay');
    expect(said(overwriteQuestion('f.json', 'body', keys).answers)).toBe('Ctrl+R replace · n keep it (nothing is saved)');
    expect(said(resendQuestion(DOCSTORE_FORM, keys).answers)).toBe('Ctrl+Y send · n/Esc do not send');
    expect(said(doneActions(keys, { open: false, follow: false, secret: true, revealed: false }))).toBe(
      's shows the password · Ctrl+W saves it to a file · Esc closes',
    );
    expect(nameFirst('credentials', keys).text).toBe('Type a file name first, then Tab saves the credentials there.');
  });
});
