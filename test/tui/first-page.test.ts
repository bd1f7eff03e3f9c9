// The first page's request goes out before the UI loads (Ink loads in one synchronous run that
// would hold the connection back): `onWire` settles once the request is written, not at its bound.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { askFirstPage } from '../../src/tui/first-page.js';
import { closedPortUrl, json, serversClosedAfterEach, type Handler } from '../support/hostile.js';

const APP = 'app-first-page-1';
const TOKEN = '3|firstPageTokenSecret0123456789';
const serve = serversClosedAfterEach(afterEach);
const client = (url: string) => createClient({ baseUrl: `${url}/api/v1`, token: TOKEN, retries: 0, timeoutMs: 5000 });
// A bound no test waits for: onWire must settle by the write (or the page), never by it.
const NEVER = 10 * 60_000;

describe('the first page is on the wire before the UI loads', () => {
  it('onWire settles once the request is written, while the server still holds the answer', async () => {
    let answer: (() => void) | undefined;
    const held: Handler = (req, res) => {
      answer = () => json(200, [{ id: 1, status: 'finished' }])(req, res, undefined as never);
    };
    const s = await serve(held);
    const first = askFirstPage(client(s.url), undefined, APP, 40, NEVER);
    let settled = false;
    void first.page.then(() => {
      settled = true;
    });
    await first.onWire;
    expect(settled).toBe(false);
    // The server gets it (the write is out), then answers.
    await expect.poll(() => s.hitsOf('GET', `/api/v1/deployments/applications/${APP}`)).toBe(1);
    answer!();
    expect((await first.page).deployments).toHaveLength(1);
  });

  it('onWire settles when the request cannot be made (nothing listening)', async () => {
    const first = askFirstPage(client(await closedPortUrl()), undefined, APP, 40, NEVER);
    await first.onWire;
    await expect(first.page).rejects.toThrow(/connection refused/);
  });
});
