// The reason of a failure on the built binary in a real terminal (tmux), against a demo service
// started here: on the list, the failed cursor row's reason is the line under the table; in its
// detail, `l` opens the log with the reason's line in view, marked.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { reasonText } from '../../src/model/reason.js';
import { SHOP_FRONTEND } from '../../src/demo/seed-apps.js';
import { setUpDemo } from '../support/terminals.js';

const e2e = setUpDemo('reason');

const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');
const dataLines = (screen: string) =>
  screen
    .split('\n')
    .filter((l) => /^[› ][ *]│/.test(l))
    .slice(1);
const filled = (screen: string) => lines(screen).filter((l) => l.trim() !== '');
const messageLine = (screen: string) => filled(screen).at(-2) ?? '';

describe('the reason of a failure (built binary, tmux)', () => {
  it('shows on the list for the failed cursor row, and l from its detail opens the log at it', async () => {
    const client = createClient({ baseUrl: e2e.demo.url, token: e2e.demo.token });
    // The first failed row of the newest: the page that fits 36 lines starts with the same rows.
    const page = await client.listDeployments(SHOP_FRONTEND, { skip: 0, take: 10 });
    const index = page.deployments.findIndex((d) => d.status === 'failed');
    expect(index).toBeGreaterThanOrEqual(0);
    const reason = reasonText(page.deployments[index]!);
    expect(reason).not.toBe('');

    const t = e2e.launch(`browse ${SHOP_FRONTEND}`, { width: 120, height: 36 });
    await t.waitFor((s) => / of \d+/.test(s) && dataLines(s).length > index, 20_000);
    for (let i = 0; i < index; i++) t.keys('j');
    const list = await t.waitFor(
      (s) => dataLines(s).findIndex((l) => l.startsWith('›')) === index && messageLine(s).startsWith('✗ why: '),
      15_000,
    );
    expect(reason.startsWith(messageLine(list).replace('✗ why: ', '').replace(/…$/, '').trimEnd())).toBe(true);

    t.keys('Enter');
    const detail = await t.waitFor(/^\s+reason\s+\S/m, 15_000);
    expect(detail).toContain(reason.slice(0, 40));
    t.keys('l');
    const log = await t.waitFor(
      (s) => /^Log \S+ · /m.test(s) && lines(s).some((l) => l.startsWith('›') && l.includes(reason.slice(0, 30))),
      15_000,
    );
    expect(log).toMatch(/✗ failed/);
    t.keys('q');
    expect(await t.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
  });
});
