import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discardDraft, draftPath, loadDraft, saveDraft, type FormId } from '../../src/config/drafts.js';
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
