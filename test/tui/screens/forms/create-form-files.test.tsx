// What a create form writes to disk, in the UI: a draft another dms wrote meanwhile is not written
// over, Save as FILE on the review step, and the credentials saved after a creation (0600 files,
// an existing file replaced only after asking, symlinks and folders refused).
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDraft, saveDraft } from '../../../../src/config/drafts.js';
import { CreateAppScreen, CreateDocstoreScreen } from '../../../../src/tui/screens/forms/view.js';
import { KEY as K, type Rendered } from '../../../support/render.js';
import { APP, KEY, WHERE, dir, draftSaved, exits, expectShown, open, props, server, setUpFormTests } from './form-setup.js';

setUpFormTests();

describe('a draft another dms wrote meanwhile', () => {
  it('leaving with y asks instead (nothing is written over theirs); l loads theirs, and then leaving keeps it', async () => {
    const f = open(<CreateAppScreen {...props()} />);
    await f.press('m', 'i', 'n', 'e');
    await draftSaved('create-app');
    // The same form in another terminal saves its own values.
    saveDraft(dir, 'create-app', { values: { project_uuid: 'theirs' }, step: 0 });
    await f.press(KEY.esc);
    expect(f.frame()).toMatch(/Leave the form\?/);
    await f.press('y');
    expect(exits).toHaveLength(0);
    expect(f.frame()).toMatch(/This form's draft was changed in another dms at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    expect(f.frame()).toMatch(/k keep yours · l load theirs/);
    expect(loadDraft(dir, 'create-app')?.values.project_uuid).toBe('theirs');
    await f.press('l');
    expect(f.frame()).toMatch(/Loaded the draft the other dms saved at/);
    expect(f.frame()).toMatch(/Project \*\s+theirs/);
    await f.press(KEY.esc, 'y');
    expect(exits).toHaveLength(1);
    expect(loadDraft(dir, 'create-app')?.values.project_uuid).toBe('theirs');
  });

  it('a creation sent from this form discards only its own draft: a newer one of another dms stays', async () => {
    const f = open(<CreateAppScreen {...props({ from: APP })} />);
    await draftSaved('create-app');
    saveDraft(dir, 'create-app', { values: { project_uuid: 'theirs' }, step: 0 });
    await f.press(KEY.ctrlS);
    await f.waitFor('uuid: new-app-1');
    expect(loadDraft(dir, 'create-app')?.values.project_uuid).toBe('theirs');
  });
});

describe('Save as FILE on the review step', () => {
  const BODY = { ...APP, http_basic_auth_password: 'pw-123' };
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  /** The app form on its review step with the save-as field focused. */
  async function review(): Promise<Rendered> {
    const f = open(<CreateAppScreen {...props({ from: BODY })} />);
    for (let i = 0; i < 8; i++) await f.press(KEY.pgDn);
    await f.press(KEY.tab);
    return f;
  }

  it('a new file is created with mode 0600', async () => {
    const f = await review();
    const file = join(dir, 'new.json');
    await f.press(file, KEY.enter);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(BODY);
    expect(modeOf(file)).toBe(0o600);
    expectShown(f.frame(), `Saved to ${file} (mode 0600)`);
  });

  it('an existing file is replaced only after asking: n keeps it, y replaces it with a 0600 file', async () => {
    const file = join(dir, 'existing.json');
    writeFileSync(file, 'old contents');
    chmodSync(file, 0o644);
    const f = await review();
    await f.press(file, KEY.enter);
    expectShown(f.frame(), `${file} already exists.`);
    expect(f.frame()).toMatch(/\nReplace it with the request body\? The new file gets mode 0600/);
    expect(readFileSync(file, 'utf8')).toBe('old contents');
    await f.press('n');
    expectShown(f.frame(), `Kept ${file} as it was; nothing was saved.`);
    expect(readFileSync(file, 'utf8')).toBe('old contents');
    expect(modeOf(file)).toBe(0o644);

    await f.press(KEY.enter);
    expectShown(f.frame(), `${file} already exists.`);
    expect(f.frame()).toMatch(/\nReplace it/);
    await f.press('y');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(BODY);
    expect(modeOf(file)).toBe(0o600);
    expectShown(f.frame(), `Replaced ${file} (mode 0600)`);
    expect(readdirSync(dir).filter((n) => n.includes('.tmp'))).toEqual([]);
  });

  it('Esc at the question keeps the file too', async () => {
    const file = join(dir, 'kept.json');
    writeFileSync(file, 'old');
    const f = await review();
    await f.press(file, KEY.enter);
    await f.press(KEY.esc);
    expect(readFileSync(file, 'utf8')).toBe('old');
    expectShown(f.frame(), `Kept ${file} as it was`);
    expect(exits).toHaveLength(0);
  });

  it('a symlink to another file is refused: nothing is written through it', async () => {
    const target = join(dir, 'target.txt');
    writeFileSync(target, 'precious');
    chmodSync(target, 0o644);
    const link = join(dir, 'link.json');
    symlinkSync(target, link);
    const f = await review();
    await f.press(link, KEY.enter);
    expectShown(f.frame(), `Not saved: ${link} is a symbolic link; dms never writes through one.`);
    expect(f.frame()).not.toMatch(/Replace it/);
    expect(readFileSync(target, 'utf8')).toBe('precious');
    expect(modeOf(target)).toBe(0o644);
    await f.press('y');
    expect(readFileSync(target, 'utf8')).toBe('precious');
  });

  it('a dangling symlink is refused too (nothing is created where it points)', async () => {
    const link = join(dir, 'dangling.json');
    symlinkSync(join(dir, 'nowhere.json'), link);
    const f = await review();
    await f.press(link, KEY.enter);
    expectShown(f.frame(), `${link} is a symbolic link`);
    expect(existsSync(join(dir, 'nowhere.json'))).toBe(false);
  });

  it('a folder is refused', async () => {
    const folder = join(dir, 'folder');
    mkdirSync(folder);
    const f = await review();
    await f.press(folder, KEY.enter);
    expectShown(f.frame(), `Not saved: ${folder} is a folder.`);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('the command to send it later shows the path whole, on as many lines as it takes, the footer still under it', async () => {
    const file = join(dir, 'a-folder-with-a-rather-long-name-'.repeat(5), 'request-body.json');
    const f = await review();
    await f.type(file);
    const frame = f.frame();
    expectShown(frame, `Send later: dms create app --file ${file}   Ctrl+S sends it now.`);
    const lines = frame.split('\n');
    expect(lines.every((l) => l.length <= 100)).toBe(true);
    expect(lines.length).toBeLessThanOrEqual(30);
    expect(lines.at(-1)).toMatch(/^Tab\/↓ next field/);
  });
});

describe('saving the credentials after a creation', () => {
  const URL_ = 'docstore://root:gen3rated@db-3:27017/?directConnection=true';
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  async function created(): Promise<Rendered> {
    server.answer = { status: 201, body: { uuid: 'db-3', internal_db_url: URL_ } };
    const f = open(<CreateDocstoreScreen {...props({ from: WHERE })} />);
    await f.press(KEY.ctrlS);
    await f.waitFor('uuid: db-3');
    return f;
  }

  it('w offers a file name; Enter writes the answer, password in clear, to a new 0600 file', async () => {
    const f = await created();
    await f.press('w');
    expect(f.frame()).toMatch(/Save to: docstore-db-3-credentials\.json/);
    const file = join(dir, 'creds.json');
    await f.press(K.ctrl('u'));
    await f.type(file);
    await f.press(KEY.enter);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ uuid: 'db-3', internal_db_url: URL_ });
    expect(modeOf(file)).toBe(0o600);
    expectShown(f.frame(), `Saved to ${file} (mode 0600)`);
    // Still on the success screen, still masked there.
    expect(f.frame()).toMatch(/internal_db_url: docstore:\/\/root:••••@db-3/);
    expect(f.frame()).not.toMatch(/gen3rated/);
  });

  it('an existing file is replaced only after asking; the drafts folder and symlinks are refused', async () => {
    const f = await created();
    const existing = join(dir, 'old.json');
    writeFileSync(existing, 'old');
    chmodSync(existing, 0o644);
    await f.press('w', K.ctrl('u'));
    await f.type(existing);
    await f.press(KEY.enter);
    expectShown(f.frame(), `${existing} already exists.`);
    expect(f.frame()).toMatch(/\nReplace it with the credentials\?/);
    await f.press('n');
    expect(readFileSync(existing, 'utf8')).toBe('old');
    await f.press('w', K.ctrl('u'));
    await f.type(existing);
    await f.press(KEY.enter, 'y');
    expect(JSON.parse(readFileSync(existing, 'utf8')).internal_db_url).toBe(URL_);
    expect(modeOf(existing)).toBe(0o600);

    mkdirSync(join(dir, 'drafts'), { recursive: true });
    await f.press('w', K.ctrl('u'));
    await f.type(join(dir, 'drafts', 'creds.json'));
    await f.press(KEY.enter);
    expect(f.frame()).toMatch(/Not saved: that is the drafts folder/);
    expect(existsSync(join(dir, 'drafts', 'creds.json'))).toBe(false);

    const target = join(dir, 'target.txt');
    writeFileSync(target, 'precious');
    const link = join(dir, 'link.json');
    symlinkSync(target, link);
    await f.press(K.ctrl('u'));
    await f.type(link);
    await f.press(KEY.enter);
    expectShown(f.frame(), `${link} is a symbolic link; dms never writes through one`);
    expect(readFileSync(target, 'utf8')).toBe('precious');
    await f.press(KEY.esc);
    expect(f.frame()).toMatch(/s shows the password · w saves it to a file/);
  });
});
