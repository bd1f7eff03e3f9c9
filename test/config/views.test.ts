// Saved views (src/config/views.ts): kept per server and application, a name saved again replaced,
// odd entries read as none, the file private.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listViews, loadView, saveView } from '../../src/config/views.js';
import { tempDir } from './temp-dir.js';

describe('saved views', () => {
  it('keeps a view per server and application, and reads it back', () => {
    const dir = tempDir();
    saveView(dir, 'https://a.example', 'app-1', { name: 'slow', filter: 'dur>5m', sort: 'duration:desc' });
    saveView(dir, 'https://a.example', 'app-2', { name: 'slow', filter: 'dur>9m', sort: 'id:asc' });
    saveView(dir, 'demo', 'app-1', { name: 'fails', filter: 'status:failed', sort: 'started:desc' });
    expect(loadView(dir, 'https://a.example', 'app-1', 'slow')).toEqual({ name: 'slow', filter: 'dur>5m', sort: 'duration:desc' });
    expect(loadView(dir, 'https://a.example', 'app-2', 'slow')?.filter).toBe('dur>9m');
    expect(loadView(dir, 'https://a.example', 'app-1', 'fails')).toBeUndefined();
    expect(listViews(dir, 'demo', 'app-1').map((v) => v.name)).toEqual(['fails']);
    expect(statSync(join(dir, 'views.json')).mode & 0o777).toBe(0o600);
  });

  it('a name saved again replaces the view, last in the list', () => {
    const dir = tempDir();
    saveView(dir, 's', 'a', { name: 'one', filter: 'x', sort: 'started:desc' });
    saveView(dir, 's', 'a', { name: 'two', filter: 'y', sort: 'started:desc' });
    saveView(dir, 's', 'a', { name: 'one', filter: 'z', sort: 'id:asc' });
    expect(listViews(dir, 's', 'a')).toEqual([
      { name: 'two', filter: 'y', sort: 'started:desc' },
      { name: 'one', filter: 'z', sort: 'id:asc' },
    ]);
  });

  it('refuses a name that is not plain, and reads odd entries as none', () => {
    const dir = tempDir();
    expect(() => saveView(dir, 's', 'a', { name: 'a b', filter: '', sort: 'id' })).toThrow(/letters, digits/);
    writeFileSync(
      join(dir, 'views.json'),
      JSON.stringify({
        views: [
          { server: 's', app: 'a', name: '../x', filter: '', sort: '' },
          { server: 's', app: 'a', name: 'ok', filter: 1, sort: '' },
          'x',
          { server: 's', app: 'a', name: 'fine', filter: 'f', sort: 'id:asc' },
        ],
      }),
    );
    expect(listViews(dir, 's', 'a').map((v) => v.name)).toEqual(['fine']);
    writeFileSync(join(dir, 'views.json'), 'not json');
    expect(listViews(dir, 's', 'a')).toEqual([]);
    saveView(dir, 's', 'a', { name: 'after', filter: '', sort: 'id:desc' });
    expect(JSON.parse(readFileSync(join(dir, 'views.json'), 'utf8')).views).toHaveLength(1);
  });
});
