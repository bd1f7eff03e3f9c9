// The deployments screen as the fuzz properties see it: the whole app (the input bus included)
// with the real client over real HTTP, against a 127.0.0.1 server that answers every list with
// the body of the current run. No colour, so any escape byte in a frame came from server data.
import { createClient } from '../../src/api/client.js';
import { respondWith } from '../support/hostile.js';
import { renderApp, type Rendered } from '../tui/support/render.js';

export interface ScreenServer {
  /** Serves `body` (JSON-encoded) from now on and renders a fresh app on its deployments. */
  show(body: unknown, options?: { width?: number; showSecrets?: boolean }): Rendered;
  close(): Promise<void>;
}

export async function screenServer(): Promise<ScreenServer> {
  let text = '[]';
  const server = await respondWith((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(text);
  });
  const client = createClient({ baseUrl: `${server.url}/api/v1`, token: '1|fuzzscreentoken', retries: 0 });
  return {
    show(body, { width = 100, showSecrets = false } = {}) {
      text = JSON.stringify(body);
      return renderApp({
        client, connection: { label: 'fuzz', host: '127.0.0.1', demo: false }, configDir: '', appUuid: 'app-fuzz',
        screen: 'browse', showSecrets, noColor: true,
      }, { size: { columns: width, rows: 30 } });
    },
    close: () => server.close(),
  };
}
