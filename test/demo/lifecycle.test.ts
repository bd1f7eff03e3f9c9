// Starting and stopping the demo service: ports, URLs, and nothing left behind.
import { describe, expect, it } from 'vitest';
import { startDemoService } from '../../src/demo/server.js';
import { createApp, eventually, list, place } from './helpers.js';

const count = (kind: string) => process.getActiveResourcesInfo().filter((r) => r === kind).length;
const settle = () => new Promise((r) => setTimeout(r, 50));

describe('close()', () => {
  it('stops listening and leaves no server or socket handle open', async () => {
    await settle();
    const servers = count('TCPServerWrap');
    const sockets = count('TCPSocketWrap');
    const demo = await startDemoService({ deployStepMs: 60_000 });
    expect(count('TCPServerWrap')).toBe(servers + 1);
    // A kept-alive connection and a deployment whose next step is minutes away.
    const res = await createApp(demo, {
      ...place(demo),
      git_repository: 'https://code.example.com/a/b',
      git_branch: 'main',
      build_pack: 'nixpacks',
      instant_deploy: true,
    });
    expect(res.status).toBe(201);
    await demo.close();
    await settle();
    expect(count('TCPServerWrap')).toBe(servers);
    expect(count('TCPSocketWrap')).toBeLessThanOrEqual(sockets);
    await expect(fetch(`${demo.url}/deployments/applications/x`)).rejects.toThrow();
  });

  it('can be called twice', async () => {
    const demo = await startDemoService();
    await demo.close();
    await expect(demo.close()).resolves.toBeUndefined();
  });
});

describe('start', () => {
  it('listens on the given port and host', async () => {
    const probe = await startDemoService();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const demo = await startDemoService({ port, host: '127.0.0.1' });
    try {
      expect(demo.url).toBe(`http://127.0.0.1:${port}/api/v1`);
      expect((await list(demo, demo.seed.applications[0]!.uuid)).status).toBe(200);
    } finally {
      await demo.close();
    }
  });

  it('rejects with EADDRINUSE when the port is taken', async () => {
    const first = await startDemoService();
    try {
      const port = Number(new URL(first.url).port);
      await expect(startDemoService({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await first.close();
    }
  });

  it('two services run side by side with their own tokens', async () => {
    const [a, b] = await Promise.all([startDemoService(), startDemoService()]);
    try {
      expect(a.url).not.toBe(b.url);
      expect(a.token).not.toBe(b.token);
      expect((await list(a, a.seed.applications[0]!.uuid, '', { token: b.token })).status).toBe(401);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('advanceSeed', () => {
  it("lets the seed's queued and in-progress deployments run to a final status", async () => {
    const demo = await startDemoService({ advanceSeed: true, deployStepMs: 5 });
    try {
      const app = demo.seed.applications[0]!.uuid;
      const statuses = await eventually(async () => {
        const top = (await list(demo, app, 'take=2')).json.deployments.map((d: { status: string }) => d.status);
        return top.every((s: string) => ['finished', 'failed'].includes(s)) ? top : undefined;
      });
      expect(statuses).toHaveLength(2);
    } finally {
      await demo.close();
    }
  });

  it('is off by default: the seed stays as it started', async () => {
    const demo = await startDemoService({ deployStepMs: 1 });
    try {
      await new Promise((r) => setTimeout(r, 100));
      const top = (await list(demo, demo.seed.applications[0]!.uuid, 'take=2')).json.deployments.map((d: { status: string }) => d.status);
      expect(top).toEqual(['queued', 'in_progress']);
    } finally {
      await demo.close();
    }
  });
});
