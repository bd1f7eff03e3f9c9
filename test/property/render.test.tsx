// Property: the deployments table and the detail view render whatever the server sent without
// throwing, and no ESC, BEL or C1 byte from server data reaches a frame. Rendered with the
// no-colour theme and chalk at level 0, so the frame holds no escape code of Ink's own: any
// \x1b in it is a leak.
import React from 'react';
import chalk from 'chalk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readDeploymentList } from '../../src/api/schemas/deployment.js';
import { ThemeProvider, plainTheme } from '../../src/tui/theme.js';
import { DetailView } from '../../src/tui/screens/detail/view.js';
import { detailLines, rawJsonLines } from '../../src/tui/screens/detail/lines.js';
import { KEY, renderTui } from '../support/render.js';
import { screenServer, type ScreenServer } from '../support/screen.js';
import { parts, tuiRecord as anyRecord, tuiListBody as listBody, runs } from '../support/arbitraries.js';

const UNSAFE = /[\u001b\u0007\u0080-\u009f]/;

let level: typeof chalk.level;
let screens: ScreenServer;
beforeAll(async () => {
  level = chalk.level;
  chalk.level = 0;
  screens = await screenServer();
});
afterAll(async () => {
  chalk.level = level;
  await screens.close();
});

describe('deployments screen with generated pages', () => {
  it.each(parts(4))(
    'renders the page, opens the detail and the raw JSON without a control byte in any frame (5 pages a part: %i of 4)',
    async () => {
      await fc.assert(
        fc.asyncProperty(listBody, async ({ body, count }) => {
          const ui = screens.show(body);
          try {
            const loaded = await ui.waitFor((f) => !f.includes('Loading deployments'));
            if (count > 0) expect(loaded).toMatch(/1–\d+/);
            for (const f of ui.rawFrames()) expect(f).not.toMatch(UNSAFE);
            if (count > 0) {
              await ui.press(KEY.enter);
              await ui.waitFor('Deployment ');
              await ui.press('y');
              await ui.waitFor('raw JSON');
              await ui.press('G');
              for (const f of ui.rawFrames()) expect(f).not.toMatch(UNSAFE);
            }
          } finally {
            ui.unmount();
          }
        }),
        { numRuns: runs(5) },
      );
    },
  );
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
      const frame = await ui.waitFor('1–4');
      for (const sha of ['aaaaaaa', 'bbbbbbb', 'ccccccc', 'ddddddd']) expect(frame).toContain(sha);
      expect(errors.mock.calls.flat().join(' ')).not.toMatch(/same key/);
    } finally {
      ui.unmount();
      errors.mockRestore();
    }
  });
});

describe('detail view with generated records', () => {
  it.each(parts(2))(
    'every line of the grouped and raw views is free of control bytes, at any width (20 records a part: %i of 2)',
    async () => {
      fc.assert(
        fc.property(anyRecord, fc.integer({ min: 20, max: 200 }), fc.boolean(), (raw, width, reveal) => {
          const record = readDeploymentList([raw])!.deployments[0]!;
          const lines = [
            ...detailLines(record, { reveal, width, theme: plainTheme }),
            ...rawJsonLines(record, { reveal, width, theme: plainTheme }),
          ];
          // One expect for the record, not two a line (a record can make thousands; the expects took two thirds of the time).
          expect(lines.filter((line) => UNSAFE.test(line.text) || UNSAFE.test(line.label ?? ''))).toEqual([]);
        }),
        { numRuns: runs(20) },
      );
    },
  );

  it('renders a whole record (tall enough to show every line) without a control byte', async () => {
    await fc.assert(
      fc.asyncProperty(anyRecord, async (raw) => {
        const record = readDeploymentList([raw])!.deployments[0]!;
        for (const rawJson of [false, true]) {
          const ui = renderTui(
            <ThemeProvider value={plainTheme}>
              <DetailView
                record={record}
                width={100}
                bodyLines={2000}
                view={{ offset: 0, raw: rawJson, reveal: false, showAbsent: true, note: null }}
              />
            </ThemeProvider>,
            { columns: 100, rows: 2100 },
          );
          try {
            expect(ui.frame()).toContain('Deployment ');
            for (const f of ui.rawFrames()) expect(f).not.toMatch(UNSAFE);
          } finally {
            ui.unmount();
          }
        }
      }),
      { numRuns: runs(12) },
    );
    // 24 frames of 2,000 lines each: seconds on a quiet machine, far more on a loaded one.
  }, 60_000);
});
