// `dms demo --serve [--port N]`: only the demo service, in the foreground.
import { intFlag, type Parsed } from './args.js';
import { UsageError } from './exit-codes.js';
import type { CommandIO } from './io.js';

export async function runDemo(parsed: Parsed, io: CommandIO, signals: NodeJS.EventEmitter = process): Promise<number> {
  if (!parsed.values.serve) throw new UsageError('dms demo needs --serve: dms demo --serve [--port N].');
  const port = intFlag(parsed.values, 'port', 0);
  if (port !== undefined && port > 65535) throw new UsageError('--port must be at most 65535.');
  const { startDemoService, describeDemo } = await import('../demo/server.js');
  let service;
  try {
    service = await startDemoService({ port: port ?? 0, advanceSeed: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${port} is in use; choose another with --port or leave it out.`);
    if (code === 'EACCES') throw new UsageError(`port ${port} needs privileges; choose one above 1023.`);
    throw error;
  }
  io.stdout.write(`${describeDemo(service).join('\n')}\n`);
  io.stderr.write('Demo service running; Ctrl+C stops it.\n');
  await new Promise<void>((resolve) => {
    signals.once('SIGINT', resolve);
    signals.once('SIGTERM', resolve);
  });
  await service.close();
  return 0;
}
