// Copy and open on the deployments screen, for the deployment the keys act on (state.ts
// selectedView): its uuid or commit to the clipboard, its web page to the browser (or, when no
// browser can start, the link to the clipboard). What happened is said in the footer's note.
import { linkFor, type DeploymentView } from '../../../model/deployment.js';
import { PLAIN_SHA, copyNote, copyToClipboard, type CopyOptions } from '../../clipboard.js';
import { PLAIN_ID_WORDS, isPlainId } from '../../../text/plain-id.js';
import { checkLink, openLink, type OpenOptions } from '../../open-link.js';
import { maskUrlPasswords } from '../../../text/secrets.js';

/** The value to copy, or why there is none. */
export function copyValue(view: DeploymentView | undefined, what: 'uuid' | 'commit'): { value: string } | { refused: string } {
  if (!view) return { refused: 'No deployment selected: nothing to copy.' };
  if (what === 'uuid') {
    if (view.uuid === '') return { refused: 'This deployment has no uuid: nothing copied.' };
    return isPlainId(view.uuid) ? { value: view.uuid } : { refused: `The uuid is not plain (only ${PLAIN_ID_WORDS}): not copied.` };
  }
  if (view.commit === '') return { refused: 'This deployment has no commit: nothing copied.' };
  if (view.commit === 'HEAD') return { refused: 'No commit was pinned (HEAD): nothing copied.' };
  return PLAIN_SHA.test(view.commit) ? { value: view.commit } : { refused: 'The commit is not a plain sha (hex digits): not copied.' };
}

/** Copies the uuid or commit; `note` gets what happened (once the clipboard program or tmux answered). */
export async function copySelected(
  view: DeploymentView | undefined,
  what: 'uuid' | 'commit',
  note: (text: string) => void,
  options: CopyOptions,
): Promise<void> {
  const v = copyValue(view, what);
  if ('refused' in v) return note(v.refused);
  note(copyNote(`the ${what} ${v.value}`, await copyToClipboard(v.value, options)));
}

/** Copies ids (`y` on the list: the marked rows'); `note` gets what happened. */
export async function copyIds(ids: string, note: (text: string) => void, options: CopyOptions): Promise<void> {
  if (ids === '') return note('No deployment under the cursor and none marked: nothing to copy.');
  note(copyNote(ids.includes(' ') ? `the ids ${ids}` : `the id ${ids}`, await copyToClipboard(ids, options)));
}

export interface OpenSelectedOptions {
  /** Where the link goes when no browser can start: the clipboard, as Y copies. */
  readonly copy: CopyOptions;
  readonly open: Omit<OpenOptions, 'onFail'>;
}

/**
 * Opens the web link when it is on the service's own host (`origin`); `note` gets what happened.
 * When no browser can start, or it fails, the note shows the link whole, on a line of its own,
 * and the link is copied to the clipboard: it is what the user needs next.
 */
export async function openSelected(
  view: DeploymentView | undefined,
  origin: string | undefined,
  note: (text: string) => void,
  options: OpenSelectedOptions,
): Promise<void> {
  if (!view) return note('No deployment selected: nothing to open.');
  const link = checkLink(linkFor(view, origin), origin);
  if ('refused' in link) return note(link.refused);
  const shown = maskUrlPasswords(link.url);
  const failed = async (reason: string) => {
    note(`${reason}. The link:\n${shown}\n${copyNote('the link', await copyToClipboard(link.url, options.copy))}`);
  };
  const started = await openLink(link.url, {
    ...options.open,
    onFail: (reason) => {
      void failed(reason);
    },
  });
  if (started.ok) note(`Opening ${shown} in the browser (${started.program})`);
  else await failed(started.reason);
}
