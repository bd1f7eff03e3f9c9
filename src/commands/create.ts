// `dms create app|docstore --file FILE|- [--conf-file PATH] [--json]`: sends a request body as written.
import { readFileSync } from 'node:fs';
import { LocalValidationError } from '../api/errors.js';
import { validateCreateApp, validateCreateDocstore } from '../api/schemas/index.js';
import { addRecentValues } from '../config/recents.js';
import { boundDepth } from '../text/depth.js';
import { maskRecord } from '../text/secrets.js';
import { clean, jsonSafe } from '../text/sanitize.js';
import { quotedArg, type Parsed } from './args.js';
import { UsageError } from './exit-codes.js';
import type { CommandIO } from './io.js';
import type { Session } from './connect.js';

export type CreateKind = 'app' | 'docstore';

export function createKind(parsed: Parsed): CreateKind {
  const [kind, extra] = parsed.positionals;
  if (kind !== 'app' && kind !== 'docstore') {
    // Not repeated: an argument in the wrong place may be a token.
    throw new UsageError(`say what to create: dms create app or dms create docstore${kind ? ' (the argument after create is neither)' : ''}.`);
  }
  if (extra !== undefined) throw new UsageError(`one argument too many: dms create ${kind} takes none after ${kind} (the extra one is not repeated here). Run dms create --help.`);
  return kind;
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
    const why = code === 'ENOENT' ? 'does not exist' : code === 'EISDIR' ? 'is a folder' : code === 'EACCES' ? 'cannot be read (permission denied)' : 'cannot be read';
    const shown = quotedArg(path, 200);
    throw new UsageError(`${what}${shown ? ` ${shown}` : ''} ${why}.`);
  }
}

/** Reads a request body file (or stdin for `-`) as a JSON object. */
export async function readBody(path: string, io: CommandIO): Promise<Record<string, unknown>> {
  const text = path === '-' ? await readStdin(io) : readText(path, 'the body file');
  const source = path === '-' ? 'standard input' : quotedArg(path, 200) ?? 'the body file';
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

export async function runCreate(kind: CreateKind, parsed: Parsed, io: CommandIO, session: Session): Promise<number> {
  const file = parsed.values.file as string;
  const body = await readBody(file, io);
  const confFile = parsed.values['conf-file'];
  if (typeof confFile === 'string') {
    if (kind !== 'docstore') throw new UsageError('--conf-file goes with dms create docstore.');
    if ('docstore_conf' in body) throw new UsageError('give docstore_conf in the body or --conf-file, not both.');
    body.docstore_conf = Buffer.from(readText(confFile, 'the config file'), 'utf8').toString('base64');
  }
  const show = parsed.values['show-secrets'] === true;
  const json = parsed.values.json === true;

  if (kind === 'app') {
    const checked = validateCreateApp(body);
    if (!checked.success) throw new LocalValidationError(checked.problems);
    const res = await session.client.createPublicApplication(checked.data);
    remember(session, body);
    if (json) io.stdout.write(`${jsonText(show ? res : maskRecord(res))}\n`);
    else {
      io.stdout.write(`uuid: ${uuidText(res.uuid)}\n`);
      if (res.domains) io.stdout.write(`domains: ${clean(res.domains)}\n`);
      // Only a plain id goes into a command for the user's shell.
      if (isPlainUuid(res.uuid)) io.stderr.write(`Follow it: dms deployments ${res.uuid}\n`);
      else io.stderr.write('dms: warning: the server answered with a uuid that is not a plain id (letters, digits and -); no command is suggested for it.\n');
    }
    return 0;
  }

  const checked = validateCreateDocstore(body);
  if (!checked.success) throw new LocalValidationError(checked.problems);
  const res = await session.client.createDocstore(checked.data);
  remember(session, body);
  const shown = show ? res : maskRecord(res);
  if (json) io.stdout.write(`${jsonText(shown)}\n`);
  else {
    io.stdout.write(res.uuid ? `uuid: ${uuidText(res.uuid)}\n` : 'Database created (the server sent no details).\n');
    if (shown.internal_db_url) io.stdout.write(`internal_db_url: ${clean(shown.internal_db_url)}\n`);
    if (shown.external_db_url) io.stdout.write(`external_db_url: ${clean(shown.external_db_url)}\n`);
    if (!show && (res.internal_db_url || res.external_db_url)) io.stderr.write('Connection URLs carry the root password; --show-secrets shows it.\n');
  }
  return 0;
}

/** A uuid that can go into a suggested command as it is: letters, digits and dashes, not starting with a dash. */
export function isPlainUuid(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9][A-Za-z0-9-]{0,127}$/.test(value);
}

/** A uuid from the server as shown: as it is when plain, else quoted as JSON text (data, never a command). */
function uuidText(value: string): string {
  return isPlainUuid(value) ? value : jsonSafe(JSON.stringify(value));
}

/** A server answer as indented JSON: no raw control characters, nothing nested deeper than can be printed. */
function jsonText(value: unknown): string {
  return jsonSafe(JSON.stringify(boundDepth(value), null, 2) ?? 'null');
}

function remember(session: Session, body: Record<string, unknown>): void {
  const pick = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
  try {
    addRecentValues(session.configDir, {
      project_uuid: pick('project_uuid'), server_uuid: pick('server_uuid'), environment_name: pick('environment_name'),
      environment_uuid: pick('environment_uuid'), destination_uuid: pick('destination_uuid'),
    });
  } catch {
    // Suggestions are a convenience; an unwritable config dir must not fail a creation that succeeded.
  }
}
