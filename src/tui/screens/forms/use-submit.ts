// Sending the creation: everything checked first, the draft on disk before the request, one POST
// per send and never one on its own (a second POST would make a second resource); after a request
// that may have made it, a send asks first. The answer, or the failure as the form shows it
// (tui/errors.ts), goes to the store.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useCallback, useRef } from 'react';
import type { DmsClient } from '../../../api/client.js';
import type { CreateAppRequest, CreateDocstoreRequest } from '../../../api/schemas/index.js';
import { addRecentValues } from '../../../config/recents.js';
import type { Answer } from '../../../forms/created.js';
import type { FormDef } from '../../../forms/types.js';
import { validateForm } from '../../../forms/validate.js';
import { describeCreateError } from '../../errors.js';
import { UnreadableCreationError } from '../../../api/errors.js';
import type { Store } from '../../state/store.js';
import type { FormScreenAction, FormScreenState } from './state.js';
import type { Draft } from './use-draft.js';

/** An answer of another shape as the success screen shows it: an object as it is, an array by index, anything else whole. */
function answerOf(data: unknown): Answer | undefined {
  if (data === undefined) return undefined;
  if (data !== null && typeof data === 'object') return Array.isArray(data) ? { ...data } : (data as Answer);
  return { answer: data };
}

/** Reads a file a field names with `@path`, when the body is built. */
export const readNamedFile = (path: string) => readFileSync(resolve(path), 'utf8');

export interface UseSubmitOptions {
  readonly def: FormDef;
  readonly client: DmsClient;
  readonly configDir: string;
  /** The values sent are remembered for this server (config/recents.ts recentsServer). */
  readonly server?: string;
  readonly store: Store<FormScreenState, FormScreenAction>;
  readonly draft: Draft;
}

/**
 * Validates everything, then sends once; ignored while a request is in flight. After a request
 * that may have created the resource, asks first (phase `confirm-resend`) unless `confirmed`.
 */
export function useSubmit({ def, client, configDir, server, store, draft }: UseSubmitOptions): (confirmed?: boolean) => void {
  const inFlight = useRef(false);
  const made = useRef(false);
  return useCallback(
    (confirmed = false) => {
      if (inFlight.current || made.current) return;
      const screen = store.get();
      const values = screen.form.values;
      const { body, errors } = validateForm(def, values, readNamedFile);
      if (Object.keys(errors).length > 0) {
        store.dispatch({ type: 'refused', errors });
        return;
      }
      // The last request may have made it: a second one is sent only when the user says so.
      if (screen.unsure && !confirmed) {
        store.dispatch({ type: 'ask-resend' });
        return;
      }
      draft.saveNow();
      inFlight.current = true;
      store.dispatch({ type: 'sending' });
      // The body as sent, kept for an answer dms cannot read: a docstore's only copy of its password.
      let raw: string | undefined;
      const onAnswer = (text: string) => {
        raw = client.redact(text);
      };
      const request: Promise<Answer> =
        def.id === 'create-app'
          ? client.createPublicApplication(body as CreateAppRequest)
          : client.createDocstore(body as CreateDocstoreRequest, { onAnswer });
      const created = (answer: Answer, sent?: string) => {
        inFlight.current = false;
        made.current = true;
        draft.discard();
        addRecentValues(
          configDir,
          Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string') as [string, string][]),
          server,
        );
        store.dispatch({ type: 'created', answer, raw: sent });
      };
      request.then(
        (answer) => created(answer),
        (e: unknown) => {
          // A database made, its answer JSON of another shape (a numeric uuid, an array): shown and kept, not lost.
          const odd = def.id === 'create-docstore' && e instanceof UnreadableCreationError ? answerOf(e.answer) : undefined;
          if (odd && raw !== undefined) {
            created(odd, raw);
            return;
          }
          inFlight.current = false;
          store.dispatch({ type: 'not-created', failure: describeCreateError(e, def, values, (s) => client.redact(s)) });
        },
      );
    },
    [client, configDir, server, def, draft, store],
  );
}
