// `dms create app|docstore`: headless from field flags and/or a request body (`--file`), an example
// body (`--example`), or the form (the TUI, started by cli.ts). Flags are read into form values and
// built into a body by the form's own code (src/forms/body.ts), so a flag and the form send the same.
// Over 300 lines: the two creations share reading flags, a body file and an example.
import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { LocalValidationError } from '../api/errors.js';
import type { CreateAppRequest, CreateDocstoreRequest, FieldProblem } from '../api/schemas/index.js';
import { inDraftsFolder } from '../config/drafts.js';
import { pathKind } from '../config/private-file.js';
import { addRecentValues, recentsServer } from '../config/recents.js';
import { APP_FORM } from '../forms/app-form.js';
import { buildBody, valuesFromBody } from '../forms/body.js';
import { answerJson, answerLines, hasSecrets, maskAnswer, type Answer } from '../forms/created.js';
import { DOCSTORE_FORM } from '../forms/docstore-form.js';
import { FIELD_FLAG_OPTIONS, fieldOfFlag, notAFieldMessage, requestFieldsOf } from '../forms/field-flags.js';
import type { FieldValue, FormDef, FormValues } from '../forms/types.js';
import { fileErrorWords } from '../forms/values.js';
import { PLAIN_ID_WORDS, idText, isPlainId } from '../text/plain-id.js';
import { clean, cleanBlock } from '../text/sanitize.js';
import { quotedArg, type Parsed } from './args.js';
import { requireInstantDeploy, waitArgs, waitForDeployment } from './create-wait.js';
import { checkedOutput, sendOnce, signalExitCode, stoppedLine, type CheckedOutput, type Sent } from './create-send.js';
import { openCredentialsFile, type CredentialsFile } from './credentials-file.js';
import { EXIT, UsageError, exitCodeFor } from './exit-codes.js';
import { errorLines } from './output.js';
import type { CommandIO } from './io.js';
import type { Session } from './connect.js';

export type CreateKind = 'app' | 'docstore';

export const FORMS: Readonly<Record<CreateKind, FormDef>> = { app: APP_FORM, docstore: DOCSTORE_FORM };

export function createKind(parsed: Parsed): CreateKind {
  const [kind, extra] = parsed.positionals;
  if (kind !== 'app' && kind !== 'docstore') {
    // Not repeated: an argument in the wrong place may be a token.
    throw new UsageError(
      `say what to create: dms create app or dms create docstore${kind ? ' (the argument after create is neither)' : ''}.`,
    );
  }
  if (extra !== undefined)
    throw new UsageError(
      `one argument too many: dms create ${kind} takes none after ${kind} (the extra one is not repeated here). Run dms create ${kind} --help.`,
    );
  return kind;
}

/** The field flags given (`git-branch`, `no-instant-deploy`), in the order of the options table. */
export function fieldFlagsGiven(parsed: Parsed): string[] {
  return Object.keys(parsed.values).filter((k) => parsed.values[k] !== undefined && Object.hasOwn(FIELD_FLAG_OPTIONS, k));
}

/** Whether the command sends headless (a body file, or a field flag), rather than opening the form. */
export function isHeadless(parsed: Parsed): boolean {
  return typeof parsed.values.file === 'string' || fieldFlagsGiven(parsed).length > 0;
}

/**
 * Usage errors found before anything is started or sent: flags of the other request, a field given
 * on and off, options that do not go together, a --save-credentials file that could not be written.
 */
export function checkCreateArgs(kind: CreateKind, parsed: Parsed, configDir: string): void {
  const v = parsed.values;
  const flags = fieldFlagsGiven(parsed);
  waitArgs(kind, parsed, isHeadless(parsed));
  if (v.example === true) {
    if (typeof v.file === 'string' || typeof v.from === 'string' || flags.length > 0) {
      throw new UsageError(
        `--example only prints an example body; it takes no --file, --from or field flags. Run dms create ${kind} --example > body.json, edit it, then dms create ${kind} --file body.json.`,
      );
    }
    return;
  }
  if (typeof v.from === 'string' && (typeof v.file === 'string' || flags.length > 0)) {
    throw new UsageError(
      `--from opens the form with a body; --file and field flags send one headless. Choose one (dms create ${kind} --file FILE --field … merges flags over FILE).`,
    );
  }
  const def = FORMS[kind];
  for (const flag of flags) {
    const named = fieldOfFlag(flag)!;
    if (!def.fields[named.field]) throw new UsageError(notAFieldMessage(`--${flag}`, [kind]));
    if (!named.negated && v[`no-${flag}`] !== undefined) {
      throw new UsageError(`--${flag} and --no-${flag} both given: say one (on or off). Run dms create ${kind} --help.`);
    }
  }
  if (typeof v['conf-file'] === 'string') {
    if (kind !== 'docstore') throw new UsageError('--conf-file goes with dms create docstore.');
    if (v['docstore-conf'] !== undefined) throw new UsageError('give --docstore-conf or --conf-file, not both.');
  }
  const save = v['save-credentials'];
  if (typeof save === 'string') {
    if (kind !== 'docstore')
      throw new UsageError("--save-credentials goes with dms create docstore (an application's answer holds no credentials).");
    if (!isHeadless(parsed))
      throw new UsageError('--save-credentials goes with --file or field flags (the form saves them with w on its success screen).');
    const why = saveTargetProblem(save, configDir);
    if (why) throw new UsageError(`--save-credentials: ${why} Nothing was sent.`);
  }
  const discard = v['discard-credentials'] === true;
  if (discard) {
    if (kind !== 'docstore')
      throw new UsageError("--discard-credentials goes with dms create docstore (an application's answer holds no credentials).");
    if (!isHeadless(parsed))
      throw new UsageError(
        '--discard-credentials goes with --file or field flags (the form shows the password with s and saves it with w on its success screen).',
      );
    if (typeof save === 'string' || v['show-secrets'] === true) {
      throw new UsageError(
        '--discard-credentials keeps nothing, and --save-credentials and --show-secrets keep the password: give one or the other. Nothing was sent.',
      );
    }
  }
  // The password comes once: what becomes of it is said before anything is sent.
  if (kind === 'docstore' && isHeadless(parsed) && typeof save !== 'string' && v['show-secrets'] !== true && !discard) {
    throw new UsageError(CREDENTIALS_CHOICE);
  }
}

/** Why a headless `dms create docstore` without a word on its credentials is refused, and the choices. */
export const CREDENTIALS_CHOICE =
  "the server sends the new database's root password only once, in its answer: say what becomes of it with --save-credentials FILE (a new file, mode 0600), --show-secrets (printed in clear), or --discard-credentials (hidden, and lost). Nothing was sent.";

/** Why the credentials could not be written to `path` (checked before sending: the password comes once); undefined when they can. */
function saveTargetProblem(path: string, configDir: string): string | undefined {
  const shown = quotedArg(path, 200) ?? 'the file';
  if (path.trim() === '') return 'give a file name.';
  const full = resolve(path);
  if (inDraftsFolder(configDir, full)) return `${shown} is in the drafts folder; choose another place.`;
  let kind;
  try {
    kind = pathKind(full);
  } catch (e) {
    return `${shown} cannot be checked (${fileErrorWords((e as NodeJS.ErrnoException).code)}).`;
  }
  if (kind === 'file') return `${shown} already exists: choose a new name (dms never replaces it here).`;
  if (kind === 'symlink') return `${shown} is a symbolic link; dms never writes through one.`;
  if (kind !== 'none') return `${shown} is ${kind === 'folder' ? 'a folder' : 'not a regular file'}.`;
  try {
    if (!statSync(dirname(full)).isDirectory()) return `the folder of ${shown} is not a folder.`;
  } catch (e) {
    return `the folder of ${shown} ${fileErrorWords((e as NodeJS.ErrnoException).code)}.`;
  }
  return undefined;
}

async function readStdin(io: CommandIO): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const shown = quotedArg(path, 200);
    throw new UsageError(`${what}${shown ? ` ${shown}` : ''} ${fileErrorWords(code)}.`);
  }
}

/** Reads a request body file (or stdin for `-`) as a JSON object. */
export async function readBody(path: string, io: CommandIO): Promise<Record<string, unknown>> {
  const text = path === '-' ? await readStdin(io) : readText(path, 'the body file');
  const source = path === '-' ? 'standard input' : (quotedArg(path, 200) ?? 'the body file');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    // JSON.parse quotes the text around the fault: cleaned of escape sequences, and kept short.
    const why = clean((error as Error).message);
    throw new UsageError(`${source} is not valid JSON (${why.length > 160 ? `${why.slice(0, 160)}…` : why}).`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new UsageError(`${source} must hold a JSON object (the request body).`);
  }
  return body as Record<string, unknown>;
}

export interface FlagValues {
  /** Form values of the flags given (text as typed, on/off as booleans, compose rows). */
  readonly values: FormValues;
  /** Fields given as `--field ""`: left out of the body (and of FILE's). */
  readonly emptied: readonly string[];
}

/** The field flags of `parsed` as form values of `def` (checkCreateArgs has run). */
export function valuesFromFlags(def: FormDef, parsed: Parsed): FlagValues {
  const values: Record<string, FieldValue> = {};
  const emptied: string[] = [];
  for (const flag of fieldFlagsGiven(parsed)) {
    const { field, negated } = fieldOfFlag(flag)!;
    const meta = def.fields[field];
    if (!meta) throw new UsageError(notAFieldMessage(`--${flag}`, [def.noun]));
    const raw = parsed.values[flag];
    if (meta.kind === 'boolean') {
      values[field] = !negated;
      continue;
    }
    const text = String(raw);
    // `--name ""` leaves the field out (of FILE's body too); a secret or a pasted text is taken as given, as the form takes it.
    if (text.trim() === '' && meta.kind !== 'secret' && meta.kind !== 'multiline') {
      emptied.push(field);
      continue;
    }
    if (meta.kind === 'domains') {
      let list: unknown;
      try {
        list = JSON.parse(text);
      } catch {
        throw new UsageError(`--${flag} takes a JSON list, e.g. '[{"name":"web","domain":"https://a.example.com"}]'.`);
      }
      if (!Array.isArray(list))
        throw new UsageError(`--${flag} takes a JSON list, e.g. '[{"name":"web","domain":"https://a.example.com"}]'.`);
      // Read as the form reads a body's rows, so both build the same request.
      values[field] = valuesFromBody(def, { [field]: list }).values[field]!;
      continue;
    }
    values[field] = text;
  }
  return { values, emptied };
}

/** Reads `@path` values of flags (multi-line fields), relative to the working folder. */
const readFlagFile = (path: string) => readFileSync(resolve(path), 'utf8');

/** The request body from FILE (or nothing) and the field flags (flags win), and every problem found in it. */
export function headlessBody(
  def: FormDef,
  fileBody: Record<string, unknown>,
  flags: FlagValues,
): { body: Record<string, unknown>; problems: FieldProblem[] } {
  const built = buildBody(def, flags.values, readFlagFile);
  const body: Record<string, unknown> = { ...fileBody, ...built.body };
  for (const field of flags.emptied) delete body[field];
  const problems: FieldProblem[] = [...built.problems];
  const checked = def.validateBody(body);
  if (!checked.success) {
    for (const p of checked.problems) if (!problems.some((q) => q.field === p.field)) problems.push(p);
  }
  return { body, problems };
}

/** `dms create app|docstore --example`: a body with every field, on stdout; how to use it on stderr. */
export function printExample(kind: CreateKind, io: CommandIO): number {
  const table = FORMS[kind];
  const body: Record<string, unknown> = {};
  for (const meta of requestFieldsOf(table)) body[meta.name] = meta.example;
  io.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
  const uuids = requestFieldsOf(table)
    .filter((m) => /_uuid$/.test(m.name))
    .map((m) => m.name);
  io.stderr.write(
    `An example ${kind === 'app' ? 'application' : 'docstore'} request with every field. Fill in ${uuids.join(', ')} (or remove the optional ones: environment_uuid when environment_name is given, destination_uuid unless the server has several networks), change or remove the rest, then: dms create ${kind} --file body.json\n`,
  );
  return 0;
}

export async function runCreate(kind: CreateKind, parsed: Parsed, io: CommandIO, session: Session): Promise<number> {
  const def = FORMS[kind];
  const file = parsed.values.file;
  const fileBody = typeof file === 'string' ? await readBody(file, io) : {};
  const confFile = parsed.values['conf-file'];
  if (typeof confFile === 'string') {
    if ('docstore_conf' in fileBody) throw new UsageError('give docstore_conf in the body or --conf-file, not both.');
    fileBody.docstore_conf = Buffer.from(readText(confFile, 'the config file'), 'utf8').toString('base64');
  }
  const { body, problems } = headlessBody(def, fileBody, valuesFromFlags(def, parsed));
  if (problems.length > 0) throw new LocalValidationError(problems);
  const show = parsed.values['show-secrets'] === true;
  const json = parsed.values.json === true;
  const wait = waitArgs(kind, parsed, true);
  if (wait) requireInstantDeploy(body);
  const { client } = session;
  const out = checkedOutput(io.stdout);
  const creates = kind === 'app' ? 'application' : 'database';

  // The credentials file is made before the request leaves: where it cannot be, nothing is sent.
  const save = kind === 'docstore' ? parsed.values['save-credentials'] : undefined;
  const creds = typeof save === 'string' ? openCredentialsFile(save) : undefined;
  // The 2xx body, saved whole before it is read: an answer dms cannot read still holds the password.
  let raw: string | undefined;
  let unsaved: string | undefined;
  const onAnswer = (text: string) => {
    raw = client.redact(text);
    if (creds && raw.trim() !== '') unsaved = creds.write(raw);
  };

  // Sent once: a creation is never retried on its own (a second POST would make a second resource).
  let sent: Sent<Answer>;
  try {
    sent = await sendOnce<Answer>((options) =>
      kind === 'app'
        ? client.createPublicApplication(body as CreateAppRequest, { ...options, onAnswer })
        : client.createDocstore(body as CreateDocstoreRequest, { ...options, onAnswer }),
    );
  } catch (error) {
    if (raw === undefined) {
      creds?.discard();
      throw error;
    }
    // A 2xx came (created), its answer unreadable: said, and the body kept as asked (saved, or printed in clear).
    for (const line of errorLines(error, client.redact)) io.stderr.write(`${line}\n`);
    if (creds?.saved) io.stderr.write(`dms: the whole answer, as the server sent it, is saved to ${creds.name} (mode 0600).\n`);
    else if (unsaved || (show && raw.trim() !== '')) {
      io.stderr.write(
        `dms: ${unsaved ? `could not save the answer: ${clean(unsaved)} It` : 'the answer'} follows on standard output, as the server sent it, in clear.\n`,
      );
      out.write(`${cleanBlock(raw.replace(/\n$/, ''))}\n`);
    }
    await out.delivered();
    return exitCodeFor(error);
  }
  if ('signal' in sent) {
    const kept = creds?.saved
      ? ` What the server answered is saved to ${creds.name}.`
      : creds
        ? ` Nothing was saved to ${creds.name}.`
        : '';
    if (creds && !creds.saved) creds.discard();
    io.stderr.write(`${stoppedLine(sent.signal, creates)}${kept}\n`);
    return signalExitCode(sent.signal);
  }
  const { answer } = sent;
  remember(session, body);

  if (wait) {
    // --json: stdout holds one document, the deployment's record; the application is named here.
    if (json) io.stderr.write(`Application created, uuid: ${typeof answer.uuid === 'string' ? idText(answer.uuid) : '(none)'}\n`);
    else printAnswer(kind, answer, show, out, io, false);
    if (!isPlainId(answer.uuid)) {
      io.stderr.write(
        `dms: the server answered without a plain application uuid (${PLAIN_ID_WORDS}): there is no deployment list to watch. The application was created.\n`,
      );
      return 1;
    }
    return waitForDeployment(answer.uuid, wait, io, session, { json, show });
  }
  if (json) out.write(`${answerJson(show ? answer : maskAnswer(answer))}\n`);
  else printAnswer(kind, answer, show, out, io);

  if (kind === 'docstore') saveOrSay(answer, creds, unsaved, show, io, out);
  if (await out.delivered()) return 0;
  return outputLost(kind, answer, creds, show, io);
}

/** The whole answer, one field a line (masked unless --show-secrets); the uuid as a command to follow it. */
function printAnswer(kind: CreateKind, answer: Answer, show: boolean, out: CheckedOutput, io: CommandIO, hint = true): void {
  const lines = answerLines(answer, show);
  if (lines.length === 0) out.write('Database created (the server sent no details).\n');
  for (const [key, value] of lines) {
    out.write(`${key}: ${key === 'uuid' && typeof answer.uuid === 'string' ? idText(answer.uuid) : value}\n`);
  }
  if (kind !== 'app' || !hint) return;
  // Only a plain id goes into a command for the user's shell.
  if (isPlainId(answer.uuid)) io.stderr.write(`Follow it: dms deployments ${answer.uuid}\n`);
  else
    io.stderr.write(
      `dms: warning: the server answered with a uuid that is not a plain id (${PLAIN_ID_WORDS}); no command is suggested for it.\n`,
    );
}

/** --save-credentials: said where the answer is (written when it came); --discard-credentials: that the password was not kept. */
function saveOrSay(
  answer: Answer,
  creds: CredentialsFile | undefined,
  unsaved: string | undefined,
  show: boolean,
  io: CommandIO,
  out: CheckedOutput,
): void {
  const secret = hasSecrets(answer);
  if (creds) {
    if (!secret && Object.keys(answer).length === 0) {
      creds.discard();
      io.stderr.write('dms: the server sent no connection details: nothing was saved.\n');
      return;
    }
    if (creds.saved) {
      io.stderr.write(`Saved the answer, root password included, to ${creds.name} (mode 0600).\n`);
      return;
    }
    // The password comes only once: printed rather than lost.
    io.stderr.write(
      `dms: could not save the credentials: ${clean(unsaved ?? 'the server sent no body.')} They follow on standard output, in clear:\n`,
    );
    out.write(`${answerJson(answer)}\n`);
    return;
  }
  // --discard-credentials (checkCreateArgs asks for one of the three before sending).
  if (secret && !show) io.stderr.write('The root password is hidden (••••) in the URLs above and was not kept (--discard-credentials).\n');
}

/** stdout's reader went away before the answer was written: where it is (the credentials file), else exit 13 and what was lost. */
function outputLost(kind: CreateKind, answer: Answer, creds: CredentialsFile | undefined, show: boolean, io: CommandIO): number {
  if (creds?.saved) {
    io.stderr.write(`dms: standard output was closed before the answer was written; it is saved in ${creds.name}.\n`);
    return 0;
  }
  const uuid = typeof answer.uuid === 'string' && answer.uuid !== '' ? ` (uuid ${idText(answer.uuid)})` : '';
  const lost =
    kind === 'docstore' && show && hasSecrets(answer)
      ? ', and the root password it held is lost (the server sends it only once; --save-credentials FILE keeps it)'
      : ', but what the server answered is lost';
  io.stderr.write(
    `dms: standard output was closed before the answer was written: the ${kind === 'app' ? 'application' : 'database'} was created${uuid}${lost}.\n`,
  );
  return EXIT.outputClosed;
}

function remember(session: Session, body: Record<string, unknown>): void {
  const pick = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
  try {
    addRecentValues(
      session.configDir,
      {
        project_uuid: pick('project_uuid'),
        server_uuid: pick('server_uuid'),
        environment_name: pick('environment_name'),
        environment_uuid: pick('environment_uuid'),
        destination_uuid: pick('destination_uuid'),
      },
      recentsServer(session.connection),
    );
  } catch {
    // Suggestions are a convenience; an unwritable config dir must not fail a creation that succeeded.
  }
}
