// `dms board` headless on the built binary: printed once off a terminal, without loading Ink or
// React; the demo's applications with --demo; one line of usage for a bad format (exit 2).
import { describe, expect, it } from 'vitest';
import { runBin, scriptsRun } from '../support/run-bin.js';

describe('dms board (built binary, no terminal)', () => {
  it('-o ndjson prints a line per demo application and loads no Ink', async () => {
    const r = await scriptsRun(['board', '--demo', '-o', 'ndjson'], {});
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { context: string; history: string[] });
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.every((l) => l.context === 'DEMO')).toBe(true);
    expect(r.scripts).not.toContain('ui-vendor');
  });

  it('off a terminal with no -o: the table, once', async () => {
    const r = await runBin(['board', '--demo']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^APPLICATION\s+UUID\s+LAST\s+AGE\s+HISTORY\s+WHY$/);
  });

  it('a format it does not know: one line, exit 2', async () => {
    const r = await runBin(['board', '--demo', '-o', 'yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("dms: -o/--output takes table, json, ndjson, csv, not 'yaml'.\n");
  });
});
