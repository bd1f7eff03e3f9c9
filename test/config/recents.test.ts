import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_RECENT_APPS, MAX_VALUE_SERVERS, addRecent, addRecentValues, loadRecentValues, loadRecents } from '../../src/config/recents.js';
import { tempDir } from './temp-dir.js';

describe('recent applications', () => {
  it('is empty when nothing was opened', () => {
    expect(loadRecents(tempDir())).toEqual([]);
  });

  it('lists the newest first with the time it was opened', () => {
    const dir = tempDir();
    addRecent(dir, { uuid: 'u1', name: 'one' });
    const list = addRecent(dir, { uuid: 'u2' });
    expect(list.map((a) => a.uuid)).toEqual(['u2', 'u1']);
    expect(loadRecents(dir)).toEqual(list);
    expect(list[1]).toMatchObject({ uuid: 'u1', name: 'one' });
    expect(Date.parse(list[0]!.openedAt)).not.toBeNaN();
    expect(list[0]).not.toHaveProperty('name');
  });

  it('opening an app again moves it to the front instead of adding a second entry', () => {
    const dir = tempDir();
    addRecent(dir, { uuid: 'u1', name: 'one' });
    addRecent(dir, { uuid: 'u2' });
    const list = addRecent(dir, { uuid: 'u1' });
    expect(list.map((a) => a.uuid)).toEqual(['u1', 'u2']);
    expect(list[0]!.name).toBe('one'); // the known name is kept when none is given
  });

  it('keeps at most 20 apps, dropping the oldest', () => {
    const dir = tempDir();
    for (let i = 1; i <= 25; i++) addRecent(dir, { uuid: `u${i}` });
    const list = loadRecents(dir);
    expect(list).toHaveLength(MAX_RECENT_APPS);
    expect(list[0]!.uuid).toBe('u25');
    expect(list[19]!.uuid).toBe('u6');
  });

  it('reads a corrupt or odd recents file as empty', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'recents.json'), 'nonsense');
    expect(loadRecents(dir)).toEqual([]);
    writeFileSync(join(dir, 'recents.json'), JSON.stringify({ apps: [{ uuid: 'ok', openedAt: 't' }, { name: 'no uuid' }, 3], values: [] }));
    expect(loadRecents(dir)).toEqual([{ uuid: 'ok', openedAt: 't' }]);
    expect(loadRecentValues(dir)).toEqual({});
  });
});

describe('recent form values', () => {
  it('remembers values per field, newest first, without duplicates', () => {
    const dir = tempDir();
    addRecentValues(dir, { project_uuid: 'p1', server_uuid: 's1' });
    addRecentValues(dir, { project_uuid: 'p2', environment_name: 'production' });
    addRecentValues(dir, { project_uuid: 'p1', server_uuid: undefined });
    expect(loadRecentValues(dir)).toEqual({
      project_uuid: ['p1', 'p2'],
      server_uuid: ['s1'],
      environment_name: ['production'],
    });
  });

  it('keeps at most 10 values per field', () => {
    const dir = tempDir();
    for (let i = 1; i <= 12; i++) addRecentValues(dir, { server_uuid: `s${i}` });
    const values = loadRecentValues(dir).server_uuid!;
    expect(values).toHaveLength(10);
    expect(values[0]).toBe('s12');
    expect(values[9]).toBe('s3');
  });

  it('ignores fields other than the where-values, so secrets are never stored', () => {
    const dir = tempDir();
    addRecentValues(dir, { http_basic_auth_password: 'hunter2', name: 'app', destination_uuid: 'd1', project_uuid: '  ' });
    expect(loadRecentValues(dir)).toEqual({ destination_uuid: ['d1'] });
    expect(readFileSync(join(dir, 'recents.json'), 'utf8')).not.toContain('hunter2');
  });

  it('keeps recent apps and recent values side by side in one file', () => {
    const dir = tempDir();
    addRecent(dir, { uuid: 'u1' });
    addRecentValues(dir, { environment_uuid: 'e1' });
    addRecent(dir, { uuid: 'u2' });
    expect(loadRecents(dir).map((a) => a.uuid)).toEqual(['u2', 'u1']);
    expect(loadRecentValues(dir)).toEqual({ environment_uuid: ['e1'] });
  });

  it('belong to the server they were sent to: another server is offered none of them', () => {
    const dir = tempDir();
    addRecentValues(dir, { project_uuid: 'demo-project', server_uuid: 'demo-server' }, 'demo');
    addRecentValues(dir, { project_uuid: 'prod-project' }, 'https://deploy.example.com');
    expect(loadRecentValues(dir, 'demo')).toEqual({ project_uuid: ['demo-project'], server_uuid: ['demo-server'] });
    expect(loadRecentValues(dir, 'https://deploy.example.com')).toEqual({ project_uuid: ['prod-project'] });
    expect(loadRecentValues(dir, 'https://staging.example.com')).toEqual({});
  });

  it('values written before servers were kept (no server known) are offered to no server, and kept in the file', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'recents.json'), JSON.stringify({ apps: [], values: { project_uuid: ['old-project'] } }));
    expect(loadRecentValues(dir, 'demo')).toEqual({});
    expect(loadRecentValues(dir, 'https://deploy.example.com')).toEqual({});
    addRecentValues(dir, { project_uuid: 'new-project' }, 'demo');
    expect(loadRecentValues(dir)).toEqual({ project_uuid: ['old-project'] });
    expect(loadRecentValues(dir, 'demo')).toEqual({ project_uuid: ['new-project'] });
  });

  it(`keeps the values of the ${MAX_VALUE_SERVERS} servers used last`, () => {
    const dir = tempDir();
    for (let i = 0; i <= MAX_VALUE_SERVERS; i++) addRecentValues(dir, { project_uuid: `p${i}` }, `https://h${i}.example`);
    addRecentValues(dir, { project_uuid: 'p1-again' }, 'https://h1.example');
    expect(loadRecentValues(dir, 'https://h0.example')).toEqual({});
    expect(loadRecentValues(dir, 'https://h1.example')).toEqual({ project_uuid: ['p1-again', 'p1'] });
    expect(loadRecentValues(dir, `https://h${MAX_VALUE_SERVERS}.example`)).toEqual({ project_uuid: [`p${MAX_VALUE_SERVERS}`] });
  });
});
