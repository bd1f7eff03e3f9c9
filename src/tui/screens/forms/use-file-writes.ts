// Files the form writes for the user: the request body (Save as FILE, for `dms create <noun>
// --file FILE`) and, after a creation, its answer with the passwords the server made. Each is a
// new file with mode 0600; one that exists is replaced only after asking; nothing is written
// through a symlink, and the credentials never go to the drafts folder.
import { resolve } from 'node:path';
import { useCallback } from 'react';
import { inDraftsFolder } from '../../../config/drafts.js';
import { pathKind, replaceFile, writeNewFile, type PathKind } from '../../../config/private-file.js';
import { buildBody } from '../../../forms/body.js';
import { credentialsFileName, credentialsText } from '../../../forms/created.js';
import type { FormDef } from '../../../forms/types.js';
import { lineAt } from '../../input/line-edit.js';
import type { KeyTable } from '../../keys.js';
import type { Store } from '../../state/store.js';
import { bodyProblems, cannotCheck, inDraftsFolderNotice, keptNotice, nameFirst, notAFile, savedNotice, writeFailed } from './lines.js';
import type { FormNotice, FormPhase, FormScreenAction, FormScreenState } from './state.js';
import { readNamedFile } from './use-submit.js';

export interface FileWrites {
  /** Writes the request body to a new file; when the file exists, asks first (phase `confirm-overwrite`). */
  readonly saveAs: (path: string) => void;
  /** Starts typing the credentials file's name (a name is offered). */
  readonly startSaveCredentials: () => void;
  /** Writes the creation's answer, passwords included, to a new file; asks before replacing one. */
  readonly saveCredentials: (path: string) => void;
  /** The answer to `confirm-overwrite`: replace the file with a new 0600 one, or keep it. */
  readonly answerOverwrite: (replace: boolean) => void;
}

export interface UseFileWritesOptions {
  readonly def: FormDef;
  readonly configDir: string;
  readonly store: Store<FormScreenState, FormScreenAction>;
  readonly keys: KeyTable;
}

export function useFileWrites({ def, configDir, store, keys }: UseFileWritesOptions): FileWrites {
  const notice = useCallback((n: FormNotice | undefined) => store.dispatch({ type: 'notice', notice: n }), [store]);

  /** The request body as a file holds it; undefined (with a notice) when it cannot be built. */
  const bodyText = useCallback((): string | undefined => {
    const { body, problems } = buildBody(def, store.get().form.values, readNamedFile);
    if (problems.length > 0) {
      notice(bodyProblems(problems));
      return undefined;
    }
    return `${JSON.stringify(body, null, 2)}\n`;
  }, [def, notice, store]);

  const credentials = useCallback((): string | undefined => {
    const created = store.get().created;
    if (!created) return undefined;
    // An answer dms could not read is saved as the server sent it, whole.
    return created.raw !== undefined ? `${created.raw.replace(/\n$/, '')}\n` : credentialsText(created.answer);
  }, [store]);

  /** Writes `text` for the user to a new file, or asks before replacing one; says what happened. */
  const writeFor = useCallback(
    (path: string, what: 'body' | 'credentials', text: () => string | undefined, back: FormPhase) => {
      const target = path.trim();
      if (target === '') return;
      const full = resolve(target);
      if (what === 'credentials' && inDraftsFolder(configDir, full)) {
        notice(inDraftsFolderNotice());
        return;
      }
      let kind: PathKind;
      try {
        kind = pathKind(full);
      } catch (e) {
        notice(cannotCheck(target, (e as NodeJS.ErrnoException).code));
        return;
      }
      if (kind === 'file') {
        // It may hold secrets in clear: an existing file is replaced only when the user says so.
        if (text() === undefined) return;
        notice(undefined);
        store.dispatch({ type: 'phase', phase: { kind: 'confirm-overwrite', path: target, what } });
        return;
      }
      if (kind !== 'none') {
        notice(notAFile(target, kind));
        return;
      }
      const data = text();
      if (data === undefined) return;
      // Created new at 0600 with O_EXCL: a file or symlink put there meanwhile is refused, not followed.
      const why = writeNewFile(full, data);
      store.dispatch({ type: 'phase', phase: back });
      if (!why && what === 'credentials') store.dispatch({ type: 'kept' });
      notice(why ? writeFailed(why) : savedNotice(def, target, full, 'Saved to', what));
    },
    [configDir, def, notice, store],
  );

  const saveAs = useCallback((path: string) => writeFor(path, 'body', bodyText, { kind: 'edit' }), [bodyText, writeFor]);

  const saveCredentials = useCallback(
    (path: string) => {
      if (path.trim() === '') {
        notice(nameFirst('credentials', keys));
        return;
      }
      writeFor(path, 'credentials', credentials, { kind: 'success' });
    },
    [credentials, keys, notice, writeFor],
  );

  const startSaveCredentials = useCallback(() => {
    const created = store.get().created;
    if (!created) return;
    notice(undefined);
    store.dispatch({ type: 'phase', phase: { kind: 'save-credentials', line: lineAt(credentialsFileName(created.answer)) } });
  }, [notice, store]);

  const answerOverwrite = useCallback(
    (replace: boolean) => {
      const phase = store.get().phase;
      if (phase.kind !== 'confirm-overwrite') return;
      store.dispatch({ type: 'phase', phase: phase.what === 'body' ? { kind: 'edit' } : { kind: 'success' } });
      if (!replace) {
        notice(keptNotice(phase.path));
        return;
      }
      const text = phase.what === 'body' ? bodyText() : credentials();
      if (text === undefined) return;
      const full = resolve(phase.path);
      const why = replaceFile(full, text);
      if (!why && phase.what === 'credentials') store.dispatch({ type: 'kept' });
      notice(why ? writeFailed(why) : savedNotice(def, phase.path, full, 'Replaced', phase.what));
    },
    [bodyText, credentials, def, notice, store],
  );

  return { saveAs, startSaveCredentials, saveCredentials, answerOverwrite };
}
