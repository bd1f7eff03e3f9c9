// Runs `dms deployments` in-process the way cli.ts does (same parse, command, error lines and exit
// code), with fake streams, against any server: fast enough to fuzz, no binary needed.
import { Writable, Readable } from 'node:stream';
import { createClient, type ClientOptions } from '../../src/api/client.js';
import { parse } from '../../src/commands/args.js';
import { runDeployments } from '../../src/commands/deployments.js';
import { errorLines } from '../../src/commands/output.js';
import { exitCodeFor } from '../../src/commands/exit-codes.js';
import type { Session } from '../../src/commands/connect.js';

export interface HeadlessResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function sink(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({ write(chunk, _enc, done) { chunks.push(String(chunk)); done(); } });
  return { stream, text: () => chunks.join('') };
}

export async function runDeploymentsInProcess(
  argv: string[], client: ClientOptions, options: { color?: boolean } = {},
): Promise<HeadlessResult> {
  const out = sink();
  const err = sink();
  const io = { stdout: out.stream, stderr: err.stream, stdin: Readable.from([]), env: {} };
  const api = createClient(client);
  const session: Session = {
    client: api, connection: { label: 'test', host: 'localhost', demo: false }, configDir: '/nonexistent', close: async () => {},
  };
  let code: number;
  try {
    const parsed = parse(['deployments', ...argv]);
    code = await runDeployments(parsed, io, session, { color: options.color ?? false });
  } catch (error) {
    for (const line of errorLines(error, api.redact)) err.stream.write(`${line}\n`);
    code = exitCodeFor(error);
  }
  return { code, stdout: out.text(), stderr: err.text() };
}
