// Reads a request body up to a limit; past it the rest is read and dropped, so the
// client still gets the 413 answer instead of a cut connection.
import type { IncomingMessage } from 'node:http';

export const MAX_BODY_BYTES = 1024 * 1024;

export type BodyResult = { readonly text: string } | { readonly tooLarge: true };

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
      } else if (!tooLarge) {
        chunks.push(chunk);
      }
    });
    req.on('end', () => resolve(tooLarge ? { tooLarge: true } : { text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('request aborted'));
    });
  });
}

/** A declared Content-Length over the limit: answer at once, like a proxy in front would. */
export function declaredTooLarge(req: IncomingMessage, limit = MAX_BODY_BYTES): boolean {
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > limit;
}
