// The notification's bytes (src/tui/notify.ts): the form each terminal is documented to show, the
// exact escape sequences, and text from the server that cannot break out of them.
import { describe, expect, it } from 'vitest';
import { notification, notifyFormOf, notifyText } from '../../src/tui/notify.js';

describe('notifyFormOf', () => {
  it('reads the terminal from its environment', () => {
    expect(notifyFormOf({ TERM_PROGRAM: 'iTerm.app' })).toBe('osc9');
    expect(notifyFormOf({ TERM_PROGRAM: 'WezTerm' })).toBe('osc777');
    expect(notifyFormOf({ TERM_PROGRAM: 'ghostty', TERM: 'xterm-ghostty' })).toBe('osc777');
    expect(notifyFormOf({ TERM: 'foot' })).toBe('osc777');
    expect(notifyFormOf({ TERM: 'foot-extra' })).toBe('osc777');
    expect(notifyFormOf({ TERM: 'xterm-kitty' })).toBe('osc99');
    expect(notifyFormOf({ TERM: 'xterm-256color', KITTY_WINDOW_ID: '1' })).toBe('osc99');
  });
  it('the bell elsewhere, and inside tmux or screen whatever the outer terminal', () => {
    expect(notifyFormOf({ TERM: 'xterm-256color' })).toBe('bell');
    expect(notifyFormOf({ TERM_PROGRAM: 'Apple_Terminal' })).toBe('bell');
    expect(notifyFormOf({})).toBe('bell');
    expect(notifyFormOf({ TERM_PROGRAM: 'iTerm.app', TMUX: '/tmp/tmux-1000/default,1,0' })).toBe('bell');
    expect(notifyFormOf({ TERM_PROGRAM: 'tmux' })).toBe('bell');
    expect(notifyFormOf({ TERM_PROGRAM: 'WezTerm', TERM: 'screen-256color' })).toBe('bell');
  });
});

describe('notification', () => {
  it('OSC 9, OSC 777;notify, OSC 99 and the bell, byte for byte', () => {
    expect(notification('osc9', 'shop-api: failed', '#248 Fix cart')).toBe('\u001b]9;dms: shop-api: failed — #248 Fix cart\u0007');
    expect(notification('osc777', 'shop-api: failed', '#248 Fix cart')).toBe('\u001b]777;notify;shop-api: failed;#248 Fix cart\u0007');
    expect(notification('osc99', 'shop-api: finished', '')).toBe('\u001b]99;;shop-api: finished\u001b\\');
    expect(notification('bell', 'anything', 'at all')).toBe('\u0007');
  });

  it('server text cannot end the sequence early, add a field, or run long', () => {
    const hostile = 'web\u001b]0;pwned\u0007\u009b31m;rm -rf\r\nnext line' + 'x'.repeat(500);
    for (const form of ['osc9', 'osc777', 'osc99'] as const) {
      const bytes = notification(form, hostile, hostile);
      const inner = bytes.replace(/^\u001b\](9|777|99);/, '').replace(/(\u0007|\u001b\\)$/, '');
      expect(inner, form).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      if (form === 'osc777') expect(inner.split(';')).toHaveLength(3);
      expect(inner.length).toBeLessThan(200);
    }
    expect(notifyText('a;b\tc\u0007d', 20)).toBe('a b cd');
  });
});
