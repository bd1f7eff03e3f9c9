// Secrets found leaking in the TUI by the fuzz suite, and the detail view freezing on long non-ASCII text.
import React from 'react';
import { render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import type { DmsClient } from '../../src/api/client.js';
import { readDeploymentList, type DeploymentPage } from '../../src/api/schemas/deployment.js';
import { ThemeProvider, plainTheme } from '../../src/tui/theme.js';
import { DeploymentsScreen } from '../../src/tui/screens/deployments.js';
import { DetailView } from '../../src/tui/screens/detail.js';
import { detailLines, rawJsonLines } from '../../src/tui/components/detail-fields.js';
import { visibleRows } from '../../src/tui/hooks/paging.js';
import { viewOf } from '../../src/model/deployment.js';
import { widthOf, wrapCells } from '../../src/text/cells.js';

const SECRET = 'Zq9SECRETabc';
const tick = (ms = 0) => new Promise<void>((r) => setTimeout(r, ms));
const fake = (page: DeploymentPage): DmsClient => ({
  listDeployments: async () => page, listRecords: async () => ({ records: page.deployments, total: page.total }),
  createPublicApplication: async () => { throw new Error(); },
  createDocstore: async () => { throw new Error(); }, redact: (s) => s,
});
const deployment = (record: Record<string, unknown>) => readDeploymentList([record])!.deployments[0]!;
const allText = (lines: readonly { label?: string; text: string }[]) => lines.map((l) => `${l.label ?? ''}${l.text}`).join('\n');

describe('TUI secret leaks', () => {
  for (const field of ['fqdn', 'name', 'git_branch']) {
    it(`deployments table masks a URL password in ${field}`, async () => {
      const page = readDeploymentList([{ id: 1, status: 'finished', [field]: `https://a:${SECRET}@h.io` }])!;
      const ui = render(<ThemeProvider value={plainTheme}><DeploymentsScreen client={fake(page)} appUuid="app-1"
        connection={{ label: 'x', host: 'h', demo: false }} showSecrets={false} width={200} height={30} active refreshMs={60_000}
        onHelp={() => {}} onQuit={() => {}} onCreate={() => {}} /></ThemeProvider>);
      for (let i = 0; i < 100 && (ui.lastFrame() ?? '').includes('Loading'); i++) await tick(5);
      expect(ui.lastFrame()).toContain('h.io');
      expect(ui.lastFrame()).not.toContain(SECRET);
      ui.unmount();
    });
  }

  it('deployments table masks a URL password that a vertical tab would otherwise join to its @', () => {
    const rows = readDeploymentList([{ id: 1, name: `https://a:${SECRET}\u000b@h.io` }])!.deployments.map(viewOf);
    expect(visibleRows({ rows, filter: '' })).toHaveLength(1);
    // The filter matches the text as shown, so it cannot be used to guess a password.
    expect(visibleRows({ rows, filter: SECRET.toLowerCase() })).toHaveLength(0);
  });

  for (const field of ['name', 'git_branch']) {
    it(`detail view heading masks a URL password in ${field}`, () => {
      const d = deployment({ id: 1, status: 'finished', [field]: `https://a:${SECRET}@h.io` });
      const ui = render(<ThemeProvider value={plainTheme}><DetailView record={d} showSecrets={false} width={200} height={400}
        active onBack={() => {}} onHelp={() => {}} onQuit={() => {}} /></ThemeProvider>);
      expect(ui.lastFrame()).not.toContain(SECRET);
      ui.unmount();
    });
  }

  it('detail view masks a URL password in a field of the wrong type', () => {
    const d = deployment({ id: 1, fqdn: [`https://a:${SECRET}@h.io`] });
    const text = detailLines(d, { reveal: false, width: 200, theme: plainTheme }).map((l) => l.text).join('\n');
    expect(text).not.toContain(SECRET);
    expect(text).toContain('invalid type');
  });

  it('detail view masks a secret key nested in a field of the wrong type', () => {
    const d = deployment({ id: 1, fqdn: { http_basic_auth_password: SECRET } });
    expect(allText(detailLines(d, { reveal: false, width: 200, theme: plainTheme }))).not.toContain(SECRET);
    expect(allText(detailLines(d, { reveal: true, width: 200, theme: plainTheme }))).toContain(SECRET);
  });

  it('detail view masks a secret field nested in a field not in the contract', () => {
    const d = deployment({ id: 1, settings: { http_basic_auth_password: SECRET } });
    const text = detailLines(d, { reveal: false, width: 200, theme: plainTheme }).map((l) => l.text).join('\n');
    expect(text).not.toContain(SECRET);
    expect(detailLines(d, { reveal: true, width: 200, theme: plainTheme }).map((l) => l.text).join('\n')).toContain(SECRET);
  });

  it('detail view and raw JSON mask a URL password in the name of a field not in the contract', () => {
    const d = deployment({ id: 1, [`https://a:${SECRET}@h.io`]: 1 });
    const options = { reveal: false, width: 200, theme: plainTheme };
    expect(allText(detailLines(d, options))).not.toContain(SECRET);
    expect(allText(rawJsonLines(d, options))).not.toContain(SECRET);
    expect(allText(rawJsonLines(d, { ...options, reveal: true }))).toContain(SECRET);
  });
});

describe('long non-ASCII text', () => {
  it('a 100 000-character CJK field does not freeze the detail view', () => {
    const d = deployment({ id: 1, name: '部'.repeat(100_000) });
    const t = performance.now();
    detailLines(d, { reveal: false, width: 100, theme: plainTheme });
    expect(performance.now() - t).toBeLessThan(1000);
  });

  it('nor its raw JSON, which still shows the whole value', () => {
    const d = deployment({ id: 1, name: '部'.repeat(100_000) });
    const t = performance.now();
    const lines = rawJsonLines(d, { reveal: false, width: 100, theme: plainTheme });
    expect(performance.now() - t).toBeLessThan(1000);
    expect(lines.map((l) => l.text).join('')).toContain('部'.repeat(100_000));
  });

  it('nor the rendered detail view with its heading', () => {
    const d = deployment({ id: 1, name: '部'.repeat(100_000), git_branch: 'é'.repeat(100_000) });
    const t = performance.now();
    const ui = render(<ThemeProvider value={plainTheme}><DetailView record={d} showSecrets={false} width={100} height={30}
      active onBack={() => {}} onHelp={() => {}} onQuit={() => {}} /></ThemeProvider>);
    expect(performance.now() - t).toBeLessThan(2000);
    expect(ui.lastFrame()).toContain('部部部');
    ui.unmount();
  });

  it('measures and wraps long mixed text like string-width, grapheme by grapheme', () => {
    const text = '👨‍👩‍👧a部🇯🇵🇯e\u0301한글\u1100\u1161x👍🏽क्ष'.repeat(400);
    expect(widthOf(text)).toBe(stringWidth(text));
    const pieces = wrapCells(text, 7);
    expect(pieces.join('')).toBe(text);
    for (const p of pieces) expect(stringWidth(p)).toBeLessThanOrEqual(7);
  });
});
