// What a key does in a create form, by phase and by the focused field's kind: the listener (a
// handler per phase), and the form's key scopes (searched in this order; the clash check reads them too).
import type { FormDef } from '../../../forms/types.js';
import { hasSecrets } from '../../../forms/created.js';
import { visibleFields } from '../../../forms/values.js';
import type { KeyListener, KeyResult } from '../../input/bus.js';
import { isText, type KeyEvent } from '../../input/keypress.js';
import { lineKeys, type KeyTable, type ScopeId } from '../../keys.js';
import { nameFirst, sendHint } from './lines.js';
import { losesPassword, typedAnything, type FormPhase } from './state.js';
import type { FormState } from './state-fields.js';
import { isTextField } from './state-edit.js';
import type { FormController } from './use-form.js';

export const FORM_SCOPES = {
  text: ['line', 'form'],
  choice: ['formChoice', 'form'],
  confirmLeave: ['formConfirm'],
  overwrite: ['formOverwrite'],
  draft: ['formDraft'],
  failed: ['formFailed'],
  resend: ['formResend'],
  saveCredentials: ['formSaveCredentials', 'line'],
  done: ['formDone'],
  lose: ['formLose'],
} as const satisfies Record<string, readonly ScopeId[]>;

/** What the keys need besides the form: its definition and where leaving goes. */
export interface FormKeyProps {
  readonly def: FormDef;
  /** Leaves the screen; `result` after a successful creation. */
  onExit(result?: { uuid: string }): void;
  /** Opens the deployments of the new application; `follow`: it was created with instant deploy, its deployment is followed. */
  onOpenDeployments(appUuid: string, follow?: boolean): void;
  /** Quits dms (Ctrl+C once the form said what it would lose); without it, the screen is left. */
  onQuit?(): void;
}

/** What every phase's keys use: the form, the screen's props, the key table, and the form's dispatch. */
interface FormKeyContext {
  readonly form: FormController;
  readonly props: FormKeyProps;
  readonly keys: KeyTable;
  readonly send: FormController['store']['dispatch'];
}

type PhaseOf<K extends FormPhase['kind']> = Extract<FormPhase, { kind: K }>;

export function formListener(form: FormController, props: FormKeyProps, keys: KeyTable): KeyListener {
  const c: FormKeyContext = { form, props, keys, send: form.store.dispatch };
  return {
    key(e) {
      const { phase } = form.store.get();
      switch (phase.kind) {
        case 'edit':
          return editKeys(c, e);
        case 'sending':
          return isText(e); // one POST per send: nothing else until it is answered
        case 'confirm-leave':
          return confirmLeaveKeys(c, e);
        case 'confirm-overwrite':
          return overwriteKeys(c, phase, e);
        case 'draft-conflict':
          return draftConflictKeys(c, e);
        case 'failed':
          return failedKeys(c, e);
        case 'confirm-resend':
          return resendKeys(c, phase, e);
        case 'save-credentials':
          return saveCredentialsKeys(c, phase, e);
        case 'success':
          return successKeys(c, e);
        case 'confirm-lose':
          return confirmLoseKeys(c, phase, e);
      }
    },
    // Text typed or pasted into a text field (or the credentials file name) goes in whole (a paste is one edit).
    text(run) {
      const { phase, form: s } = form.store.get();
      if (phase.kind === 'save-credentials') {
        c.send({ type: 'save-line', text: run });
        return run.length;
      }
      if (phase.kind !== 'edit' || !isTextField(props.def, s)) return 0;
      c.send({ type: 'edit', edit: { type: 'text', text: run } });
      return run.length;
    },
  };
}

/** Runs `go`, which leaves the screen: the key was used, and its effect comes later. */
function leave(go: () => void): KeyResult {
  go();
  return 'later';
}

function isInterrupt({ keys }: FormKeyContext, e: KeyEvent): boolean {
  return keys.commandFor(['app'], e.input, e.key) === 'interrupt';
}

/** Ctrl+C after a creation whose password would be lost unseen: asked first (true); else it quits as anywhere (false). */
function askBeforeQuit(c: FormKeyContext, e: KeyEvent): boolean {
  if (!isInterrupt(c, e) || !losesPassword(c.props.def, c.form.store.get())) return false;
  c.send({ type: 'phase', phase: { kind: 'confirm-lose', then: 'quit' } });
  return true;
}

/** Leaves the success screen with the new resource's uuid. */
function closeDone({ form, props }: FormKeyContext): KeyResult {
  const uuid = form.store.get().created?.uuid;
  return leave(() => props.onExit(uuid ? { uuid } : undefined));
}

/** Editing: the form's keys with the line's (a text field) or the choice's; a letter on a choice picks by it. */
function editKeys(c: FormKeyContext, e: KeyEvent): KeyResult {
  const { form, props, keys, send } = c;
  const s = form.store.get().form;
  let result: KeyResult = true;
  const formKeys = {
    formSubmit: () => form.submit(),
    formBack: () => {
      if (s.step > 0) send({ type: 'step', delta: -1 });
      else if (typedAnything(s.values, form.base)) send({ type: 'phase', phase: { kind: 'confirm-leave' } });
      // Another dms's draft in the way: the form asks instead (flush said so).
      else
        result = leave(() => {
          if (form.flush()) props.onExit();
        });
    },
    formNextField: () => send({ type: 'next' }),
    formPrevField: () => send({ type: 'prev' }),
    formNextStep: () => send({ type: 'step', delta: 1 }),
    formPrevStep: () => send({ type: 'step', delta: -1 }),
    formAddRow: () => send({ type: 'row-add' }),
    formRemoveRow: () => send({ type: 'row-remove' }),
    formSuggest: () => {
      if (s.focus) send({ type: 'suggest', list: form.suggestionsFor(s.focus) });
    },
    formEnter: () => enter(c, s),
  };
  const used = isTextField(props.def, s)
    ? keys.run(
        FORM_SCOPES.text,
        {
          ...formKeys,
          ...lineKeys((command) => send({ type: 'edit', edit: { type: 'line', command } })),
        },
        e.input,
        e.key,
      )
    : keys.run(
        FORM_SCOPES.choice,
        {
          ...formKeys,
          choiceNext: () => send({ type: 'edit', edit: { type: 'choice', command: 'next' } }),
          choicePrev: () => send({ type: 'edit', edit: { type: 'choice', command: 'prev' } }),
          choiceClear: () => send({ type: 'edit', edit: { type: 'choice', command: 'clear' } }),
        },
        e.input,
        e.key,
      );
  if (used) return result;
  // A letter on a choice or on/off field picks by its first letter (y/n, t/f, 1/0).
  if (isText(e)) {
    send({ type: 'edit', edit: { type: 'text', text: e.input } });
    return true;
  }
  return false;
}

/** Enter: on the Save-as field writes the file; on the last field says how to send; else the next field. */
function enter({ form, props: { def }, keys, send }: FormKeyContext, s: FormState): void {
  const focusMeta = s.focus ? def.fields[s.focus] : undefined;
  if (focusMeta?.kind === 'save-as') {
    const v = s.values[focusMeta.name];
    if (typeof v === 'string' && v.trim() !== '') form.saveAs(v);
    else send({ type: 'notice', notice: nameFirst('body', keys) });
    return;
  }
  const fields = visibleFields(def, s.step, s.values);
  if (s.step === def.steps.length - 1 && s.focus === fields[fields.length - 1]) {
    send({ type: 'notice', notice: sendHint(keys) });
    return;
  }
  send({ type: 'next' });
}

/** Leaving a form with input: keep the draft, discard it, or stay. */
function confirmLeaveKeys({ form, props, keys, send }: FormKeyContext, e: KeyEvent): KeyResult {
  let result: KeyResult = true;
  const used = keys.run(
    FORM_SCOPES.confirmLeave,
    {
      confirmLeave: () => {
        result = leave(() => {
          if (form.flush()) props.onExit();
        });
      },
      confirmDiscard: () => {
        result = leave(() => {
          form.discard();
          props.onExit();
        });
      },
      confirmStay: () => send({ type: 'phase', phase: { kind: 'edit' } }),
    },
    e.input,
    e.key,
  );
  return used ? result : isText(e);
}

/** A file to write exists: replace it or keep it. */
function overwriteKeys(c: FormKeyContext, phase: PhaseOf<'confirm-overwrite'>, e: KeyEvent): KeyResult {
  if (phase.what === 'credentials' && askBeforeQuit(c, e)) return true;
  const { form, keys } = c;
  return (
    keys.run(
      FORM_SCOPES.overwrite,
      {
        overwriteReplace: () => form.answerOverwrite(true),
        overwriteKeep: () => form.answerOverwrite(false),
      },
      e.input,
      e.key,
    ) || isText(e)
  );
}

/** Another dms wrote the draft meanwhile: keep this one, or load theirs. */
function draftConflictKeys({ form, keys }: FormKeyContext, e: KeyEvent): KeyResult {
  return (
    keys.run(
      FORM_SCOPES.draft,
      {
        draftKeepMine: () => form.keepMine(),
        draftLoadTheirs: () => form.loadTheirs(),
      },
      e.input,
      e.key,
    ) || isText(e)
  );
}

/** The send failed: send again, or back to the form. */
function failedKeys({ form, keys, send }: FormKeyContext, e: KeyEvent): KeyResult {
  return (
    keys.run(
      FORM_SCOPES.failed,
      {
        retrySend: () => form.submit(), // asks first when the last request may have created it
        failedBack: () => send({ type: 'phase', phase: { kind: 'edit' } }),
      },
      e.input,
      e.key,
    ) || isText(e)
  );
}

/** The last request may have created it: send again, or not. */
function resendKeys({ form, keys, send }: FormKeyContext, phase: PhaseOf<'confirm-resend'>, e: KeyEvent): KeyResult {
  return (
    keys.run(
      FORM_SCOPES.resend,
      {
        resendConfirm: () => form.submit(true),
        resendCancel: () => send({ type: 'phase', phase: phase.back }),
      },
      e.input,
      e.key,
    ) || isText(e)
  );
}

/** The name of the file the credentials go to, being typed. */
function saveCredentialsKeys(c: FormKeyContext, phase: PhaseOf<'save-credentials'>, e: KeyEvent): KeyResult {
  if (askBeforeQuit(c, e)) return true;
  const { form, keys, send } = c;
  return (
    keys.run(
      FORM_SCOPES.saveCredentials,
      {
        credentialsSave: () => form.saveCredentials(phase.line.value),
        credentialsCancel: () => send({ type: 'phase', phase: { kind: 'success' } }),
        ...lineKeys((command) => send({ type: 'save-line', command })),
      },
      e.input,
      e.key,
    ) || (isText(e) ? (send({ type: 'save-line', text: e.input }), true) : false)
  );
}

/** Created: open its deployments, reveal or save the secrets, or close. */
function successKeys(c: FormKeyContext, e: KeyEvent): KeyResult {
  if (askBeforeQuit(c, e)) return true;
  const { form, props, keys, send } = c;
  const { def } = props;
  const { created } = form.store.get();
  const uuid = created?.uuid;
  const secret = created !== undefined && hasSecrets(created.answer);
  let result: KeyResult = true;
  const used = keys.run(
    FORM_SCOPES.done,
    {
      doneOpen: () =>
        uuid && def.id === 'create-app'
          ? ((result = leave(() => props.onOpenDeployments(uuid, form.store.get().form.values.instant_deploy === true))), true)
          : false,
      // Asking is the request: no --show-secrets needed for what was made for the user.
      doneReveal: () => (secret ? send({ type: 'reveal' }) : false),
      doneSave: () => (secret ? form.startSaveCredentials() : false),
      // The password comes once: leaving before it was shown or saved asks first.
      doneClose: () => {
        if (losesPassword(def, form.store.get())) send({ type: 'phase', phase: { kind: 'confirm-lose', then: 'close' } });
        else result = closeDone(c);
      },
    },
    e.input,
    e.key,
  );
  return used ? result : isText(e);
}

/** Leaving before the password sent once was shown or saved: save it, reveal it, leave, or stay. */
function confirmLoseKeys(c: FormKeyContext, phase: PhaseOf<'confirm-lose'>, e: KeyEvent): KeyResult {
  // Ctrl+C again is no answer: y leaves.
  if (isInterrupt(c, e)) return true;
  const { form, props, keys, send } = c;
  let result: KeyResult = true;
  const used = keys.run(
    FORM_SCOPES.lose,
    {
      doneSave: () => form.startSaveCredentials(),
      doneReveal: () => {
        send({ type: 'reveal' });
        send({ type: 'phase', phase: { kind: 'success' } });
      },
      loseLeave: () => {
        result = phase.then === 'quit' && props.onQuit ? leave(props.onQuit) : closeDone(c);
      },
      loseStay: () => send({ type: 'phase', phase: { kind: 'success' } }),
    },
    e.input,
    e.key,
  );
  return used ? result : isText(e);
}
