// The connection opened before got loads (src/api/preconnect.ts, src/api/agents.ts), against real
// servers on 127.0.0.1 that note which connection each request came on: the first GET takes it;
// a POST, another server, a late request, a refused or closed connection do not.
import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { createClient } from '../../src/api/client.js';
import { NetworkError } from '../../src/api/errors.js';
import { connectionNote, dropConnection, preconnect, waitingConnection } from '../../src/api/preconnect.js';
import { until } from '../support/render.js';
import { TEST_CERT, TEST_KEY } from '../support/tls.js';
import { MIN_APP } from '../support/requests.js';
import { agentsFor } from '../../src/api/agents.js';

const APP = '3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07';
const TOKEN = '7|preconnectTestToken1234';

interface Noted {
  readonly url: string;
  /** Connections accepted, in order. */
  readonly connections: net.Socket[];
  /** Each request: its method and the index of the connection it came on. */
  readonly requests: { method: string; connection: number }[];
  close(): Promise<void>;
}

const servers: Noted[] = [];
afterEach(async () => {
  dropConnection();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A server answering every GET with an empty page (and a POST with 201), noting connections. */
async function noting(onConnection?: (socket: net.Socket, index: number) => void): Promise<Noted> {
  const connections: net.Socket[] = [];
  const requests: Noted['requests'] = [];
  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', connection: connections.indexOf(req.socket) });
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    res.end(req.method === 'POST' ? '{"uuid":"a1b2c3"}' : '{"count":0,"deployments":[]}');
  });
  server.on('connection', (socket: net.Socket) => {
    connections.push(socket);
    onConnection?.(socket, connections.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const noted: Noted = {
    url: `http://127.0.0.1:${port}/api/v1`,
    connections,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(noted);
  return noted;
}

const clientOf = (url: string) => createClient({ baseUrl: url, token: TOKEN, retries: 0 });

describe('a connection opened before the client loads', () => {
  it('carries the first GET: the server sees one connection, opened before the request was made', async () => {
    const server = await noting();
    preconnect(server.url);
    await until(() => server.connections.length === 1, 'the connection');
    const client = clientOf(server.url);
    await client.listDeployments(APP, { skip: 0, take: 10 });
    await client.listDeployments(APP, { skip: 10, take: 10 });
    expect(server.connections).toHaveLength(1);
    expect(server.requests).toEqual([
      { method: 'GET', connection: 0 },
      { method: 'GET', connection: 0 },
    ]);
    expect(waitingConnection()).toBeUndefined();
    expect(connectionNote()).toBe('taken by the first GET');
  });

  it('is closed when no request takes it in time; the request then connects anew', async () => {
    const server = await noting();
    preconnect(server.url, 30);
    await until(() => server.connections.length === 1, 'the connection');
    await until(() => server.connections[0]!.destroyed || server.connections[0]!.readableEnded, 'the connection closed');
    expect(waitingConnection()).toBeUndefined();
    await clientOf(server.url).listDeployments(APP);
    expect(server.requests).toEqual([{ method: 'GET', connection: 1 }]);
    expect(connectionNote()).toBe('closed unused after 30 ms');
  });

  it('is not given to a POST: a creation goes on its own connection, never on one opened earlier', async () => {
    const server = await noting();
    preconnect(server.url);
    await until(() => server.connections.length === 1, 'the connection');
    await clientOf(server.url)
      .createPublicApplication(MIN_APP)
      .catch(() => undefined);
    expect(server.requests).toEqual([{ method: 'POST', connection: 1 }]);
    expect(waitingConnection()).toEqual({ usable: true });
  });

  it('is not given to another server, nor to another port of the same host', async () => {
    const [first, second] = [await noting(), await noting()];
    preconnect(first.url);
    await until(() => first.connections.length === 1, 'the connection');
    await clientOf(second.url).listDeployments(APP);
    expect(second.requests).toEqual([{ method: 'GET', connection: 0 }]);
    expect(first.requests).toEqual([]);
    expect(waitingConnection()).toEqual({ usable: true });
  });

  it('one the server closed at once is dropped: the GET connects anew and is answered', async () => {
    const server = await noting((socket, index) => {
      if (index === 0) socket.destroy();
    });
    preconnect(server.url);
    await until(() => waitingConnection()?.usable === false, 'the closed connection seen');
    const page = await clientOf(server.url).listDeployments(APP);
    expect(page.deployments).toEqual([]);
    expect(server.requests).toEqual([{ method: 'GET', connection: 1 }]);
    expect(connectionNote()).toBe('closed or refused before its request: the request connected anew');
  });

  it('a refused one is not handed over: the request reads as a refusal, as without it', async () => {
    const gone = await noting();
    const url = gone.url;
    await gone.close();
    servers.length = 0;
    const without = await clientOf(url)
      .listDeployments(APP)
      .catch((e: unknown) => e);
    preconnect(url);
    await until(() => waitingConnection()?.usable === false, 'the refusal seen');
    const withIt = await clientOf(url)
      .listDeployments(APP)
      .catch((e: unknown) => e);
    expect(withIt).toBeInstanceOf(NetworkError);
    expect((withIt as NetworkError).message).toBe((without as NetworkError).message);
    expect((withIt as NetworkError).message).toMatch(/connection refused/);
  });

  it('opens nothing for what is not an http(s) URL', () => {
    preconnect('ftp://127.0.0.1:21/api');
    preconnect('not a url');
    expect(waitingConnection()).toBeUndefined();
  });
});

describe('over TLS', () => {
  it('the first GET speaks TLS over the connection opened early: one connection, the answer read', async () => {
    const connections: net.Socket[] = [];
    const server = https.createServer({ cert: TEST_CERT, key: TEST_KEY }, (_req, res) => res.end('read over TLS'));
    // The TCP connection, before TLS wraps it.
    server.on('connection', (socket: net.Socket) => connections.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      preconnect(`https://127.0.0.1:${port}/api/v1`);
      await until(() => connections.length === 1, 'the connection');
      const { https: agent } = agentsFor();
      const body = await new Promise<string>((resolve, reject) => {
        https
          .get({ host: '127.0.0.1', port, path: '/', agent, ca: TEST_CERT }, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d: string) => (text += d));
            res.on('end', () => resolve(text));
          })
          .on('error', reject);
      });
      expect(connections).toHaveLength(1);
      expect(connectionNote()).toBe('taken by the first GET');
      agent.destroy();
      expect(body).toBe('read over TLS');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
