// `dms create app|docstore --file FILE|- [--conf-file PATH] [--json]`: sends a request body as written.
import { readFileSync } from 'node:fs';
import { LocalValidationError } from '../api/errors.js';
import { validateCreateApp, validateCreateDocstore } from '../api/schemas/index.js';
import { addRecentValues } from '../config/recents.js';
import { maskRecord } from '../text/secrets.js';
import { clean } from '../text/sanitize.js';
import type { Parsed } from './args.js';
import { UsageError } from './exit-codes.js';
import type { CommandIO } from './io.js';
import type { Session } from './connect.js';

export type CreateKind = 'app' | 'docstore';

export function createKind(parsed: Parsed): CreateKind {
  const [kind, extra] = parsed.positionals;
  if (kind !== 'app' && kind !== 'docstore') {
    throw new UsageError(`say what to create: dms create app or dms create docstore${kind ? ` (not '${kind}')` : ''}.`);
  }
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'. Run dms create --help.`);
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
    throw new UsageError(`${what} '${path}' ${why}.`);
  }
}

/** Reads a request body file (or stdin for `-`) as a JSON object. */
export async function readBody(path: string, io: CommandIO): Promise<Record<string, unknown>> {
  const text = path === '-' ? await readStdin(io) : readText(path, 'the body file');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${path === '-' ? 'standard input' : `'${path}'`} is not valid JSON (${(error as Error).message}).`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new UsageError(`${path === '-' ? 'standard input' : `'${path}'`} must hold a JSON object (the request body).`);
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
    if (json) io.stdout.write(`${JSON.stringify(show ? res : maskRecord(res), null, 2)}\n`);
    else {
      io.stdout.write(`uuid: ${clean(res.uuid)}\n`);
      if (res.domains) io.stdout.write(`domains: ${clean(res.domains)}\n`);
      io.stderr.write(`Follow it: dms deployments ${clean(res.uuid)}\n`);
    }
    return 0;
  }

  const checked = validateCreateDocstore(body);
  if (!checked.success) throw new LocalValidationError(checked.problems);
  const res = await session.client.createDocstore(checked.data);
  remember(session, body);
  const shown = show ? res : maskRecord(res);
  if (json) io.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
  else {
    io.stdout.write(res.uuid ? `uuid: ${clean(res.uuid)}\n` : 'Database created (the server sent no details).\n');
    if (shown.internal_db_url) io.stdout.write(`internal_db_url: ${clean(shown.internal_db_url)}\n`);
    if (shown.external_db_url) io.stdout.write(`external_db_url: ${clean(shown.external_db_url)}\n`);
    if (!show && (res.internal_db_url || res.external_db_url)) io.stderr.write('Connection URLs carry the root password; --show-secrets shows it.\n');
  }
  return 0;
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
