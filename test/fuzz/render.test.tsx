// Property: the deployments table and the detail view render whatever the server sent without
// throwing, and no ESC, BEL or C1 byte from server data reaches a frame. Rendered with the
// no-colour theme and chalk at level 0, so the frame holds no escape code of Ink's own: any
// \x1b in it is a leak.
import React from 'react';
import chalk from 'chalk';
import fc from 'fast-check';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readDeploymentList, type DeploymentPage } from '../../src/api/schemas/deployment.js';
import { ThemeProvider, plainTheme } from '../../src/tui/theme.js';
import { DeploymentsScreen } from '../../src/tui/screens/deployments.js';
import { DetailView } from '../../src/tui/screens/detail.js';
import { detailLines, rawJsonLines } from '../../src/tui/components/detail-fields.js';
import { screenServer, type ScreenServer } from './screen.js';
import { tuiRecord as anyRecord, tuiListBody as listBody, runs } from '../support/arbitraries.js';

const UNSAFE = /[\u001b\u0007\u0080-\u009f]/;
const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));

let level: typeof chalk.level;
let screens: ScreenServer;
beforeAll(async () => { level = chalk.level; chalk.level = 0; screens = await screenServer(); });
afterAll(async () => { chalk.level = level; await screens.close(); });

async function waitFor(frame: () => string | undefined, test: (f: string) => boolean, ms = 2000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const f = frame() ?? '';
    if (test(f)) return f;
    if (Date.now() > end) throw new Error(`frame never matched; last frame:\n${f}`);
    await tick(5);
  }
}

describe('deployments screen with generated pages', () => {
  it('renders the page, opens the detail and the raw JSON without a control byte in any frame', async () => {
    await fc.assert(fc.asyncProperty(listBody, async ({ body, count }) => {
      const ui = screens.show(body);
      try {
        const loaded = await waitFor(ui.lastFrame, (f) => !f.includes('Loading deployments'));
        if (count > 0) expect(loaded).toMatch(/1–\d+/);
        for (const f of ui.frames) expect(f).not.toMatch(UNSAFE);
        if (count > 0) {
          ui.stdin.write('\r');
          await waitFor(ui.lastFrame, (f) => f.includes('Deployment '));
          ui.stdin.write('y');
          await waitFor(ui.lastFrame, (f) => f.includes('raw JSON'));
          ui.stdin.write('G');
          await tick(10);
          for (const f of ui.frames) expect(f).not.toMatch(UNSAFE);
        }
      } finally {
        ui.unmount();
      }
    }), { numRuns: runs(20) });
  });
});

describe('deployments screen with repeated ids', () => {
  it('shows every row of a page whose records share an id, with no React key clash', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const body = [
      { id: 7, status: 'finished', git_commit_sha: 'aaaaaaa1111' },
      { id: 7, status: 'failed', git_commit_sha: 'bbbbbbb2222' },
      { id: 7, status: 'queued', git_commit_sha: 'ccccccc3333' },
      { status: 'queued', git_commit_sha: 'ddddddd4444' },
    ];
    const ui = screens.show(body);
    try {
      const frame = await waitFor(ui.lastFrame, (f) => f.includes('1–4'));
      for (const sha of ['aaaaaaa', 'bbbbbbb', 'ccccccc', 'ddddddd']) expect(frame).toContain(sha);
      expect(errors.mock.calls.flat().join(' ')).not.toMatch(/same key/);
    } finally {
      ui.unmount();
      errors.mockRestore();
    }
  });
});

describe('detail view with generated records', () => {
  it('every line of the grouped and raw views is free of control bytes, at any width', async () => {
    fc.assert(fc.property(anyRecord, fc.integer({ min: 20, max: 200 }), fc.boolean(), (raw, width, reveal) => {
      const record = readDeploymentList([raw])!.deployments[0]!;
      for (const line of [...detailLines(record, { reveal, width, theme: plainTheme }), ...rawJsonLines(record, { reveal, width, theme: plainTheme })]) {
        expect(line.text).not.toMatch(UNSAFE);
        expect(line.label ?? '').not.toMatch(UNSAFE);
      }
    }), { numRuns: runs(40) });
  });

  it('renders a whole record (tall enough to show every line) without a control byte', async () => {
    await fc.assert(fc.asyncProperty(anyRecord, async (raw) => {
      const record = readDeploymentList([raw])!.deployments[0]!;
      const ui = render(
        <ThemeProvider value={plainTheme}>
          <DetailView record={record} showSecrets={false} width={100} height={2000} active onBack={() => {}} onHelp={() => {}} onQuit={() => {}} />
        </ThemeProvider>,
      );
      try {
        expect(ui.lastFrame()).toContain('Deployment ');
        ui.stdin.write('y');
        await tick(5);
        for (const f of ui.frames) expect(f).not.toMatch(UNSAFE);
      } finally {
        ui.unmount();
      }
    }), { numRuns: runs(12) });
  });
});
