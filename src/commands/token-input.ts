// The token `dms context add` saves: piped on stdin, or typed at a prompt without echo. Never echoed,
// never repeated in a message.
import { StringDecoder } from 'node:string_decoder';
import { UsageError } from './exit-codes.js';
import type { CommandIO } from './io.js';

/** Longest token accepted from stdin; more means the wrong thing was piped. */
const MAX_TOKEN_BYTES = 16 * 1024;

/** The token from a pipe (one trailing newline dropped) or a hidden prompt; undefined when cancelled. */
export async function readToken(io: CommandIO, name: string): Promise<string | undefined> {
  if (!io.stdin.isTTY) return readPiped(io.stdin);
  if (typeof io.stdin.setRawMode !== 'function') {
    throw new UsageError('cannot hide typing on this terminal: pipe the token on stdin instead.');
  }
  return prompt(io, `Token for "${name}" (typing is hidden): `);
}

async function readPiped(stdin: CommandIO['stdin']): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > MAX_TOKEN_BYTES) throw new UsageError('the input is too long for a token (over 16 KiB): pipe only the token.');
    chunks.push(bytes);
  }
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

// Escape sequences (arrow keys, function keys) are dropped whole, not typed into the token.
const KEY_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|O.|.)?/g;

/** Raw-mode line input without echo: Backspace deletes, Ctrl+U clears, Enter ends, Ctrl+C cancels. */
function prompt(io: CommandIO, question: string): Promise<string | undefined> {
  const { stdin, stderr } = io;
  stderr.write(question);
  const decoder = new StringDecoder('utf8');
  let chars: string[] = [];
  return new Promise((resolve) => {
    const finish = (result: string | undefined) => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.setRawMode?.(false);
      stdin.pause();
      stderr.write('\n');
      resolve(result);
    };
    const onData = (chunk: Buffer | string) => {
      const text = (typeof chunk === 'string' ? chunk : decoder.write(chunk)).replace(KEY_SEQUENCE, '');
      for (const ch of text) {
        if (ch === '\u0003') return finish(undefined);
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return finish(chars.join(''));
        if (ch === '\u007f' || ch === '\b') chars = chars.slice(0, -1);
        else if (ch === '\u0015') chars = [];
        else if (ch >= ' ') chars.push(ch);
      }
    };
    const onEnd = () => finish(chars.join(''));
    stdin.on('data', onData);
    stdin.once('end', onEnd);
    stdin.setRawMode?.(true);
    stdin.resume();
  });
}
