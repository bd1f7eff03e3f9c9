// argv -> one headless command, or the TUI (imported lazily: headless commands never load Ink).
import { parse, type Parsed } from './commands/args.js';
import { EXIT, UsageError, exitCodeFor } from './commands/exit-codes.js';
import { VERSION } from './commands/version.js';
import { errorLines } from './commands/output.js';
import type { CommandIO } from './commands/io.js';
import { maxResponseBytes, openSession, retryBaseMs, timeoutMs, type Session } from './commands/connect.js';
import { configDir } from './config/paths.js';
import { TERMINAL_REQUIRED, hasTerminal, type TuiScreen } from './tui/options.js';
import { askFirstPage } from './tui/first-page.js';
import { connectionNote } from './api/preconnect.js';
import type { Prefetch } from './tui/first-page.js';
import type { LazyClient } from './api/lazy-client.js';
import type { PageCache } from './cache/store.js';
import { cacheNotes, refreshCaches, scriptsRun } from './start/cache-notes.js';
import type { AppCli } from './start/app-script.js';

/** Built next to this file (scripts/esbuild-options.mjs). */
const SEARCH_WORKER = new URL('./search-worker.js', import.meta.url);
/** A command that reads the server at once: its connection opens while the client loads (api/preconnect.ts). */
const READS = { preconnect: true } as const;

export async function main(argv: string[], io: CommandIO): Promise<number> {
  // The session a command opened: closed at the end, its redaction used for the error lines.
  const held: { session?: Session } = {};
  const open: Open = async (...args) => (held.session = await openSession(...args));
  try {
    // The completion scripts' callback (hidden): the config folder only, never the network.
    if (argv[0] === '__complete') {
      const { runComplete } = await import('./commands/completion.js');
      return runComplete(argv.slice(1), io, configDir(io.env));
    }
    const parsed = parse(argv);
    if (parsed.values.version) {
      io.stdout.write(`dms ${VERSION}\n`);
      return EXIT.ok;
    }
    if (parsed.values.help || parsed.command === 'help') {
      // Printed from the command table (dms create app|docstore: a flag for every field, from the field tables).
      const { helpOf } = await import('./commands/help-command.js');
      io.stdout.write(`${helpOf(parsed)}\n`);
      return EXIT.ok;
    }
    const noColor = parsed.values['no-color'] === true || (io.env.NO_COLOR ?? '') !== '';
    const style = { color: !noColor && Boolean((io.stdout as NodeJS.WriteStream).isTTY) };

    switch (parsed.command) {
      // Loaded for their command only: every module loaded up front costs every command's start.
      case 'context': {
        const { runContext } = await import('./commands/context.js');
        return await runContext(parsed.positionals, io, configDir(io.env));
      }
      case 'demo': {
        const { runDemo } = await import('./commands/demo.js');
        return await runDemo(parsed, io);
      }
      case 'cache': {
        const { runCache } = await import('./commands/cache.js');
        return runCache(parsed, io);
      }
      case 'completion': {
        const { runCompletion } = await import('./commands/completion.js');
        return runCompletion(parsed, io);
      }
      case 'deployments': {
        const { deploymentsArgs, runDeployments } = await import('./commands/deployments.js');
        const args = deploymentsArgs(parsed); // usage errors before connecting
        if (args.cached) {
          // The disk only: no connection, no client.
          const { runCachedDeployments } = await import('./commands/deployments-cached.js');
          return await runCachedDeployments(args, parsed.values, io, style);
        }
        return await runDeployments(parsed, io, await open(parsed.values, io, false, READS), style, args);
      }
      case 'stats': {
        const { statsArgs, runStats } = await import('./commands/stats.js');
        const args = statsArgs(parsed); // usage errors before connecting
        return await runStats(args, io, await open(parsed.values, io, false, READS), style);
      }
      case 'reasons': {
        const { reasonsArgs, runReasons } = await import('./commands/reasons.js');
        const args = reasonsArgs(parsed); // usage errors before connecting
        return await runReasons(args, io, await open(parsed.values, io, false, READS), style);
      }
      case 'logs': {
        const { logsArgs, runLogs } = await import('./commands/logs.js');
        logsArgs(parsed); // usage errors before connecting
        return await runLogs(parsed, io, await open(parsed.values, io, false, READS), style);
      }
      case 'diff': {
        const [{ diffArgs, runDiff }, { reasonText }] = await Promise.all([import('./commands/diff.js'), import('./model/reason.js')]);
        diffArgs(parsed); // usage errors before connecting
        const session = await open(parsed.values, io, false, READS);
        const { redact } = session.client;
        // Each side's reason when it failed or was cancelled (read from its row's log; pure, no Ink).
        return await runDiff(parsed, io, session, style, { reasonOf: (v) => reasonText(v.record, { redact }) || undefined });
      }
      case 'board':
        return await board(parsed, io, open, style, noColor);
      case 'create':
        return await create(parsed, io, open, noColor);
      case 'browse':
      case undefined:
        return await browse(parsed, io, open, noColor);
      default:
        throw new UsageError('unknown command. Run dms --help.');
    }
  } catch (error) {
    const redact = held.session?.client.redact ?? ((s: string) => s);
    for (const line of errorLines(error, redact)) io.stderr.write(`${line}\n`);
    if (io.env.DMS_DEBUG && error instanceof Error && !(error instanceof UsageError)) {
      io.stderr.write(`${redact(error.stack ?? '')}\n`);
    }
    return exitCodeFor(error);
  } finally {
    await held.session?.close();
  }
}

/** Opens the command's session (openSession), which main closes at the end. */
type Open = typeof openSession;

/** `dms create app|docstore`: headless with a body or flags, else the form. */
async function create(parsed: Parsed, io: CommandIO, open: Open, noColor: boolean): Promise<number> {
  const { checkCreateArgs, createKind, isHeadless, printExample, readBody, runCreate } = await import('./commands/create.js');
  const kind = createKind(parsed);
  checkCreateArgs(kind, parsed, configDir(io.env)); // usage errors before connecting
  if (parsed.values.example === true) return printExample(kind, io);
  if (isHeadless(parsed)) return await runCreate(kind, parsed, io, await open(parsed.values, io, false));
  const from = typeof parsed.values.from === 'string' ? await readBody(parsed.values.from, io) : undefined;
  requireTerminal(io);
  const session = await open(parsed.values, io, true, { search: SEARCH_WORKER });
  return await tui(kind === 'app' ? 'create-app' : 'create-docstore', parsed, io, session, noColor, undefined, from);
}

/** `dms browse [APP]` (and `dms` alone): the TUI, on an application's deployments or the picker. */
async function browse(parsed: Parsed, io: CommandIO, open: Open, noColor: boolean): Promise<number> {
  const [appText, extra] = parsed.positionals;
  // Not repeated: an argument in the wrong place may be a token.
  if (extra !== undefined)
    throw new UsageError(
      'one argument too many: dms browse takes at most one APP_UUID (the 2nd argument after browse is not repeated here, in case it is a secret). Run dms browse --help.',
    );
  // A uuid, or the address of the application's page (its host is checked once connected).
  const { appArg, checkAddressHost } = await import('./commands/app-arg.js');
  const { app: appUuid, address } = appText ? appArg(appText) : { app: undefined, address: undefined };
  requireTerminal(io);
  const session = await open(parsed.values, io, true, { search: SEARCH_WORKER, preconnect: appUuid !== undefined });
  checkAddressHost(address, session.connection);
  // With an application named, its first page is asked for on this thread before the UI's
  // modules load: the client (got, from its code cache) first, then the request, which is on
  // the wire while Ink loads. Measured against a worker thread that reads it meanwhile: this
  // is 0.82× the first frame on a busy 2-core machine (0.92× with a 5 MB log) and
  // no slower on a quiet one (docs/performance.md, "Where the first page is read").
  if (appUuid) await (session.client as LazyClient).ready();
  // As many rows as fit the terminal (unless a size was chosen for the application).
  const rows = (io.stdout as NodeJS.WriteStream).rows;
  const first = appUuid ? askFirstPage(session.client, session.configDir, appUuid, rows) : undefined;
  // Ink loads in one synchronous run: the request goes out first (first-page.ts, SENT_WAIT_MS),
  // unless the page cache has this application's page to draw at once (the fresh one follows).
  const { openCache } = await import('./cache/store.js');
  const cache = openCache(io.env);
  const server = session.connection.server;
  const seen = appUuid !== undefined && server !== undefined && cache?.readPages(server, appUuid) !== undefined;
  if (!seen) await first?.onWire;
  return await tui('browse', parsed, io, session, noColor, appUuid, undefined, first && { ...first, seen }, cache);
}

/** `dms board`: printed once with -o or off a terminal; on a terminal, the board screen. */
async function board(parsed: Parsed, io: CommandIO, open: Open, style: { color: boolean }, noColor: boolean): Promise<number> {
  const { boardArgs, runBoard } = await import('./commands/board.js');
  const args = boardArgs(parsed); // usage errors before connecting
  const screen = args.output === undefined && hasTerminal(io.stdin, io.stdout as { isTTY?: boolean });
  const session = await open(parsed.values, io, screen, screen ? { search: SEARCH_WORKER, ...READS } : READS);
  if (screen) return await tui('board', parsed, io, session, noColor);
  const { boardSources } = await import('./commands/board-sources.js');
  const sources = await boardSources({
    dir: session.configDir,
    env: io.env,
    client: session.client,
    connection: session.connection,
    demoApps: session.demoApps,
    allContexts: args.allContexts,
    clientOptions: {
      timeoutMs: timeoutMs(parsed.values),
      maxResponseBytes: maxResponseBytes(parsed.values, io.env),
      retryBaseMs: retryBaseMs(io.env),
    },
    onWarning: (line) => io.stderr.write(`dms: warning: ${line}\n`),
  });
  return await runBoard(args, io, sources, style);
}

/** Before anything starts (the demo service, a request): the TUI needs a terminal. */
function requireTerminal(io: CommandIO): void {
  if (!hasTerminal(io.stdin, io.stdout as { isTTY?: boolean })) throw new UsageError(TERMINAL_REQUIRED);
}

async function tui(
  screen: TuiScreen,
  parsed: Parsed,
  io: CommandIO,
  session: Session,
  noColor: boolean,
  appUuid?: string,
  from?: Record<string, unknown>,
  first?: Prefetch,
  opened?: PageCache,
): Promise<number> {
  const [{ runTui }, { openCache }] = await Promise.all([import('./tui/main.js'), import('./cache/store.js')]);
  return runTui(
    {
      client: session.client,
      search: session.search,
      connection: session.connection,
      configDir: session.configDir,
      appUuid,
      screen,
      from,
      showSecrets: parsed.values['show-secrets'] === true,
      noColor,
      allContexts: parsed.values['all-contexts'] === true,
      noNotify: parsed.values['no-notify'] === true,
      demoApps: session.demoApps,
      demoSuggestions: session.demoSuggestions,
      env: io.env,
      cache: opened ?? openCache(io.env),
      // For the clients of contexts switched to in the TUI (:ctx, Ctrl+X in the picker).
      clientOptions: {
        timeoutMs: timeoutMs(parsed.values),
        maxResponseBytes: maxResponseBytes(parsed.values, io.env),
        retryBaseMs: retryBaseMs(io.env),
        searchWorker: SEARCH_WORKER,
      },
    },
    first,
    { stdin: io.stdin as NodeJS.ReadStream, stdout: io.stdout as NodeJS.WriteStream, stderr: io.stderr },
  );
}

/** The build's training run (src/start/train-entry.ts): dms run as a user runs it, for the code caches. */
export async function trainCaches(): Promise<void> {
  const { train } = await import('./start/train.js');
  await train(main);
}

/** The binary's whole run (src/start/entry.ts calls it). */
export async function run(): Promise<void> {
  const io: CommandIO = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
  process.exitCode = await main(process.argv.slice(2), io);
  // The code caches made in this run are written again, fuller (src/start/cache-notes.ts).
  refreshCaches();
  if (io.env.DMS_DEBUG) {
    for (const note of cacheNotes) io.stderr.write(`dms: debug: ${note}\n`);
    io.stderr.write(`dms: debug: scripts run: ${scriptsRun.join(', ') || 'none'}\n`);
    const early = connectionNote();
    if (early) io.stderr.write(`dms: debug: connection opened early: ${early}\n`);
  }
}

/** What the binary's entry expects of this module (start/app-script.ts): checked here, where it is met. */
const _entry: AppCli = { run, trainCaches };
