import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';

describe('runTui', () => {
  it('without a terminal exits 2 and points to the headless commands', async () => {
    const { runTui } = await import('../../src/tui/main.js');
    const written: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    const stdinTty = process.stdin.isTTY;
    (process.stdin as { isTTY?: boolean }).isTTY = false;
    process.stderr.write = ((chunk: string) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    try {
      const code = await runTui({
        client: createClient({ baseUrl: 'http://127.0.0.1:9/api/v1', token: 't' }),
        connection: { label: 'env', host: '127.0.0.1:9', demo: false },
        configDir: '/nonexistent',
        screen: 'browse',
        showSecrets: false,
        noColor: true,
      });
      expect(code).toBe(2);
    } finally {
      process.stderr.write = original;
      (process.stdin as { isTTY?: boolean }).isTTY = stdinTty;
    }
    expect(written.join('')).toMatch(/needs a terminal.*dms deployments APP_UUID --json/);
  });
});
