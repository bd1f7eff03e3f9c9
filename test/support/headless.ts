// Runs `dms deployments`, `dms logs` or a headless `dms create` in-process the way cli.ts does
// (same parse, command, error lines and exit code), with fake streams, against any server: fast
// enough to fuzz, no binary needed.
import { Writable, Readable } from 'node:stream';
import { createClient, type ClientOptions } from '../../src/api/client.js';
import { parse } from '../../src/commands/args.js';
import { runDeployments } from '../../src/commands/deployments.js';
import { runLogs } from '../../src/commands/logs.js';
import { createKind, runCreate } from '../../src/commands/create.js';
import { errorLines } from '../../src/commands/output.js';
import { exitCodeFor } from '../../src/commands/exit-codes.js';
import type { Session } from '../../src/commands/connect.js';
import { tempDir } from './temp.js';

export interface HeadlessResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function sink(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

export async function runDeploymentsInProcess(
  argv: string[],
  client: ClientOptions,
  options: { color?: boolean } = {},
): Promise<HeadlessResult> {
  return runInProcess(['deployments', ...argv], client, options);
}

/** `argv` from the command on (`['logs', APP, ID, '--json']`). */
export async function runInProcess(
  argv: string[],
  client: ClientOptions,
  options: { color?: boolean; configDir?: string } = {},
): Promise<HeadlessResult> {
  const out = sink();
  const err = sink();
  const io = { stdout: out.stream, stderr: err.stream, stdin: Readable.from([]), env: {} };
  const api = createClient(client);
  const session: Session = {
    client: api,
    connection: { label: 'test', host: 'localhost', demo: false },
    configDir: options.configDir ?? tempDir('dms-headless-'),
    close: async () => {},
  };
  const style = { color: options.color ?? false };
  let code: number;
  try {
    const parsed = parse(argv);
    switch (parsed.command) {
      case 'deployments':
        code = await runDeployments(parsed, io, session, style);
        break;
      case 'logs':
        code = await runLogs(parsed, io, session, style);
        break;
      case 'create':
        code = await runCreate(createKind(parsed), parsed, io, session);
        break;
      default:
        throw new Error(`runInProcess: ${String(parsed.command)} is not run here`);
    }
  } catch (error) {
    for (const line of errorLines(error, api.redact)) err.stream.write(`${line}\n`);
    code = exitCodeFor(error);
  }
  return { code, stdout: out.text(), stderr: err.text() };
}
