// A DmsClient that loads got and zod (the real client) on first use, not at start-up: a command
// that never asks the server (a usage error, --help) never pays for them. `ready()` loads it now
// (the TUI's first page: cli.ts loads it, then asks, then loads the UI while the answer travels).
import type { ClientOptions, DmsClient } from './client.js';
import { redactor } from './redact.js';

export interface LazyClient extends DmsClient {
  /** Starts loading the real client now (e.g. once the first frame is drawn). */
  warm(): void;
  /** The real client, loaded. */
  ready(): Promise<DmsClient>;
}

export function createLazyClient(options: ClientOptions): LazyClient {
  let real: Promise<DmsClient> | undefined;
  const load = () => (real ??= import('./client.js').then((m) => m.createClient(options)));
  return {
    redact: redactor(options.token),
    warm: () => {
      void load();
    },
    ready: () => load(),
    async listDeployments(appUuid, page, callOptions) {
      return (await load()).listDeployments(appUuid, page, callOptions);
    },
    async listRecords(appUuid, page, callOptions) {
      return (await load()).listRecords(appUuid, page, callOptions);
    },
    async createPublicApplication(body, callOptions) {
      return (await load()).createPublicApplication(body, callOptions);
    },
    async createDocstore(body, callOptions) {
      return (await load()).createDocstore(body, callOptions);
    },
  };
}
