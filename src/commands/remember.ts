// A headless read of an application puts it into recents, as opening it in the TUI does: the
// picker and shell completion then offer it. After the output, never failing the command: a
// recents file that cannot be written is passed over (said with DMS_DEBUG=1).
import { addRecent, loadRecents, recentsServer } from '../config/recents.js';
import { applicationOf, firstApplicationName } from '../model/deployment.js';
import type { CommandIO } from './io.js';
import type { Session } from './connect.js';

/** Longest name kept (a name is for a list line, not a document). */
const NAME_MAX = 200;
/** The same application read again within this time (a script's loop) writes nothing. */
const FRESH_MS = 60_000;

/** The name the first record that says one gives (cleaned, URL passwords hidden), looking at `max` records at most. */
export function nameOfRecords(records: readonly unknown[], max = 100): string | undefined {
  const views: { application: string }[] = [];
  for (const r of records.slice(0, max)) {
    if (r !== null && typeof r === 'object' && !Array.isArray(r)) views.push({ application: applicationOf(r as Record<string, unknown>) });
  }
  return firstApplicationName(views);
}

/** Records `app` (and its name, when known) in the recents of the session's server. */
export function rememberApp(session: Session, io: CommandIO, app: string, name: string | undefined): void {
  const debug = (what: string) => {
    if (io.env.DMS_DEBUG) io.stderr.write(`dms: debug: ${app} not kept in recents: ${what}\n`);
  };
  try {
    const server = recentsServer(session.connection);
    // Scrubbed of the token like every answer; redacted once more, as every line dms writes is.
    const kept = name === undefined ? undefined : [...session.client.redact(name)].slice(0, NAME_MAX).join('').trim() || undefined;
    const top = loadRecents(session.configDir, server)[0];
    if (top?.uuid === app && (kept === undefined || kept === top.name) && Date.now() - Date.parse(top.openedAt) < FRESH_MS) return;
    addRecent(session.configDir, kept ? { uuid: app, name: kept } : { uuid: app }, server, (error) => debug(codeOf(error)));
  } catch (error) {
    debug(codeOf(error));
  }
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? (error instanceof Error ? error.name : 'error');
}
