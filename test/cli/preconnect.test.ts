// The built binary opens its connection to the server before got loads for the commands that read
// at once (src/api/preconnect.ts), unless the server is on this machine (no round trip to save),
// and the first GET takes it: DMS_DEBUG=1 says so at exit. The far server here is this machine's
// own address on a network interface (not loopback), as a server on the network would be reached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { runBin } from '../support/run-bin.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService();
const NOTE = 'dms: debug: connection opened early:';
const APP = '3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07';
const TOKEN = '7|preconnectBinTestToken99';

/** An IPv4 address of this machine that is not loopback, if it has one. */
const away = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && !i.internal && i.family === 'IPv4')?.address;

const row = {
  id: 9,
  deployment_uuid: 'dep9abcdefghijklmnopq',
  status: 'finished',
  commit: 'a'.repeat(40),
  created_at: '2026-08-22T15:20:00.000000Z',
};
let server: http.Server | undefined;
let farUrl = '';
const connections: number[] = [];
beforeAll(async () => {
  if (!away) return;
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify([row]));
  });
  server.on('connection', () => connections.push(Date.now()));
  await new Promise<void>((resolve) => server!.listen(0, away, resolve));
  farUrl = `http://${away}:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe('the connection opened early', () => {
  it.skipIf(!away)('to a server on the network: `dms deployments` opens it, and its first GET takes it', async () => {
    const r = await runBin(['deployments', APP, '--json'], { env: { DMS_URL: farUrl, DMS_TOKEN: TOKEN, DMS_DEBUG: '1' } });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toBeTruthy();
    expect(r.stderr).toContain(`${NOTE} taken by the first GET\n`);
    expect(connections).toHaveLength(1);
  });

  it('to a server on this machine: none (connecting costs no round trip there)', async () => {
    const r = await runBin(['deployments', demo.app(), '--json'], { env: { ...demo.env, DMS_DEBUG: '1' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('dms: debug: scripts run:');
    expect(r.stderr).not.toContain(NOTE);
  });

  it.skipIf(!away)('a command that does not read the server opens none', async () => {
    const before = connections.length;
    const r = await runBin(['deployments', APP, '--cached'], { env: { DMS_URL: farUrl, DMS_TOKEN: TOKEN, DMS_DEBUG: '1' } });
    expect(r.stderr).toContain('dms: debug: scripts run:');
    expect(r.stderr).not.toContain(NOTE);
    expect(connections).toHaveLength(before);
  });
});
