import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { BIN } from '../support/bin.js';

describe('dms demo --serve', () => {
  it('prints DMS_URL, DMS_TOKEN and the seed, answers requests, and stops on SIGINT', async () => {
    const child = spawn(process.execPath, [BIN, 'demo', '--serve'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no output: ${out}`)), 10_000);
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (d: string) => {
        out += d;
        if (/^APP=/m.test(out)) {
          clearTimeout(t);
          resolve();
        }
      });
    });
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(/^DMS_URL=http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(lines[1]).toMatch(/^DMS_TOKEN=\S+\|\S+$/);
    expect(out).toMatch(/^PROJECT=\S+ \S+/m);
    expect(out).toMatch(/^SERVER=\S+ \S+/m);
    expect(out).toMatch(/^ENVIRONMENT=\S+/m);
    const url = lines[0]!.slice('DMS_URL='.length);
    const token = lines[1]!.slice('DMS_TOKEN='.length);
    const app = /^APP=(\S+)/m.exec(out)![1]!;
    const res = await fetch(`${url}/deployments/applications/${app}?take=2`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    const code = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGINT');
    expect(await code).toBe(0);
  });

  it('without --serve exits 2', async () => {
    const child = spawn(process.execPath, [BIN, 'demo'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      err += d;
    });
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(2);
    expect(err).toMatch(/--serve/);
  });
});
