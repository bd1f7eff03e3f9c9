// The create form's words, as pure functions: step labels, the banner and notices, the questions
// (leave, replace a file, send again), the keys each phase offers, the footer, the labels under
// fields. Every key a sentence names comes from the key table in force (keys.json included).
import type { CommandId, KeyTable } from '../../keys.js';
import type { PathKind } from '../../../config/private-file.js';
import type { FieldMeta, FormDef, Problem } from '../../../forms/types.js';
import { wrapCells } from '../../../text/cells.js';
import { maskRecord } from '../../../text/secrets.js';
import { clean } from '../../../text/sanitize.js';
import { conflictShown, orderedProblems, problemsOf, type FormNotice, type FormScreenState, type ValueMark } from './state.js';

/** A key and what it does here: `Esc closes`. */
export interface KeyAction {
  readonly key: string;
  readonly does: string;
}

/** A yes/no question: its sentences, and the answers' keys. */
export interface Question {
  readonly say: readonly string[];
  readonly answers: readonly KeyAction[];
}

/** The key a sentence names (its first key in force), and all of them (`n/Esc`). */
const first = (keys: KeyTable, id: CommandId) => keys.hint(id);
const every = (keys: KeyTable, id: CommandId) => keys.command(id).label;

/** `— step 2 of 9: Where & source`, after the form's title. */
export function stepLabel(def: FormDef, step: number): string {
  return `— step ${step + 1} of ${def.steps.length}: ${def.steps[step]!.title}`;
}

/** The banner's line: what stopped the send and how much is left to fix; it follows the fixes. */
export function bannerOf(def: FormDef, state: FormScreenState, keys: KeyTable): FormNotice | undefined {
  if (!state.banner || state.phase.kind !== 'edit') return undefined;
  const list = orderedProblems(def, problemsOf(state.form));
  if (list.length === 0) return { tone: 'success', text: `Everything is fixed: ${first(keys, 'formSubmit')} sends.` };
  const n = list.length;
  const fields = `${n} field${n === 1 ? '' : 's'}`;
  // One problem: its message too; several: their fields (each message is under its field).
  const one = ([f, m]: [string, string]) => {
    const text = m.replace(/\.$/, '');
    return f === '(body)' ? text : /^[a-z]/.test(text) ? `${f} ${text}` : `${f}: ${text}`;
  };
  const named =
    n === 1
      ? one(list[0]!)
      : list
          .slice(0, 5)
          .map(([f]) => f)
          .join(' · ') + (n > 5 ? ' · …' : '');
  switch (state.banner) {
    case 'local':
      return { tone: 'error', text: `Not sent: ${fields} to fix — ${named}` };
    case 'conflict':
      return { tone: 'error', text: 'Not sent (409): a domain is in use — change it, or turn on Force domain override (this step).' };
    case 'server':
      if (n === 1 && list[0]![0] === '(body)') return { tone: 'error', text: `The server rejected the request: ${list[0]![1]}` };
      return { tone: 'error', text: `The server refused ${fields} (422): ${named}` };
  }
}

/** Notes pointing at a field that answers a problem: the force override, after a 409. */
export function notesOf(state: FormScreenState, keys: KeyTable): Readonly<Record<string, string>> {
  if (!conflictShown(state)) return {};
  return {
    force_domain_override: `turn this on (${first(keys, 'choiceNext')}) to use the domain anyway, then ${first(keys, 'formSubmit')}`,
  };
}

// Notices: the line above the fields.

export function fromFileNotice(unknown: readonly string[]): FormNotice {
  const extra = unknown.length > 0 ? ` Not fields of this request, left out: ${unknown.map(clean).join(', ')}.` : '';
  return { tone: unknown.length > 0 ? 'warning' : 'info', text: `Filled in from the file.${extra}` };
}

/** `2026-11-20 14:02:31`, of a draft's ISO time (UTC). */
const draftTime = (savedAt: string) => clean(savedAt.slice(0, 19).replace('T', ' '));

export function draftNotice(savedAt: string, keys: KeyTable): FormNotice {
  return {
    tone: 'info',
    text: `Restored your draft from ${draftTime(savedAt)} UTC. ${first(keys, 'formBack')} on the first step offers to discard it.`,
  };
}

/** After `keep yours`: this form's values are the draft again. */
export const keptYoursNotice = (): FormNotice => ({
  tone: 'info',
  text: "Kept yours: the draft now holds what is on this screen; the other dms's was replaced.",
});

/** After `load theirs`. */
export function loadedTheirsNotice(savedAt: string): FormNotice {
  return { tone: 'info', text: `Loaded the draft the other dms saved at ${draftTime(savedAt)} UTC; what was on this screen is gone.` };
}

/** What a new form filled in for the user (fields by name), or nothing. */
export function recallNotice(
  def: FormDef,
  fromRecent: readonly string[],
  fromSample: readonly string[],
  keys: KeyTable,
): FormNotice | undefined {
  const labels = (names: readonly string[]) => names.map((n) => def.fields[n]!.label.toLowerCase()).join(', ');
  const said = [
    fromRecent.length > 0 ? `${labels(fromRecent)} as last time` : '',
    fromSample.length > 0 ? `${labels(fromSample)} from the demo's sample data` : '',
  ]
    .filter(Boolean)
    .join('; ');
  if (said === '') return undefined;
  const text = `${said} (${first(keys, 'formSuggest')}: others). What is shown is sent; ${first(keys, 'formSubmit')} sends.`;
  return { tone: 'info', text: text.replace(/^./, (c) => c.toUpperCase()) };
}

/** Enter on the last field of the last step. */
export function sendHint(keys: KeyTable): FormNotice {
  return { tone: 'info', text: `Press ${first(keys, 'formSubmit')} to send the request.` };
}

/** Enter on an empty file name. */
export function nameFirst(what: 'body' | 'credentials', keys: KeyTable): FormNotice {
  const key = first(keys, what === 'body' ? 'formEnter' : 'credentialsSave');
  return { tone: 'info', text: `Type a file name first, then ${key} saves the ${what === 'body' ? 'request body' : 'credentials'} there.` };
}

/** A path as a shell word: as it is when plain, else in single quotes. */
function shellWord(path: string): string {
  const text = clean(path);
  return /^[\w./~@%+=:,-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

/** A file written: `verb` is `Saved to` or `Replaced`; `full`: the path resolved. */
export function savedNotice(def: FormDef, target: string, full: string, verb: string, what: 'body' | 'credentials'): FormNotice {
  return {
    tone: 'success',
    text:
      what === 'body'
        ? `${verb} ${clean(target)} (mode 0600). Send it later with: dms create ${def.noun} --file ${shellWord(target)}`
        : `${verb} ${clean(full)} (mode 0600): the connection URLs with their passwords.`,
  };
}

export function keptNotice(path: string): FormNotice {
  return { tone: 'info', text: `Kept ${clean(path)} as it was; nothing was saved.` };
}

const notSaved = (text: string): FormNotice => ({ tone: 'error', text: `Not saved: ${text}` });

/** Why a file was not written, in the writer's words. */
export const writeFailed = (why: string) => notSaved(clean(why));
export const inDraftsFolderNotice = () => notSaved('that is the drafts folder; choose another place for the credentials.');
export const cannotCheck = (target: string, code: string | undefined) => notSaved(`cannot check ${clean(target)} (${code ?? 'error'}).`);
/** Something other than a file or nothing is there. Short: the notice is one line, and the path comes first. */
export function notAFile(target: string, kind: Exclude<PathKind, 'none' | 'file'>): FormNotice {
  return notSaved(
    `${clean(target)} ${kind === 'symlink' ? 'is a symbolic link; dms never writes through one' : kind === 'folder' ? 'is a folder' : 'is not a regular file'}.`,
  );
}
/** The request body cannot be built (a file named with @ is missing…). */
export const bodyProblems = (problems: readonly Problem[]) => notSaved(problems.map((p) => `${p.field} ${p.message}`).join('; '));

// Questions and the keys each phase offers.

export function leaveQuestion(keys: KeyTable): Question {
  return {
    say: ['Leave the form? What you typed is kept as a draft.'],
    answers: [
      { key: first(keys, 'confirmLeave'), does: 'leave' },
      { key: first(keys, 'confirmDiscard'), does: 'discard the draft and leave' },
      { key: first(keys, 'confirmStay'), does: 'stay' },
    ],
  };
}

/** Another dms (another terminal) wrote this form's draft since this one loaded or saved it. */
export function draftConflictQuestion(savedAt: string, keys: KeyTable): Question {
  return {
    say: [
      `This form's draft was changed in another dms at ${draftTime(savedAt)} UTC, after you opened or saved it here. Nothing was saved over it.`,
      'Keep yours (the other draft is replaced), or load theirs (what is on this screen is replaced)? Quitting now keeps theirs.',
    ],
    answers: [
      { key: first(keys, 'draftKeepMine'), does: 'keep yours' },
      { key: first(keys, 'draftLoadTheirs'), does: 'load theirs' },
    ],
  };
}

export function overwriteQuestion(path: string, what: 'body' | 'credentials', keys: KeyTable): Question {
  return {
    say: [
      `${clean(path)} already exists.`,
      `Replace it with the ${what === 'body' ? 'request body' : 'credentials'}? The new file gets mode 0600 (only you can read it).`,
    ],
    answers: [
      { key: first(keys, 'overwriteReplace'), does: 'replace' },
      { key: first(keys, 'overwriteKeep'), does: 'keep it (nothing is saved)' },
    ],
  };
}

export function resendQuestion(def: FormDef, keys: KeyTable): Question {
  return {
    say: [`Send the request again? It may make a second ${def.id === 'create-app' ? 'application' : 'database'}.`],
    answers: [
      { key: every(keys, 'resendConfirm'), does: 'send' },
      { key: every(keys, 'resendCancel'), does: 'do not send' },
    ],
  };
}

/** After a failed request; `unsure`: it may have created the resource, so sending again asks first. */
export function failedActions(keys: KeyTable, unsure: boolean): KeyAction[] {
  return [
    { key: every(keys, 'retrySend'), does: `sends again${unsure ? ' (asks first)' : ''}` },
    { key: every(keys, 'failedBack'), does: 'back to the form' },
  ];
}

export const failedLine = (message: string, unsure: boolean) => (unsure ? `! ${message}` : `✗ Not created: ${message}`);
export const KEPT_IN_DRAFT = 'Your input is kept in the draft.';

export const createdTitle = (def: FormDef) => `✓ ${def.id === 'create-app' ? 'Application created.' : 'Docstore database created.'}`;
export const EMPTY_ANSWER = 'The server answered "Database updated" without details.';

/** Said under an answer that holds secrets. */
export function secretNote(def: FormDef, revealed: boolean): string {
  const what =
    def.id === 'create-docstore'
      ? 'The server generated the root password and sends it only once: it is in the URLs above.'
      : 'The answer holds secrets.';
  return `${what}${revealed ? ' Shown in clear.' : ' Hidden (••••) until you ask.'}`;
}

/** The keys of the success screen. `open`: an application to open; `follow`: its deployment is followed. */
export function doneActions(keys: KeyTable, o: { open: boolean; follow: boolean; secret: boolean; revealed: boolean }): KeyAction[] {
  return [
    ...(o.open ? [{ key: every(keys, 'doneOpen'), does: o.follow ? 'follows its deployment' : 'opens its deployments' }] : []),
    ...(o.secret
      ? [
          { key: first(keys, 'doneReveal'), does: `${o.revealed ? 'hides' : 'shows'} the password` },
          { key: first(keys, 'doneSave'), does: 'saves it to a file' },
        ]
      : []),
    { key: first(keys, 'doneClose'), does: 'closes' },
  ];
}

/** Leaving the success screen before the password sent once was shown or saved. */
export function loseQuestion(keys: KeyTable): Question {
  return {
    say: ['The root password was neither shown nor saved, and the server sends it only once.', 'Leave without it?'],
    answers: [
      { key: first(keys, 'doneSave'), does: 'saves it first' },
      { key: first(keys, 'doneReveal'), does: 'shows it' },
      { key: first(keys, 'loseLeave'), does: 'leaves without it' },
      { key: every(keys, 'loseStay'), does: 'stays' },
    ],
  };
}

export const SAVE_TO = 'Save to: ';

export function saveCredentialsActions(keys: KeyTable): KeyAction[] {
  return [
    { key: first(keys, 'credentialsSave'), does: 'saves (a new file, mode 0600; asks before replacing one)' },
    { key: first(keys, 'credentialsCancel'), does: 'cancels' },
  ];
}

/** Under the quick step's fields: send now, or the steps with more settings. */
export function quickActions(def: FormDef, keys: KeyTable): KeyAction[] {
  const more = def.steps.filter((s) => !s.quick && !s.review).map((s) => s.title);
  return [
    { key: first(keys, 'formSubmit'), does: 'sends this' },
    { key: first(keys, 'formNextStep'), does: `more settings: ${more.join(', ')}` },
  ];
}

/** The form's footer: its keys in force, the most important first. */
export function footerActions(keys: KeyTable): KeyAction[] {
  return keys.footerOf('form').map((c) => ({ key: c.label, does: c.description }));
}

export const moreAbove = (n: number) => `  ↑ ${n} more`;
export const moreBelow = (n: number) => `  ↓ ${n} more`;
export const SENDING = 'Sending…';

// Under and beside the fields.

/** What an empty field says instead of a value. */
export function emptyText(meta: FieldMeta, required: boolean): string {
  if (required) return 'required';
  return meta.unset ? `not sent — ${meta.unset}` : 'not sent';
}

/** A message under a field: local messages are fragments ("is required."), server messages sentences. */
export function messageText(label: string, message: string): string {
  return /^[a-z(]/.test(message) && !message.startsWith('(') ? `${label} ${message}` : message;
}

/** Beside a value the form filled in: it is sent, and where it came from. */
export function markText(mark: ValueMark, keys: KeyTable): string {
  return mark === 'default' ? '(default, sent)' : `(${mark}, sent · ${first(keys, 'formSuggest')} another)`;
}

export function suggestedText(list: readonly string[], keys: KeyTable): string {
  return `suggested: ${list.slice(0, 5).join(' · ')}  (${first(keys, 'formSuggest')} fills)`;
}

// The review step.

export const REVIEW_TITLE = 'Request (secrets masked):';

/** The request as JSON, secrets masked, one display line each. */
export function reviewLines(body: Record<string, unknown>): string[] {
  return JSON.stringify(maskRecord(body), null, 2).split('\n').map(clean);
}

export const moreLines = (n: number) => `… ${n} more lines`;

/** "Send later: <command>   Ctrl+S sends it now.", with where the command starts and ends in it. */
export function sendLater(noun: string, file: string, keys: KeyTable): { text: string; from: number; to: number } {
  const prefix = 'Send later: ';
  const command = `dms create ${noun} --file ${file.trim() === '' ? 'FILE' : clean(file.trim())}`;
  return {
    text: `${prefix}${command}   ${first(keys, 'formSubmit')} sends it now.`,
    from: prefix.length,
    to: prefix.length + command.length,
  };
}

/** The "Send later" line as it is drawn at `width` columns: wrapped, never cut (the path is to be copied). */
export function sendLaterLines(noun: string, file: string, width: number, keys: KeyTable): string[] {
  return wrapCells(sendLater(noun, file, keys).text, Math.max(20, width - 1));
}

/** What the keys do in a field, after its help (the keys in force): saving the body, a row of domains. */
export function fieldKeysNote(kind: string, keys: KeyTable): string {
  if (kind === 'save-as') return ` ${keys.hint('formEnter')} saves it.`;
  if (kind === 'domains') return ` ${keys.hint('formAddRow')} adds a row, ${keys.hint('formRemoveRow')} removes it.`;
  return '';
}
