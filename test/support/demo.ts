// The demo service a test file (or a describe) shares: started before its first test, closed after
// its last. What tests read of it beside the service itself: a client, the host, the apps.
import { afterAll, beforeAll } from 'vitest';
import { createClient, type DmsClient } from '../../src/api/client.js';
import { startDemoService, type DemoOptions, type DemoService } from '../../src/demo/server.js';

export interface DemoFixture extends DemoService {
  /** A client with the full token, made on first use. */
  readonly client: DmsClient;
  /** `127.0.0.1:PORT`, as the TUI's header shows it. */
  readonly host: string;
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** DMS_URL and DMS_TOKEN for a dms the test starts. */
  readonly env: { DMS_URL: string; DMS_TOKEN: string };
  /** The seed's applications as TuiOptions.demoApps lists them. */
  readonly demoApps: { uuid: string; name: string }[];
  /** The uuid of the seed's application of that name; the first one without a name. */
  app(name?: string): string;
}

/**
 * Registers a beforeAll that starts a demo service and an afterAll that closes it, in the calling
 * file or describe. `options` are the demo's, in place of the default (no rate limit). Read the
 * fixture in a hook or a test: before beforeAll there is no service.
 *
 * It answers uncompressed unless `options.compression` says otherwise: the in-process tests make
 * thousands of requests for pages of megabytes, and compressing each one cost the unit loop ~35%
 * more on the demo's own test files (test/demo/logs: 5.9 → 8.0 s). Compressed answers are read
 * by test/demo/compress.test.ts and by the end-to-end tests of the built binary (setUpDemo in terminals.ts
 * asks for the service's own default).
 */
export function setUpDemoService(options: DemoOptions = { rateLimitPerMinute: 0 }): DemoFixture {
  let service: DemoService | undefined;
  let client: DmsClient | undefined;
  const started = () => {
    if (!service) throw new Error('the demo service starts in beforeAll: read it in a hook or a test');
    return service;
  };
  beforeAll(async () => {
    service = await startDemoService({ compression: [], ...options });
  });
  afterAll(async () => {
    await service?.close();
  });
  return {
    get url() {
      return started().url;
    },
    get token() {
      return started().token;
    },
    get tokenNoLogs() {
      return started().tokenNoLogs;
    },
    get seed() {
      return started().seed;
    },
    get requests() {
      return started().requests;
    },
    close: () => started().close(),
    get client() {
      return (client ??= createClient({ baseUrl: started().url, token: started().token }));
    },
    get host() {
      return new URL(started().url).host;
    },
    get origin() {
      return new URL(started().url).origin;
    },
    get env() {
      return { DMS_URL: started().url, DMS_TOKEN: started().token };
    },
    get demoApps() {
      return started().seed.applications.map((a) => ({ uuid: a.uuid, name: a.name }));
    },
    app(name) {
      const apps = started().seed.applications;
      const found = name === undefined ? apps[0] : apps.find((a) => a.name === name);
      if (!found) throw new Error(`no application ${name ?? ''} in the demo's seed`);
      return found.uuid;
    },
  };
}
