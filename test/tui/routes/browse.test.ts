// The screens of an application as a back stack over the list, and the list as a room of its own.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browseStack } from '../../../src/tui/routes/browse.js';

describe('the back stack of the application open', () => {
  it('the list at the bottom, the screen opened on top; a log over the screen it was opened from', () => {
    expect(browseStack({ mode: 'list', detail: null, log: null })).toEqual(['list']);
    expect(browseStack({ mode: 'filter', detail: null, log: null })).toEqual(['list']);
    expect(browseStack({ mode: 'detail', detail: null, log: null })).toEqual(['list', 'detail']);
    expect(browseStack({ mode: 'log', detail: null, log: { from: 'detail' } as never })).toEqual(['list', 'detail', 'log']);
    expect(browseStack({ mode: 'log', detail: null, log: { from: 'list' } as never })).toEqual(['list', 'log']);
    expect(browseStack({ mode: 'stats', detail: null, log: null })).toEqual(['list', 'stats']);
    expect(browseStack({ mode: 'compare', detail: null, log: null })).toEqual(['list', 'compare']);
  });

  it('the list screen imports no other screen (the session and the router join them)', () => {
    const dir = join(import.meta.dirname, '../../../src/tui/screens/deployments');
    const others = readdirSync(join(dir, '..')).filter((d) => d !== 'deployments');
    for (const file of readdirSync(dir)) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const other of others) expect(text, `${file} imports screens/${other}`).not.toMatch(new RegExp(`from '\\.\\./${other}/`));
    }
  });
});
