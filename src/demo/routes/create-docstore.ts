// POST /databases/docstore (interface.md §4.3): answers 201 with the connection URLs,
// as deployed servers do.
import { randomBytes, randomUUID } from 'node:crypto';
import { DOCSTORE_FIELDS, validateCreateDocstore } from '../../api/schemas/index.js';
import { reply, type Reply } from '../reply.js';
import type { DemoStore } from '../store.js';
import { findPlace, problemsReply, readJsonObject } from './creation.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A root password: 32 letters and digits, safe inside a URL. */
function password(): string {
  return [...randomBytes(32)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

export function createDocstore(store: DemoStore, text: string): Reply {
  const read = readJsonObject(text);
  if (!read.ok) return read.reply;
  const body = read.value;
  const checked = validateCreateDocstore(body);
  // Deployed servers silently keep a database private when is_public comes without a port.
  const silentlyPrivate = body.is_public === true && body.public_port === undefined;
  const problems = checked.success ? [] : checked.problems.filter((p) => !(silentlyPrivate && p.field === 'public_port'));
  if (problems.length > 0) return problemsReply(body, problems, DOCSTORE_FIELDS, 'names');
  const place = findPlace(store, body);
  if (!place.ok) return place.reply;

  const uuid = randomUUID();
  const user = typeof body.docstore_initdb_root_username === 'string' ? body.docstore_initdb_root_username : 'root';
  const secret = password();
  const publicPort = body.is_public === true && typeof body.public_port === 'number' ? body.public_port : null;
  const { environment, server } = place.value;
  store.addDatabase({
    uuid,
    name: typeof body.name === 'string' ? body.name : `docstore-${uuid.slice(0, 8)}`,
    environment,
    server,
    publicPort,
  });
  return reply(201, {
    uuid,
    internal_db_url: `docstore://${user}:${secret}@${uuid}:27017/?directConnection=true`,
    ...(publicPort !== null ? { external_db_url: `docstore://${user}:${secret}@${server.ip}:${publicPort}/?directConnection=true` } : {}),
  });
}
