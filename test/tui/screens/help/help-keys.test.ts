// Help lists each key once: a label names only its own command's keys (logNext was labelled `n/N`,
// so the log's help listed N twice: beside "next match" and beside "previous match").
import { describe, expect, it } from 'vitest';
import { DEFAULT_KEYS, HELP_SECTIONS, keyLabel, type ScopeId } from '../../../../src/tui/keys.js';
import { helpSections } from '../../../../src/tui/screens/help/lines.js';
import { bindKeys } from '../../../../src/tui/key-bindings.js';
import { keyTable } from '../../../../src/tui/keys.js';
import { footerFit, itemText } from '../../../../src/tui/components/footer.js';

/** The keys a label names: `n/→/PgDn` → n, →, PgDn (`/` alone is the slash key). */
const named = (label: string) => (label === '/' ? ['/'] : label.split('/'));

/** Every screen help opens from (its modes included). */
const FROM: readonly ScopeId[] = HELP_SECTIONS.map((s) => s.screen);

describe('help lists each key once', () => {
  it.each(FROM)('help opened from %s: no section names a key twice', (from) => {
    for (const section of helpSections(from, DEFAULT_KEYS)) {
      const keys = section.commands.flatMap((c) => named(c.label));
      const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
      expect(twice, `${section.title}: ${twice.join(', ')}`).toEqual([]);
    }
  });

  it('a label names only keys its own command has', () => {
    for (const c of DEFAULT_KEYS.commands) {
      const own = c.keys.map(keyLabel);
      for (const k of named(c.label)) expect(own, `${c.id} is labelled ${c.label}`).toContain(k);
    }
  });

  it("the log's new keys clash with none of its others: & on n is refused and & stays", () => {
    const bound = bindKeys([
      ['logFilter', ['n']],
      ['logFilterKeep', ['x']],
    ]);
    expect(bound.problems).toHaveLength(2);
    expect(bound.problems.join('\n')).toMatch(/"logFilter": n is already "next match" \(logNext, Deployment log\) — logFilter keeps &/);
    expect(bound.problems.join('\n')).toMatch(/"logFilterKeep": "?x"? would be typed there/);
    expect(keyTable(bound.commands).hint('logFilter')).toBe('&');
  });

  it('the log footer names n/N and e/E as one item each, with the keys in force', () => {
    const item = (keys: typeof DEFAULT_KEYS) => footerFit('log', 400, '', keys).map((c) => c.id);
    expect(item(DEFAULT_KEYS)).toEqual(expect.arrayContaining(['logNext', 'logNextError', 'logFilter']));
    expect(item(DEFAULT_KEYS)).not.toContain('logPrev');
    expect(itemText(DEFAULT_KEYS.command('logNext'), DEFAULT_KEYS)).toEqual(['n/N', ' next/prev match']);
    expect(itemText(DEFAULT_KEYS.command('logNextError'), DEFAULT_KEYS)).toEqual(['e/E', ' next/prev error']);
    const bound = bindKeys([
      ['logPrev', ['P']],
      ['logNextError', ['u']],
      ['logFilter', ['ctrl+f']],
      ['logLeft', ['h']],
      ['logFilterKeep', ['tab']],
    ]);
    expect(bound.problems).toEqual([]);
    const rebound = keyTable(bound.commands);
    expect(rebound.hint('logFilter')).toBe('Ctrl+F');
    expect(itemText(rebound.command('logNext'), rebound)[0]).toBe('n/P');
    expect(itemText(rebound.command('logNextError'), rebound)[0]).toBe('u/E');
  });
});
