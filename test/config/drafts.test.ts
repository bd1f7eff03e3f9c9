import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discardDraft, draftPath, draftVersion, loadDraft, saveDraft, type FormId } from '../../src/config/drafts.js';
import { tempDir } from './temp-dir.js';

describe('drafts', () => {
  it('round-trips values and step, stamping savedAt', () => {
    const dir = tempDir();
    const values = { name: 'web', ports_exposes: '3000', instant_deploy: true, nested: { a: [1] } };
    saveDraft(dir, 'create-app', { values, step: 2 });
    const draft = loadDraft(dir, 'create-app');
    expect(draft).toMatchObject({ values, step: 2 });
    expect(Date.parse(draft!.savedAt)).not.toBeNaN();
    expect(loadDraft(dir, 'create-docstore')).toBeUndefined();
  });

  it('saves without a step when none is given', () => {
    const dir = tempDir();
    saveDraft(dir, 'create-docstore', { values: { type: 'postgresql' } });
    expect(loadDraft(dir, 'create-docstore')).not.toHaveProperty('step');
  });

  it('writes the draft with mode 0600 in a 0700 drafts folder', () => {
    const dir = tempDir();
    saveDraft(dir, 'create-app', { values: { http_basic_auth_password: 'pw' } });
    expect(statSync(draftPath(dir, 'create-app')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'drafts')).mode & 0o777).toBe(0o700);
  });

  it('discard removes the draft and is fine when there is none', () => {
    const dir = tempDir();
    saveDraft(dir, 'create-app', { values: { a: 1 } });
    discardDraft(dir, 'create-app');
    expect(loadDraft(dir, 'create-app')).toBeUndefined();
    expect(() => discardDraft(dir, 'create-app')).not.toThrow();
  });

  it('tolerates a corrupt draft: undefined, and the file is moved aside', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'drafts'));
    writeFileSync(draftPath(dir, 'create-app'), '{"values": {"na');
    expect(loadDraft(dir, 'create-app')).toBeUndefined();
    expect(existsSync(draftPath(dir, 'create-app'))).toBe(false);
    expect(readdirSync(join(dir, 'drafts'))[0]).toMatch(/^create-app\.json\.corrupt-/);
  });

  it('tolerates a draft of the wrong shape the same way', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'drafts'));
    for (const content of ['[]', '{"values": 3, "savedAt": "t"}', '{"values": {}}', '{"values": {}, "savedAt": "t", "step": -1}']) {
      writeFileSync(draftPath(dir, 'create-docstore'), content);
      expect(loadDraft(dir, 'create-docstore'), content).toBeUndefined();
      expect(existsSync(draftPath(dir, 'create-docstore'))).toBe(false);
    }
  });

  it('refuses a form id that is not one of the forms', () => {
    expect(() => saveDraft(tempDir(), '../config' as FormId, { values: {} })).toThrow(/unknown form id/);
  });
});

describe('a draft written by two dms', () => {
  it('a save that names the version it replaces writes nothing when another was saved meanwhile, and says whose', () => {
    const dir = tempDir();
    const mine = saveDraft(dir, 'create-app', { values: { name: 'one' } }, { version: undefined });
    expect(mine).toHaveProperty('saved');
    const opened = draftVersion(loadDraft(dir, 'create-app'));
    // Another terminal opened it too, and saved first.
    const theirs = saveDraft(dir, 'create-app', { values: { name: 'theirs' } }, { version: opened });
    expect(theirs).toHaveProperty('saved');
    const late = saveDraft(dir, 'create-app', { values: { name: 'mine' } }, { version: opened });
    expect(late).toMatchObject({ conflict: { values: { name: 'theirs' } } });
    expect(loadDraft(dir, 'create-app')!.values).toEqual({ name: 'theirs' });
    // Answered "keep yours": replaces the version it was shown.
    const kept = saveDraft(
      dir,
      'create-app',
      { values: { name: 'mine' } },
      { version: draftVersion((late as { conflict: never }).conflict) },
    );
    expect(kept).toHaveProperty('saved');
    expect(loadDraft(dir, 'create-app')!.values).toEqual({ name: 'mine' });
  });

  it('a form opened on no draft finds one another dms saved since', () => {
    const dir = tempDir();
    saveDraft(dir, 'create-docstore', { values: { name: 'theirs' } });
    expect(saveDraft(dir, 'create-docstore', { values: { name: 'mine' } }, { version: undefined })).toHaveProperty('conflict');
  });

  it('a draft removed meanwhile (sent or discarded there) is no conflict: the save writes', () => {
    const dir = tempDir();
    saveDraft(dir, 'create-app', { values: { name: 'one' } });
    const opened = draftVersion(loadDraft(dir, 'create-app'));
    discardDraft(dir, 'create-app');
    expect(saveDraft(dir, 'create-app', { values: { name: 'mine' } }, { version: opened })).toHaveProperty('saved');
  });

  it("discarding one's own version leaves a newer draft of another dms in place", () => {
    const dir = tempDir();
    saveDraft(dir, 'create-app', { values: { name: 'one' } });
    const opened = draftVersion(loadDraft(dir, 'create-app'));
    saveDraft(dir, 'create-app', { values: { name: 'theirs' } });
    expect(discardDraft(dir, 'create-app', { version: opened })).toBe(true);
    expect(loadDraft(dir, 'create-app')!.values).toEqual({ name: 'theirs' });
    expect(discardDraft(dir, 'create-app', { version: draftVersion(loadDraft(dir, 'create-app')) })).toBe(false);
    expect(existsSync(draftPath(dir, 'create-app'))).toBe(false);
  });

  it('a draft written before versions were kept is known by its time', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'drafts'), { recursive: true });
    writeFileSync(draftPath(dir, 'create-app'), JSON.stringify({ values: { name: 'old' }, savedAt: '2026-01-02T03:04:05.000Z' }));
    const opened = draftVersion(loadDraft(dir, 'create-app'));
    expect(saveDraft(dir, 'create-app', { values: { name: 'new' } }, { version: opened })).toHaveProperty('saved');
  });
});
