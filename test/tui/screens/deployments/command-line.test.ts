// The `:` line: the commands people type there out of habit (vim, k9s), and everything else a deployment to go to.
import { describe, expect, it } from 'vitest';
import { lineAsk } from '../../../../src/tui/screens/deployments/command-line.js';

describe('lineAsk', () => {
  it.each(['q', 'q!', 'quit', 'quit!', 'qa', 'qa!', 'wq', 'x', 'exit', 'Q', ' q ', ':q', '::quit'])('%s quits', (typed) => {
    expect(lineAsk(typed)).toEqual({ kind: 'quit' });
  });

  it('help, noh, ctx and context; a context name keeps its case', () => {
    expect(lineAsk('help')).toEqual({ kind: 'help' });
    expect(lineAsk('h')).toEqual({ kind: 'help' });
    expect(lineAsk('noh')).toEqual({ kind: 'clear' });
    expect(lineAsk('nohlsearch')).toEqual({ kind: 'clear' });
    expect(lineAsk('ctx')).toEqual({ kind: 'contexts' });
    expect(lineAsk('context')).toEqual({ kind: 'contexts' });
    expect(lineAsk('ctx Prod-EU')).toEqual({ kind: 'contexts', name: 'Prod-EU' });
    expect(lineAsk('CTX prod')).toEqual({ kind: 'contexts', name: 'prod' });
  });

  it('ids, uuids, commit prefixes and words that are none of the commands go to a deployment', () => {
    for (const typed of ['42', '#42', 'a1b2c3d', 'qq', 'quitter', 'ctxs', 'ctx a b', 'help me', 'e1f0-uuid']) {
      expect(lineAsk(typed)).toEqual({ kind: 'go' });
    }
  });

  it('view, view NAME and view save NAME', () => {
    expect(lineAsk('view')).toEqual({ kind: 'view', save: false });
    expect(lineAsk('view slow-ones')).toEqual({ kind: 'view', save: false, name: 'slow-ones' });
    expect(lineAsk(':view save Slow')).toEqual({ kind: 'view', save: true, name: 'Slow' });
    expect(lineAsk('view save')).toEqual({ kind: 'view', save: true });
    expect(lineAsk('viewer')).toEqual({ kind: 'go' });
  });
});
