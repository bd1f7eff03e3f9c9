// Which clipboard programs dms tries where (src/tui/clipboard.ts): only those that reach the
// user's own clipboard. The programs themselves run in test/tui/keys-copy-open.test.tsx and test/e2e/keys.test.ts.
import { describe, expect, it } from 'vitest';
import { clipboardPrograms, copyNote } from '../../src/tui/clipboard.js';

describe('clipboardPrograms', () => {
  it('by platform and display; none over ssh unless a display is forwarded', () => {
    expect(clipboardPrograms({}, 'darwin')).toEqual([['pbcopy']]);
    expect(clipboardPrograms({ SSH_CONNECTION: '10.0.0.1 5 10.0.0.2 22' }, 'darwin')).toEqual([]);
    expect(clipboardPrograms({}, 'linux')).toEqual([]);
    expect(clipboardPrograms({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toEqual([['wl-copy']]);
    expect(clipboardPrograms({ DISPLAY: ':0' }, 'linux')).toEqual([
      ['xclip', '-selection', 'clipboard'],
      ['xsel', '--clipboard', '--input'],
    ]);
    expect(clipboardPrograms({ DISPLAY: 'localhost:10.0', SSH_TTY: '/dev/pts/1' }, 'linux').map((p) => p[0])).toEqual(['xclip', 'xsel']);
    expect(clipboardPrograms({ WSL_DISTRO_NAME: 'Ubuntu' }, 'linux')).toEqual([['clip.exe']]);
    expect(clipboardPrograms({ WSL_DISTRO_NAME: 'Ubuntu', SSH_CLIENT: '10.0.0.1 5 22' }, 'linux')).toEqual([]);
  });
});

describe('copyNote', () => {
  it('✓ only for a copy a program confirmed', () => {
    expect(copyNote('the uuid u-1', { kind: 'copied', program: 'xclip' })).toBe('✓ Copied the uuid u-1 (xclip)');
    expect(copyNote('the uuid u-1', { kind: 'sent', why: 'the terminal does not confirm OSC 52' })).not.toContain('✓');
    expect(copyNote('the uuid u-1', { kind: 'notCopied', why: 'TERM=linux does not take OSC 52' })).toBe(
      'Did not copy the uuid u-1: TERM=linux does not take OSC 52',
    );
  });
});
