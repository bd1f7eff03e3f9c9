// The deployments screen as the fuzz properties see it: the real client over real HTTP, against
// a 127.0.0.1 server that answers every list with the body of the current run. No colour, so
// any escape byte in a frame came from server data.
import React from 'react';
import { render } from 'ink-testing-library';
import { createClient } from '../../src/api/client.js';
import { ThemeProvider, plainTheme } from '../../src/tui/theme.js';
import { DeploymentsScreen } from '../../src/tui/screens/deployments.js';
import { respondWith } from '../support/hostile.js';

export type Screen = ReturnType<typeof render>;

export interface ScreenServer {
  /** Serves `body` (JSON-encoded) from now on and renders a fresh screen against it. */
  show(body: unknown, width?: number): Screen;
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
    show(body, width = 100) {
      text = JSON.stringify(body);
      return render(
        <ThemeProvider value={plainTheme}>
          <DeploymentsScreen
            client={client} appUuid="app-fuzz" connection={{ label: 'fuzz', host: '127.0.0.1', demo: false }}
            showSecrets={false} width={width} height={30} active refreshMs={60_000}
            onHelp={() => {}} onQuit={() => {}} onCreate={() => {}}
          />
        </ThemeProvider>,
      );
    },
    close: () => server.close(),
  };
}
