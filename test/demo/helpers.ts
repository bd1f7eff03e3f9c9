// Small fetch helpers for talking to the demo service over real HTTP.
import type { DemoService } from '../../src/demo/server.js';

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed body; undefined when it is not JSON. */
  readonly json: any;
}

export interface CallOptions {
  readonly method?: string;
  /** A string is sent as is; anything else as JSON. */
  readonly body?: unknown;
  /** Default: the service's token. `null`: no Authorization header. */
  readonly token?: string | null;
  /** Default true: send `Accept: application/json`. */
  readonly acceptJson?: boolean;
  readonly headers?: Record<string, string>;
}

export async function call(service: DemoService, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? service.token : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (options.acceptJson !== false) headers.accept = 'application/json';
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${service.url}${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    redirect: 'manual',
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export const list = (service: DemoService, appUuid: string, query = '', options: CallOptions = {}) =>
  call(service, `/deployments/applications/${appUuid}${query ? `?${query}` : ''}`, options);

export const createApp = (service: DemoService, body: unknown, options: CallOptions = {}) =>
  call(service, '/applications/public', { ...options, method: 'POST', body });

export const createDocstore = (service: DemoService, body: unknown, options: CallOptions = {}) =>
  call(service, '/databases/docstore', { ...options, method: 'POST', body });

/** Where things are in the seed: the first project, its production environment, the first server. */
export function place(service: DemoService) {
  const project = service.seed.projects[0]!;
  const server = service.seed.servers[0]!;
  return { project_uuid: project.uuid, server_uuid: server.uuid, environment_name: 'production' };
}

export const appByName = (service: DemoService, name: string) => {
  const app = service.seed.applications.find((a) => a.name === name);
  if (!app) throw new Error(`no seeded application ${name}`);
  return app.uuid;
};

/** Polls until `check` returns a value, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
