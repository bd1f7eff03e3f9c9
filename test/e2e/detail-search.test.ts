// `/` in a deployment's detail searches its lines as they are drawn, n/N move between the matches,
// Esc clears the search and then goes back to the list (built binary, tmux, a demo service).
import { describe, expect, it } from 'vitest';
import { SHOP_FRONTEND } from '../../src/demo/seed-apps.js';
import { setUpDemo } from '../support/terminals.js';

const e2e = setUpDemo('detail-search');

const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');
/** The line above the footer: the detail's bottom line. */
const bottom = (screen: string) =>
  lines(screen)
    .filter((l) => l.trim() !== '')
    .at(-2) ?? '';
const footer = (screen: string) =>
  lines(screen)
    .filter((l) => l.trim() !== '')
    .at(-1) ?? '';

describe('search in the detail (built binary, tmux)', () => {
  it('/ image finds the lines that hold it, n/N go to each, round the ends; Esc clears, Esc again back to the list', async () => {
    const t = e2e.launch(`browse ${SHOP_FRONTEND}`, { width: 100, height: 24 });
    await t.waitFor(/1–\d+ of \d+/, 20_000);
    t.keys('Enter');
    await t.waitFor(/^Deployment \S+ · /m, 15_000);
    t.keys('/');
    const prompt = await t.waitFor((s) => footer(s).includes('Enter keep search'));
    expect(prompt).not.toContain('no action here');
    t.type('image');
    const typed = await t.waitFor(/^\/ image\s+1 of \d+ matching lines/m);
    const total = Number(/1 of (\d+) matching lines/.exec(typed)![1]);
    expect(total).toBeGreaterThan(1);
    t.keys('Enter');
    await t.waitFor((s) => bottom(s) === `“image”: line 1 of ${total} matching · n/N move · Esc clears`);
    // n down to the last, then round the end to the first.
    for (let k = 2; k <= total; k++) {
      t.keys('n');
      const at = await t.waitFor((s) => bottom(s).startsWith(`“image”: line ${k} of ${total} matching`));
      // The line the view is on is on screen.
      expect(lines(at).some((l) => /image/i.test(l) && !l.startsWith('“'))).toBe(true);
    }
    t.keys('n');
    await t.waitFor((s) => bottom(s) === 'Search went past the end: back to the first match.');
    t.keys('N');
    await t.waitFor((s) => bottom(s) === 'Search went past the start: on to the last match.');
    t.keys('Escape');
    await t.waitFor((s) => bottom(s) === 'Secrets are masked.');
    t.keys('Escape');
    await t.waitFor((s) => /1–\d+ of \d+/.test(s) && !/^Deployment \S+ · /m.test(s));
    t.keys('q');
    expect(await t.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
  });
});
