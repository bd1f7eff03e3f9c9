// The input bus and the key table, without Ink: keys in, listeners' calls out.
import { describe, expect, it } from 'vitest';
import type { Key } from 'ink';
import { InputBus, type KeyListener } from '../../../src/tui/input/bus.js';
import { NO_KEY, isText, splitChunk, type KeyEvent } from '../../../src/tui/input/keypress.js';
import { COMMANDS, DEFAULT_KEYS, HELP_SECTIONS, type ScopeId } from '../../../src/tui/keys.js';

const plain = NO_KEY;
const key = (k: Partial<Key>): Key => ({ ...NO_KEY, ...k });

/** A listener that records what it gets and uses what `uses` says. */
function recorder(uses: (e: KeyEvent) => boolean | 'later' = () => true, text?: (run: string) => number) {
  const seen: string[] = [];
  const listener: KeyListener = {
    key: (e) => {
      seen.push(
        e.input ||
          Object.entries(e.key)
            .filter(([, v]) => v)
            .map(([k]) => k)
            .join('+'),
      );
      return uses(e);
    },
    ...(text
      ? {
          text: (run: string) => {
            const n = text(run);
            if (n > 0) seen.push(`text:${run.slice(0, n)}`);
            return n;
          },
        }
      : {}),
  };
  return { seen, listener };
}

describe("keypress: from Ink's reports to keys", () => {
  it('control characters at the edges of a read become keys; the text between stays one run', () => {
    expect(splitChunk('\t\t\t', plain).map((k) => k.key.tab)).toEqual([true, true, true]);
    const mixed = splitChunk('\u0012\tabc\ndef\r', plain);
    expect(mixed.map((k) => [k.input, k.key.ctrl, k.key.tab, k.key.return])).toEqual([
      ['r', true, false, false],
      ['', false, true, false],
      ['abc\ndef', false, false, false],
      ['', false, false, true],
    ]);
    expect(splitChunk('hello', plain)).toEqual([{ input: 'hello', key: plain }]);
    expect(splitChunk('\u001b', plain)).toEqual([{ input: '\u001b', key: plain }]);
    expect(splitChunk('\u007f\u007f', plain).map((k) => k.key.backspace)).toEqual([true, true]);
  });

  it('keys only typing makes are keys inside a read too (abc Ctrl+U def typed fast); Tab, line breaks and Esc stay in a paste', () => {
    const typed = splitChunk('abc\u0015def\u007fg', plain);
    expect(typed.map((k) => [k.input, k.key.ctrl, k.key.backspace])).toEqual([
      ['abc', false, false],
      ['u', true, false],
      ['def', false, false],
      ['', false, true],
      ['g', false, false],
    ]);
    expect(splitChunk('a\tb\r\nc\u001bd', plain)).toEqual([{ input: 'a\tb\r\nc\u001bd', key: plain }]);
  });

  it('text is printable input without a named key', () => {
    expect(isText({ input: 'jjj', key: plain })).toBe(true);
    expect(isText({ input: 'j', key: key({ ctrl: true }) })).toBe(false);
    expect(isText({ input: '', key: key({ upArrow: true }) })).toBe(false);
    expect(isText({ input: 'a\u001bb', key: plain })).toBe(true); // a paste: the field cleans it
    expect(isText({ input: '\u0007', key: plain })).toBe(false);
  });
});

describe('input bus', () => {
  it('offers a key to the overlay, then the screen, then global, newest first; the first to use it ends it', () => {
    const bus = new InputBus();
    const global = recorder();
    const older = recorder(() => false);
    const newer = recorder((e) => e.input === 'x');
    const overlay = recorder((e) => e.input === 'o');
    bus.add('global', global.listener);
    bus.add('screen', older.listener);
    bus.add('screen', newer.listener);
    const removeOverlay = bus.add('overlay', overlay.listener);
    bus.read('o', plain);
    bus.read('x', plain);
    bus.read('y', plain);
    expect(overlay.seen).toEqual(['o', 'x', 'y']);
    expect(newer.seen).toEqual(['x', 'y']);
    expect(older.seen).toEqual(['y']);
    expect(global.seen).toEqual(['y']);
    removeOverlay();
    bus.read('o', plain);
    expect(overlay.seen).toHaveLength(3);
    expect(bus.reads).toBe(4);
  });

  it('a run of text goes whole to a listener that takes text, else one character at a time', () => {
    const bus = new InputBus();
    let typing = false;
    const screen = recorder(
      (e) => {
        if (e.input === '/') typing = true;
        return true;
      },
      (run) => (typing ? run.length : 0),
    );
    bus.add('screen', screen.listener);
    bus.read('jj/abc', plain);
    expect(screen.seen).toEqual(['j', 'j', '/', 'text:abc']);
  });

  it('5,000 keys read at once are each handled (npm run bench times it through the screen)', () => {
    const bus = new InputBus();
    let n = 0;
    bus.add('screen', {
      key: () => {
        n++;
        return true;
      },
    });
    bus.read('n'.repeat(5000), plain);
    expect(n).toBe(5000);
  });

  it('keys read with one that changed the screen wait for the new screen', async () => {
    const bus = new InputBus();
    const screen = recorder((e) => (e.input === '?' ? 'later' : true));
    bus.add('screen', screen.listener);
    bus.read('?jk', plain);
    expect(screen.seen).toEqual(['?']);
    const overlay = recorder();
    bus.add('overlay', overlay.listener);
    await new Promise((r) => setImmediate(r));
    expect(overlay.seen).toEqual(['j', 'k']);
  });
});

describe('key table', () => {
  it('finds the command in the scopes in the order given', () => {
    expect(DEFAULT_KEYS.commandFor(['deployments', 'global'], 'n', {})).toBe('nextPage');
    expect(DEFAULT_KEYS.commandFor(['deployments', 'global'], '', { rightArrow: true })).toBe('nextPage');
    expect(DEFAULT_KEYS.commandFor(['line', 'form'], '', { rightArrow: true })).toBe('lineRight');
    expect(DEFAULT_KEYS.commandFor(['formChoice', 'form'], '', { rightArrow: true })).toBe('choiceNext');
    expect(DEFAULT_KEYS.commandFor(['app'], 'c', { ctrl: true })).toBe('interrupt');
    expect(DEFAULT_KEYS.commandFor(['deployments', 'global'], 'c', {})).toBe('createApp');
    expect(DEFAULT_KEYS.commandFor(['form'], '', { tab: true, shift: true })).toBe('formPrevField');
    expect(DEFAULT_KEYS.commandFor(['form'], '', { tab: true })).toBe('formNextField');
    expect(DEFAULT_KEYS.commandFor(['form'], 's', { ctrl: true })).toBe('formSubmit');
    expect(DEFAULT_KEYS.commandFor(['line'], 'u', { ctrl: true })).toBe('lineKillBefore');
    expect(DEFAULT_KEYS.commandFor(['deployments'], 'z', {})).toBeUndefined();
  });

  it('runs the handler of the matched command; a handler returning false passes the key on', () => {
    const calls: string[] = [];
    const handlers = {
      interrupt: () => {
        calls.push('interrupt');
        return false;
      },
    };
    expect(DEFAULT_KEYS.run(['app'], handlers, 'c', { ctrl: true })).toBe(false);
    expect(DEFAULT_KEYS.run(['app'], handlers, 'x', {})).toBe(false);
    expect(calls).toEqual(['interrupt']);
  });

  it('every command has a scope that help lists, and no two commands of a scope share a key', () => {
    const listed = new Set<ScopeId>(HELP_SECTIONS.map((s) => s.screen));
    for (const c of COMMANDS) for (const s of c.screens) expect(listed.has(s), `${c.id} in ${s}`).toBe(true);
    for (const { screen } of HELP_SECTIONS) {
      const seen = new Map<string, string>();
      for (const c of DEFAULT_KEYS.commandsOf(screen)) {
        for (const k of c.keys) {
          const id = JSON.stringify(k);
          expect(seen.get(id), `${screen}: ${c.id} and ${seen.get(id)} share ${id}`).toBeUndefined();
          seen.set(id, c.id);
        }
      }
    }
  });
});
