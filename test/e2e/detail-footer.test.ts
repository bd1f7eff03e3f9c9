// The detail's footer offers `s secrets` only when s can reveal them: with --show-secrets (built
// binary, tmux, a demo service started here).
import { describe, expect, it } from 'vitest';
import { SHOP_FRONTEND } from '../../src/demo/seed-apps.js';
import { setUpDemo } from '../support/terminals.js';

const e2e = setUpDemo('detail');

const footer = (screen: string) =>
  screen
    .replace(/\n$/, '')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .at(-1) ?? '';

async function detailFooter(flags: string): Promise<string> {
  const t = e2e.launch(`browse ${SHOP_FRONTEND} ${flags}`, { width: 120, height: 36, env: { TERM: undefined } });
  await t.waitFor(/1–\d+ of \d+/, 20_000);
  t.keys('Enter');
  const screen = await t.waitFor(/^Deployment \S+ · /m, 15_000);
  t.keys('q');
  await t.waitFor(/\[exit \d+\]/, 15_000);
  return footer(screen);
}

describe('the detail footer (built binary, tmux)', () => {
  it('without --show-secrets it does not offer s; with it, s secrets is there', async () => {
    const masked = await detailFooter('');
    expect(masked).toMatch(/^\? help .*y raw JSON/);
    expect(masked).not.toContain('s secrets');
    expect(await detailFooter('--show-secrets')).toContain('s secrets');
  });
});
