// The build's training run (scripts/build.mjs runs dist/train-cache.js once after bundling): loads
// the vendor scripts as dms does, reads a page of deployments through the real client from a
// server on 127.0.0.1 (got, zod), draws and updates a screen made of what dms's screens use (boxes
// with borders, coloured and wrapped text, a table, keys, state and effects) into a stream nobody
// reads, then writes the code caches. So the first start after `npm ci` already has them.
import React, { useEffect, useMemo, useReducer, useRef, useState, createContext, useContext } from 'react';
import { PassThrough } from 'node:stream';
import { Box, Text, render, useInput, useStdout } from 'ink';
import { Table } from '@alcalzone/ink-table';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { createClient } from '../api/client.js';
import { refreshCaches } from './cache-notes.js';

const Theme = createContext('green');
const rows = Array.from({ length: 30 }, (_, i) => ({ id: 300 - i, status: i % 5 ? 'finished' : 'failed', commit: `c0de${i}`, branch: 'main' }));

function Row({ row, at }: { readonly row: (typeof rows)[number]; readonly at: boolean }) {
  const colour = useContext(Theme);
  return (
    <Box>
      <Text inverse={at} color={row.status === 'failed' ? 'red' : colour}>{`${row.id}`.padEnd(6)}</Text>
      <Text wrap="truncate-end" dimColor>{`${row.status} ${row.commit} ${row.branch} `.repeat(4)}</Text>
    </Box>
  );
}

function Screen({ onDone }: { readonly onDone: () => void }) {
  const [cursor, move] = useReducer((c: number, by: number) => Math.max(0, Math.min(rows.length - 1, c + by)), 0);
  const [step, setStep] = useState(0);
  const { stdout } = useStdout();
  const seen = useRef(0);
  const width = useMemo(() => stdout.columns ?? 120, [stdout]);
  useInput((input) => { if (input === 'j') move(1); }, { isActive: true });
  useEffect(() => {
    seen.current += 1;
    if (step < 6) {
      const t = setTimeout(() => { move(1); setStep(step + 1); }, 0);
      return () => clearTimeout(t);
    }
    onDone();
    return undefined;
  }, [step, onDone]);
  return (
    <Box flexDirection="column" width={width}>
      <Box borderStyle="round" paddingX={1} justifyContent="space-between">
        <Text bold>dms</Text>
        <Text color="cyan">{`1–${rows.length} of 300`}</Text>
      </Box>
      {rows.map((row, i) => <Row key={row.id} row={row} at={i === cursor} />)}
      {step % 2 === 0 ? <Table data={rows.slice(0, 3)} /> : <Text wrap="wrap">{'a long line that wraps '.repeat(10)}</Text>}
    </Box>
  );
}

// A page as a deployed server sends it, read as dms reads one.
const page = JSON.stringify({ count: 300, deployments: rows.map((r) => ({
  id: r.id, deployment_uuid: `dep${r.id}`, status: r.status, commit: `${r.commit}${'a'.repeat(34)}`, commit_message: 'Train',
  git_branch: r.branch, is_webhook: false, created_at: '2026-11-01T10:00:00.000000Z', updated_at: '2026-11-01T10:03:00.000000Z',
  logs: JSON.stringify([{ command: null, output: 'built', type: 'stdout', timestamp: '2026-11-01T10:01:00.000000Z', hidden: false, batch: 1, order: 1 }]),
})) });
const server = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(page); });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const client = createClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, token: '1|training' });
await client.listDeployments('train', { skip: 0, take: 30 });
server.close();
// zod reads the records only when they need it (and the forms): trained here on its own.
z.object({ id: z.number(), status: z.enum(['finished', 'failed']), tags: z.array(z.string()).optional() })
  .safeParse({ id: 1, status: 'queued', tags: ['a', 2] });

const stdout = Object.assign(new PassThrough(), { columns: 120, rows: 36, isTTY: true });
const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => {}, ref: () => {}, unref: () => {} });
stdout.resume();
let done!: () => void;
const finished = new Promise<void>((resolve) => { done = resolve; });
const app = render(<Theme.Provider value="green"><Screen onDone={() => done()} /></Theme.Provider>, {
  stdout: stdout as unknown as NodeJS.WriteStream, stdin: stdin as unknown as NodeJS.ReadStream, patchConsole: false, exitOnCtrlC: false,
});
await finished;
stdin.write('j');
await new Promise((resolve) => setTimeout(resolve, 20));
app.unmount();
refreshCaches();
