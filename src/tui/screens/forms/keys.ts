// What a key does in a create form, by phase and by the focused field's kind: the listener, and
// the form's key scopes (searched in this order; the clash check reads them too).
import type { FormDef } from '../../../forms/types.js';
import { hasSecrets } from '../../../forms/created.js';
import { visibleFields } from '../../../forms/values.js';
import type { KeyListener, KeyResult } from '../../input/bus.js';
import { isText } from '../../input/keypress.js';
import { lineKeys, type KeyTable, type ScopeId } from '../../keys.js';
import { nameFirst, sendHint } from './lines.js';
import { losesPassword, typedAnything } from './state.js';
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

type Key = Parameters<KeyListener['key']>[0]['key'];

export function formListener(form: FormController, props: FormKeyProps, keys: KeyTable): KeyListener {
  const { def } = props;
  const { store } = form;
  const send = store.dispatch;
  const leave = (go: () => void): KeyResult => {
    go();
    return 'later';
  };
  const isInterrupt = (e: Parameters<KeyListener['key']>[0]) => keys.commandFor(['app'], e.input, e.key) === 'interrupt';
  /** Ctrl+C after a creation whose password would be lost unseen: asked first (true); else it quits as anywhere (false). */
  const askBeforeQuit = (e: Parameters<KeyListener['key']>[0]): boolean => {
    if (!isInterrupt(e) || !losesPassword(def, store.get())) return false;
    send({ type: 'phase', phase: { kind: 'confirm-lose', then: 'quit' } });
    return true;
  };
  const closeDone = (): KeyResult => {
    const uuid = store.get().created?.uuid;
    return leave(() => props.onExit(uuid ? { uuid } : undefined));
  };

  const edit = (input: string, key: Key): KeyResult => {
    const s = store.get().form;
    const focusMeta = s.focus ? def.fields[s.focus] : undefined;
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
      formEnter: () => {
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
      },
    };
    const used = isTextField(def, s)
      ? keys.run(
          FORM_SCOPES.text,
          {
            ...formKeys,
            ...lineKeys((command) => send({ type: 'edit', edit: { type: 'line', command } })),
          },
          input,
          key,
        )
      : keys.run(
          FORM_SCOPES.choice,
          {
            ...formKeys,
            choiceNext: () => send({ type: 'edit', edit: { type: 'choice', command: 'next' } }),
            choicePrev: () => send({ type: 'edit', edit: { type: 'choice', command: 'prev' } }),
            choiceClear: () => send({ type: 'edit', edit: { type: 'choice', command: 'clear' } }),
          },
          input,
          key,
        );
    return used ? result : false;
  };

  return {
    key(e) {
      const { phase, created } = store.get();
      switch (phase.kind) {
        case 'edit': {
          const used = edit(e.input, e.key);
          if (used !== false) return used;
          // A letter on a choice or on/off field picks by its first letter (y/n, t/f, 1/0).
          if (isText(e)) {
            send({ type: 'edit', edit: { type: 'text', text: e.input } });
            return true;
          }
          return false;
        }
        case 'sending':
          return isText(e); // one POST per send: nothing else until it is answered
        case 'confirm-leave': {
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
        case 'confirm-overwrite':
          if (phase.what === 'credentials' && askBeforeQuit(e)) return true;
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
        case 'draft-conflict':
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
        case 'failed':
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
        case 'confirm-resend':
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
        case 'save-credentials':
          if (askBeforeQuit(e)) return true;
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
        case 'success': {
          if (askBeforeQuit(e)) return true;
          const uuid = created?.uuid;
          const secret = created !== undefined && hasSecrets(created.answer);
          let result: KeyResult = true;
          const used = keys.run(
            FORM_SCOPES.done,
            {
              doneOpen: () =>
                uuid && def.id === 'create-app'
                  ? ((result = leave(() => props.onOpenDeployments(uuid, store.get().form.values.instant_deploy === true))), true)
                  : false,
              // Asking is the request: no --show-secrets needed for what was made for the user.
              doneReveal: () => (secret ? send({ type: 'reveal' }) : false),
              doneSave: () => (secret ? form.startSaveCredentials() : false),
              // The password comes once: leaving before it was shown or saved asks first.
              doneClose: () => {
                if (losesPassword(def, store.get())) send({ type: 'phase', phase: { kind: 'confirm-lose', then: 'close' } });
                else result = closeDone();
              },
            },
            e.input,
            e.key,
          );
          return used ? result : isText(e);
        }
        case 'confirm-lose': {
          // Ctrl+C again is no answer: y leaves.
          if (isInterrupt(e)) return true;
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
                result = phase.then === 'quit' && props.onQuit ? leave(props.onQuit) : closeDone();
              },
              loseStay: () => send({ type: 'phase', phase: { kind: 'success' } }),
            },
            e.input,
            e.key,
          );
          return used ? result : isText(e);
        }
      }
    },
    // Text typed or pasted into a text field (or the credentials file name) goes in whole (a paste is one edit).
    text(run) {
      const { phase, form: s } = store.get();
      if (phase.kind === 'save-credentials') {
        send({ type: 'save-line', text: run });
        return run.length;
      }
      if (phase.kind !== 'edit' || !isTextField(def, s)) return 0;
      send({ type: 'edit', edit: { type: 'text', text: run } });
      return run.length;
    },
  };
}
