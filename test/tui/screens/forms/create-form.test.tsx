// The create forms in the UI, filled in and sent: the docstore form, the application wizard and its
// quick step, the messages of a refused send and of the server's answers, a second request after one
// that may have created it, and keys.json's keys named in the form's sentences. What the form writes
// to disk (drafts of another dms, Save as FILE, the credentials) is in create-form-files.test.tsx.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../../src/api/client.js';
import { loadDraft } from '../../../../src/config/drafts.js';
import { addRecentValues } from '../../../../src/config/recents.js';
import { CreateAppScreen, CreateDocstoreScreen } from '../../../../src/tui/screens/forms/view.js';
import { KEY as K } from '../../../support/render.js';
import { htmlPage, json, reset, sequence, serversClosedAfterEach, type Handler } from '../../../support/hostile.js';
import { parseKeysText } from '../../../../src/config/keys-file.js';
import { bindKeys } from '../../../../src/tui/key-bindings.js';
import { keyTable } from '../../../../src/tui/keys.js';
import { KeyTableProvider } from '../../../../src/tui/input/key-table.js';
import { APP, KEY, WHERE, dir, draftSaved, exits, open, opened, props, server, setUpFormTests } from './form-setup.js';

setUpFormTests();

describe('docstore form', () => {
  it('opens focused on the first field and shows what is typed', async () => {
    const f = open(<CreateDocstoreScreen {...props()} />);
    expect(f.frame()).toMatch(/› Project \*/);
    await f.press('p', 'r', 'o', 'j');
    expect(f.frame()).toMatch(/› Project \*\s+proj/);
  });

  it('Tab and Shift+Tab move between fields in order', async () => {
    const f = open(<CreateDocstoreScreen {...props()} />);
    await f.press(KEY.tab);
    expect(f.frame()).toMatch(/› Server/);
    await f.press(KEY.tab);
    expect(f.frame()).toMatch(/› Environment name/);
    await f.press(KEY.shiftTab, KEY.shiftTab);
    expect(f.frame()).toMatch(/› Project/);
  });

  it('Tabs that arrive in one chunk move one field each (nothing typed)', async () => {
    const f = open(<CreateDocstoreScreen {...props()} />);
    await f.press('\t\t\t');
    expect(f.frame()).toMatch(/› Name/);
    expect(f.frame()).toMatch(/Server \*\s+required\s*$/m);
  });

  it('pasted text with newlines and escapes stays on one line', async () => {
    const f = open(<CreateDocstoreScreen {...props()} />);
    await f.press('abc\ndef\u0007\n');
    await f.press(KEY.tab);
    const frame = f.frame();
    expect(frame).toMatch(/Project \*\s+abc def\s*$/m);
  });

  it('an invalid value shows a message under the field when it is left', async () => {
    const f = open(<CreateDocstoreScreen {...props({ from: { ...WHERE } })} />);
    expect(f.frame()).toMatch(/step 1 of 4: Quick create/);
    for (let i = 0; i < 6; i++) await f.press(KEY.tab);
    expect(f.frame()).toMatch(/› Public port/);
    await f.press('x', 'y', KEY.shiftTab);
    expect(f.frame()).toMatch(/✗ Public port must be a whole number\./);
  });

  it('Ctrl+S with invalid fields sends nothing and focuses the first problem', async () => {
    const f = open(<CreateDocstoreScreen {...props({ from: { server_uuid: 's1', environment_name: 'e', limits_cpus: 'lots' } })} />);
    await f.press(KEY.pgDn, KEY.pgDn, KEY.ctrlS);
    const frame = await f.waitFor('Not sent');
    expect(server.posts).toHaveLength(0);
    expect(frame).toMatch(/step 1 of 4: Quick create/);
    expect(frame).toMatch(/› Project \*/);
    expect(frame).toMatch(/✗ Project is required\./);
    expect(frame).toMatch(/Not sent: 2 fields to fix — project_uuid · limits_cpus$/m);
  });

  it('Ctrl+S on a valid form sends one request, shows uuid and masked URLs, discards the draft', async () => {
    server.answer = { status: 201, body: { uuid: 'db-1', internal_db_url: 'docstore://root:hunter2@db-1:27017/admin' } };
    const f = open(<CreateDocstoreScreen {...props({ from: { ...WHERE, docstore_conf: Buffer.from('a: 1').toString('base64') } })} />);
    await draftSaved('create-docstore');
    // Ctrl+S twice in one read, then once more while the request is out: one POST.
    await f.press(`${KEY.ctrlS}${KEY.ctrlS}`, KEY.ctrlS);
    await f.waitFor('uuid: db-1');
    expect(server.posts).toHaveLength(1);
    expect(server.posts[0]!.path).toBe('/api/v1/databases/docstore');
    expect(server.posts[0]!.body).toEqual({ ...WHERE, docstore_conf: Buffer.from('a: 1').toString('base64') });
    const frame = f.frame();
    expect(frame).toMatch(/uuid: db-1/);
    expect(frame).toMatch(/internal_db_url: docstore:\/\/root:••••@db-1:27017\/admin/);
    expect(frame).not.toMatch(/hunter2/);
    expect(loadDraft(dir, 'create-docstore')).toBeUndefined();
  });

  it('s reveals the generated password without --show-secrets (asking is the request), s again hides it', async () => {
    server.answer = { status: 201, body: { uuid: 'db-2', external_db_url: 'docstore://root:hunter2@h:1/' } };
    const f = open(<CreateDocstoreScreen {...props({ from: WHERE, showSecrets: false })} />);
    await f.press(KEY.ctrlS);
    await f.waitFor('uuid: db-2');
    expect(f.frame()).not.toMatch(/hunter2/);
    expect(f.frame()).toMatch(/external_db_url: docstore:\/\/root:••••@h:1\//);
    expect(f.frame()).toMatch(/s shows the password · w saves it to a file/);
    await f.press('s');
    expect(f.frame()).toMatch(/external_db_url: docstore:\/\/root:hunter2@h:1\//);
    await f.press('s');
    expect(f.frame()).not.toMatch(/hunter2/);
  });

  it('an empty "Database updated" answer is a success', async () => {
    server.answer = { status: 201, body: '' };
    const f = open(<CreateDocstoreScreen {...props({ from: WHERE })} />);
    await f.press(KEY.ctrlS);
    await f.waitFor(/Docstore database created/);
  });

  it('a 422 with an array of field names is mapped onto the field', async () => {
    server.answer = { status: 422, body: { message: 'Validation failed.', errors: ['image'] } };
    const f = open(<CreateDocstoreScreen {...props({ from: { ...WHERE, image: 'nope' } })} />);
    await f.press(KEY.ctrlS);
    const frame = await f.waitFor('✗ server: ');
    expect(frame).toMatch(/step 1 of 4: Quick create/);
    expect(frame).toMatch(/› Image/);
    expect(frame).toMatch(/The server refused 1 field \(422\): image is invalid/);
    expect(frame).toMatch(/✗ server: /);
    expect(loadDraft(dir, 'create-docstore')).toBeDefined();
  });
});

describe('a 422 naming __proto__', () => {
  it('shows its message (as a request-wide error), not nothing', async () => {
    server.answer = {
      status: 422,
      body: JSON.parse('{"message":"Validation failed.","errors":{"__proto__":["proto is bad."]}}') as unknown,
    };
    const f = open(<CreateDocstoreScreen {...props({ from: { ...WHERE } })} />);
    await f.press(KEY.ctrlS);
    const frame = await f.waitFor('proto is bad.');
    expect(frame).toMatch(/The server rejected the request: proto is bad\./);
  });
});

describe('application wizard', () => {
  it('a 422 maps messages onto fields, jumps to their step, and the message stays until edited', async () => {
    server.answer = {
      status: 422,
      body: { message: 'Validation failed.', errors: { ports_exposes: ['The ports exposes field is invalid.'] } },
    };
    const f = open(<CreateAppScreen {...props({ from: { ...APP, ports_exposes: '3000' } })} />);
    await f.press(KEY.ctrlS);
    let frame = await f.waitFor('✗ server: ');
    expect(server.posts).toHaveLength(1);
    expect(frame).toMatch(/step 1 of 9: Quick create/);
    expect(frame).toMatch(/› Port\s+3000/);
    expect(frame).toMatch(/✗ server: The ports exposes field is invalid\./);
    await f.press(KEY.tab, KEY.shiftTab);
    expect(f.frame()).toMatch(/✗ server: The ports exposes field is invalid\./);
    await f.press('1');
    frame = f.frame();
    expect(frame).not.toMatch(/The ports exposes field is invalid/);
  });

  it('a 409 shows under domains', async () => {
    server.answer = { status: 409, body: { message: 'Domain already in use.', warning: 'https://a.example' } };
    const f = open(<CreateAppScreen {...props({ from: { ...APP, domains: 'https://a.example' } })} />);
    await f.press(KEY.ctrlS);
    const frame = await f.waitFor('✗ server: ');
    expect(frame).toMatch(/› Domains/);
    expect(frame).toMatch(/✗ server: .*Domain already in use/);
  });

  it('other errors show with a retry key; r sends again', async () => {
    server.answer = { status: 500, body: { message: 'Server Error' } };
    const f = open(<CreateAppScreen {...props({ from: APP })} />);
    await f.press(KEY.ctrlS);
    await f.waitFor(/Not created: Server error \(500\)/);
    expect(server.posts).toHaveLength(1);
    server.answer = { status: 201, body: { uuid: 'app-9' } };
    await f.press('r');
    await f.waitFor(/uuid: app-9/);
    expect(server.posts).toHaveLength(2);
    await f.press('o');
    expect(opened).toEqual(['app-9']);
  });

  it('success shows uuid: and only set fields are sent', async () => {
    const f = open(<CreateAppScreen {...props({ from: { ...APP, instant_deploy: true } })} />);
    await f.press(KEY.ctrlS);
    await f.waitFor(/uuid: new-app-1/);
    expect(server.posts[0]!.body).toEqual({ ...APP, instant_deploy: true });
    await f.press(KEY.esc);
    expect(exits).toEqual([{ uuid: 'new-app-1' }]);
  });

  it('Esc goes back a step, and asks before leaving a wizard with input', async () => {
    const f = open(<CreateAppScreen {...props()} />);
    await f.press('p', KEY.pgDn);
    expect(f.frame()).toMatch(/step 2 of 9/);
    await f.press(KEY.esc);
    expect(f.frame()).toMatch(/step 1 of 9/);
    await f.press(KEY.esc);
    expect(f.frame()).toMatch(/Leave the form\?/);
    await f.press('y');
    expect(exits).toHaveLength(1);
    expect(loadDraft(dir, 'create-app')?.values.project_uuid).toBe('p');
  });

  it('leaving with d discards the draft', async () => {
    const f = open(<CreateAppScreen {...props()} />);
    await f.press('x');
    await draftSaved('create-app');
    await f.press(KEY.esc);
    await f.press('d');
    expect(exits).toHaveLength(1);
    f.unmount();
    expect(loadDraft(dir, 'create-app')).toBeUndefined();
  });

  it('the review step shows the request with secrets masked and the --file command', async () => {
    const f = open(<CreateAppScreen {...props({ from: { ...APP, http_basic_auth_password: 'pw-123' } })} />);
    for (let i = 0; i < 8; i++) await f.press(KEY.pgDn);
    const frame = f.frame();
    expect(frame).toMatch(/step 9 of 9: Review/);
    expect(frame).toMatch(/"http_basic_auth_password": "•••• \(set\)"/);
    expect(frame).not.toMatch(/pw-123/);
    expect(frame).toMatch(/dms create app --file FILE/);
    await f.press(KEY.tab);
    const file = join(dir, 'body.json');
    await f.press(file, KEY.enter);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ...APP, http_basic_auth_password: 'pw-123' });
    expect(f.frame()).toMatch(/Saved to/);
  });

  it('--from lists Object.prototype names among the keys left out', async () => {
    const from = JSON.parse(`{"project_uuid":"p1","toString":"x","constructor":"y","valueOf":1}`) as Record<string, unknown>;
    const f = open(<CreateAppScreen {...props({ from })} />);
    expect(f.frame()).toMatch(/Not fields of this request, left out: toString, constructor, valueOf\./);
  });

  it('a draft is restored with a notice when the wizard opens again', async () => {
    const first = open(<CreateAppScreen {...props()} />);
    await first.press('k', 'e', 'e', 'p');
    await draftSaved('create-app');
    first.unmount();
    const second = open(<CreateAppScreen {...props()} />);
    const frame = second.frame();
    expect(frame).toMatch(/Restored your draft/);
    expect(frame).toMatch(/Project \*\s+keep/);
    expect(existsSync(join(dir, 'drafts', 'create-app.json'))).toBe(true);
  });
});

describe('quick create', () => {
  it('opens on one screen with the required fields and the defaults marked as values that are sent', async () => {
    const f = open(<CreateAppScreen {...props()} />);
    const frame = f.frame();
    expect(frame).toMatch(/step 1 of 9: Quick create/);
    expect(frame).toMatch(/Project \*\s+required/);
    expect(frame).toMatch(/Environment name\s+production\s+\(default, sent\)/);
    expect(frame).toMatch(/Branch \*\s+main\s+\(default, sent\)/);
    expect(frame).toMatch(/Build pack \*\s+\[nixpacks\].*\(default, sent\)/);
    expect(frame).toMatch(/Port\s+3000\s+\(default, sent\)/);
    expect(frame).toMatch(/Name\s+not sent — the server names it after the repository and branch/);
    expect(frame).toMatch(/Ctrl\+S sends this · PgDn more settings: Where & source, Build, Network/);
    // No placeholder that looks like a value.
    expect(frame).not.toMatch(/\(production\)|\(main\)/);
  });

  it('where is recalled from recent creations: typing only the repository and Ctrl+S sends a whole body', async () => {
    addRecentValues(dir, { project_uuid: 'p-recent', server_uuid: 's-recent', environment_name: 'staging' });
    const f = open(<CreateAppScreen {...props()} />);
    let frame = f.frame();
    expect(frame).toMatch(/Project, server, environment name as last time \(Ctrl\+R: others\)/);
    expect(frame).toMatch(/Project \*\s+p-recent\s+\(recent, sent · Ctrl\+R another\)/);
    await f.press(KEY.tab, KEY.tab, KEY.tab);
    expect(f.frame()).toMatch(/› Repository \*/);
    await f.type('https://github.com/acme/quick');
    await f.press(KEY.ctrlS);
    frame = await f.waitFor(/uuid: new-app-1/);
    expect(server.posts[0]!.body).toEqual({
      project_uuid: 'p-recent',
      server_uuid: 's-recent',
      environment_name: 'staging',
      git_repository: 'https://github.com/acme/quick',
      git_branch: 'main',
      build_pack: 'nixpacks',
      ports_exposes: '3000',
    });
    expect(frame).toMatch(/Application created/);
  });

  it('a bare github.com/acme/shop in the wizard is taken as https://github.com/acme/shop and sent so', async () => {
    addRecentValues(dir, { project_uuid: 'p-recent', server_uuid: 's-recent', environment_name: 'staging' });
    const f = open(<CreateAppScreen {...props()} />);
    await f.press(KEY.tab, KEY.tab, KEY.tab);
    expect(f.frame()).toMatch(/› Repository \*/);
    await f.type('github.com/acme/shop');
    await f.press(KEY.tab);
    const frame = await f.waitFor(/Repository \*\s+https:\/\/github\.com\/acme\/shop/);
    expect(frame).not.toMatch(/must be a repository URL/);
    await f.press(KEY.ctrlS);
    await f.waitFor(/uuid: new-app-1/);
    expect(server.posts[0]!.body.git_repository).toBe('https://github.com/acme/shop');
  });

  it('with no recent creation, the demo\'s sample where-values are filled in and said to be samples, not "as last time"', async () => {
    const suggestions = { project_uuid: ['p-sample'], server_uuid: ['s-sample'], environment_name: ['production'] };
    const f = open(<CreateAppScreen {...props({ suggestions })} />);
    const frame = f.frame();
    expect(frame).toMatch(/Project, server, environment name from the demo's sample data \(Ctrl\+R: others\)/);
    expect(frame).not.toMatch(/as last time/);
    expect(frame).toMatch(/Project \*\s+p-sample\s+\(sample, sent · Ctrl\+R another\)/);
    f.unmount();
    // Once something was created, its where-values come first and are recent.
    addRecentValues(dir, { project_uuid: 'p-recent', server_uuid: 's-recent', environment_name: 'production' });
    const g = open(<CreateAppScreen {...props({ suggestions })} />);
    expect(g.frame()).toMatch(/Project, server, environment name as last time/);
    expect(g.frame()).toMatch(/Project \*\s+p-recent\s+\(recent, sent/);
    expect(g.frame()).toMatch(/suggested: p-recent · p-sample/);
  });

  it('the port at its default follows the build pack: 80 for a static site', async () => {
    const f = open(<CreateAppScreen {...props()} />);
    for (let i = 0; i < 5; i++) await f.press(KEY.tab);
    expect(f.frame()).toMatch(/› Build pack/);
    await f.press('s');
    expect(f.frame()).toMatch(/\[static\]/);
    expect(f.frame()).toMatch(/Port\s+80\s+\(default, sent\)/);
  });

  it('leaving a new form holding only what it started with asks nothing', async () => {
    const f = open(<CreateAppScreen {...props()} />);
    await f.press(KEY.esc);
    expect(exits).toHaveLength(1);
    f.unmount();
    expect(loadDraft(dir, 'create-app')).toBeUndefined();
  });

  it('an on/off field left empty says what the server does, not "(server default)"; Deploy right away is on the quick step', async () => {
    const f = open(<CreateAppScreen {...props({ from: APP })} />);
    const frame = f.frame();
    expect(frame).toMatch(/step 1 of 9: Quick create/);
    expect(frame).toMatch(/Deploy right away\s+\[ \] not sent — off, nothing is deployed until you start it/);
    expect(frame).not.toMatch(/server default\)/);
  });

  it('the review step shows no internal name', async () => {
    const f = open(<CreateAppScreen {...props({ from: APP })} />);
    for (let i = 0; i < 8; i++) await f.press(KEY.pgDn);
    await f.press(KEY.tab);
    expect(f.frame()).toMatch(/› Save as FILE/);
    expect(f.frame()).not.toMatch(/\$save_as/);
  });

  it('an @path that does not exist is said in words, not ENOENT', async () => {
    const f = open(
      <CreateAppScreen {...props({ from: { ...APP, build_pack: 'containerfile', containerfile: '@/nonexistent/Containerfile' } })} />,
    );
    await f.press(KEY.ctrlS);
    const frame = await f.waitFor('Not sent');
    expect(frame).toMatch(/Containerfile names the file \/nonexistent\/Containerfile, which does not exist\./);
    expect(frame).not.toMatch(/ENOENT/);
    expect(server.posts).toHaveLength(0);
  });
});

describe('every problem at once, and a banner that follows the fixes', () => {
  it('names every problem with the count, jumps to the first, and counts down as they are fixed on any step', async () => {
    const f = open(
      <CreateAppScreen
        {...props({
          from: {
            project_uuid: 'p1',
            server_uuid: 's1',
            git_repository: 'https://github.com/acme/web',
            git_branch: 'main',
            limits_cpus: 'lots',
          },
        })}
      />,
    );
    await f.press(KEY.ctrlS);
    let frame = await f.waitFor('Not sent');
    expect(server.posts).toHaveLength(0);
    expect(frame).toMatch(/Not sent: 3 fields to fix — environment_name · build_pack · limits_cpus$/m);
    expect(frame).toMatch(/› Environment name/);
    await f.type('production');
    frame = f.frame();
    expect(frame).toMatch(/Not sent: 2 fields to fix — build_pack · limits_cpus$/m);
    // Another step: the banner is still there, and follows.
    for (let i = 0; i < 5; i++) await f.press(KEY.pgDn);
    expect(f.frame()).toMatch(/step 6 of 9: Resources/);
    expect(f.frame()).toMatch(/Not sent: 2 fields to fix/);
    for (let i = 0; i < 4; i++) await f.press(KEY.tab);
    expect(f.frame()).toMatch(/› CPUs/);
    await f.press(K.ctrl('u'));
    await f.type('0.5');
    expect(f.frame()).toMatch(/Not sent: 1 field to fix — build_pack is required/);
    for (let i = 0; i < 5; i++) await f.press(KEY.pgUp);
    for (let i = 0; i < 5; i++) await f.press(KEY.tab);
    expect(f.frame()).toMatch(/› Build pack/);
    await f.press(' ');
    expect(f.frame()).toMatch(/Everything is fixed: Ctrl\+S sends\./);
    await f.press(KEY.ctrlS);
    await f.waitFor(/uuid: new-app-1/);
    expect(server.posts).toHaveLength(1);
  });

  it('a 422 naming several fields counts them all in the banner', async () => {
    server.answer = {
      status: 422,
      body: { message: 'Validation failed.', errors: { name: ['The name is taken.'], limits_cpus: ['Too many CPUs.'] } },
    };
    const f = open(<CreateAppScreen {...props({ from: APP })} />);
    await f.press(KEY.ctrlS);
    const frame = await f.waitFor('The server refused');
    expect(frame).toMatch(/The server refused 2 fields \(422\): name · limits_cpus$/m);
    expect(frame).toMatch(/› Name/);
    await f.type('shop-2');
    expect(f.frame()).toMatch(/The server refused 1 field \(422\): limits_cpus: Too many CPUs/);
  });
});

describe('a 409: the whole message, and a pointer to the override', () => {
  it('shows the message whole under the field, points at Force domain override, and turning it on sends with it', async () => {
    const message = 'Domain https://shop.example.com is already in use by another resource.';
    const warning =
      'Using the same domain for more than one resource makes routing unpredictable. Send force_domain_override: true to use it anyway.';
    server.answer = { status: 409, body: { message, warning } };
    const f = open(<CreateAppScreen {...props({ from: { ...APP, domains: 'https://shop.example.com' } })} />);
    await f.press(KEY.ctrlS);
    const frame = await f.waitFor('server:');
    expect(frame).toMatch(/Not sent \(409\): a domain is in use — change it, or turn on Force domain override \(this step\)\./);
    const lines = frame.split('\n').map((l) => l.trim());
    const whole = lines.slice(lines.findIndex((l) => l.startsWith('✗ server:'))).join(' ');
    expect(whole).toContain(`${message} ${warning}`);
    expect(frame).toMatch(/→ turn this on \(Space\) to use the domain anyway, then Ctrl\+S/);
    await f.press(KEY.tab, KEY.tab);
    expect(f.frame()).toMatch(/› Force domain override/);
    await f.press(' ');
    expect(f.frame()).toMatch(/Everything is fixed: Ctrl\+S sends\./);
    server.answer = { status: 201, body: { uuid: 'app-forced' } };
    await f.press(KEY.ctrlS);
    await f.waitFor(/uuid: app-forced/);
    expect(server.posts[1]!.body).toMatchObject({ domains: 'https://shop.example.com', force_domain_override: true });
  });
});

describe('the whole answer', () => {
  it('the application success screen shows uuid, domains and any other field the server adds, masked where secret', async () => {
    server.answer = {
      status: 201,
      body: {
        uuid: 'app-7',
        domains: 'https://a.example.com',
        status: 'queued\u001b[31m',
        webhook: 'https://u:pw-secret@hooks.example.com/x',
      },
    };
    const f = open(<CreateAppScreen {...props({ from: APP })} />);
    await f.press(KEY.ctrlS);
    const frame = await f.waitFor(/uuid: app-7/);
    expect(frame).toMatch(/domains: https:\/\/a\.example\.com/);
    expect(frame).toMatch(/status: queued$/m);
    expect(frame).toMatch(/webhook: https:\/\/u:••••@hooks\.example\.com\/x/);
    expect(frame).not.toMatch(/pw-secret/);
    expect(f.rawFrame()).not.toContain('\u001b[31mqueued');
  });
});

describe('after a creation that may have been made, a second request is sent only when the user says so', () => {
  const serve = serversClosedAfterEach(afterEach);
  const PAGE = '<!DOCTYPE html><html><body><h1>Application created</h1></body></html>';
  const POST = '/api/v1/applications/public';

  /** The wizard against a server on 127.0.0.1 whose first answer is `first`, then a readable 201. */
  async function wizard(first: Handler) {
    const s = await serve(sequence(first, json(201, { uuid: 'app-2' })));
    const f = open(
      <CreateAppScreen
        {...props({ client: createClient({ baseUrl: `${s.url}/api/v1`, token: '1|secret-token', retries: 0 }), from: APP })}
      />,
    );
    return { s, f };
  }

  it('a 201 with an HTML body is said created, not "Not created"; r asks, n sends nothing, y sends', async () => {
    const { s, f } = await wizard(htmlPage(201, PAGE));
    await f.press(KEY.ctrlS);
    let frame = await f.waitFor(/The application was created \(201\), but the answer could not be read \(an HTML page instead of JSON/);
    expect(frame).not.toMatch(/Not created|server URL|try again/i);
    expect(frame).toMatch(/Look for it in the service's web page before sending the request again/);
    expect(frame).toMatch(/r sends again \(asks first\) · Esc back to the form/);
    expect(s.hitsOf('POST', POST)).toBe(1);

    await f.press('r');
    frame = await f.waitFor('Send the request again?');
    expect(frame).toMatch(/Send the request again\? It may make a second application\. y send · n\/Esc do not send/);
    await f.press('n');
    frame = await f.waitFor((t) => !t.includes('Send the request again?'));
    expect(frame).toMatch(/r sends again \(asks first\)/);
    expect(frame).not.toMatch(/Sending…/);
    expect(s.hitsOf('POST', POST)).toBe(1);

    await f.press('r', 'y');
    await f.waitFor(/uuid: app-2/);
    expect(s.hitsOf('POST', POST)).toBe(2);
  });

  it('Ctrl+S from the form asks too, and Esc at the question goes back to the form; a lost answer asks the same way', async () => {
    const { s, f } = await wizard(reset('before-response'));
    await f.press(KEY.ctrlS);
    await f.waitFor(/the application\s+may have been created/);
    expect(f.frame()).not.toMatch(/Not created/);
    await f.press(KEY.esc);
    await f.waitFor(/Ctrl\+S sends this/);
    await f.press(KEY.ctrlS);
    await f.waitFor('Send the request again?');
    await f.press(KEY.esc);
    await f.waitFor(/Ctrl\+S sends this/);
    expect(s.hitsOf('POST', POST)).toBe(1);
    await f.press(KEY.ctrlS, 'y');
    await f.waitFor(/uuid: app-2/);
    expect(s.hitsOf('POST', POST)).toBe(2);
  });

  it('an error that made nothing (a 500) still sends again on r at once', async () => {
    const { s, f } = await wizard(json(500, { message: 'Server Error' }));
    await f.press(KEY.ctrlS);
    await f.waitFor(/Not created: Server error \(500\)/);
    expect(f.frame()).toMatch(/r sends again · Esc back to the form/);
    await f.press('r');
    await f.waitFor(/uuid: app-2/);
    expect(s.hitsOf('POST', POST)).toBe(2);
  });
});

describe('keys.json in the form: sentences name the keys in force', () => {
  /** The key table keys.json makes of `text`. */
  async function table(text: string) {
    const file = await parseKeysText(text);
    const bound = bindKeys(file.bindings, file.problems);
    expect(bound.problems).toEqual([]);
    return keyTable(bound.commands);
  }
  const footer = (frame: string) => frame.trimEnd().split('\n').at(-1) ?? '';

  it('submit rebound to Ctrl+G: the quick step, the banner, the review and the footer say Ctrl+G, and Ctrl+G sends', async () => {
    const keys = await table('{"formSubmit": "ctrl+g"}');
    const f = open(
      <KeyTableProvider table={keys}>
        <CreateAppScreen {...props({ from: { ...APP, limits_cpus: 'lots' } })} />
      </KeyTableProvider>,
    );
    let frame = f.frame();
    expect(frame).toMatch(/Ctrl\+G sends this · PgDn more settings/);
    expect(footer(frame)).toMatch(/Ctrl\+G submit/);
    expect(frame).not.toMatch(/Ctrl\+S/);
    await f.press(KEY.ctrlS);
    expect(f.frame()).not.toMatch(/Not sent/);
    await f.press(K.ctrl('g'));
    await f.waitFor('Not sent: 1 field to fix');
    expect(server.posts).toHaveLength(0);
    await f.press(K.ctrl('u'));
    await f.type('0.5');
    expect(f.frame()).toMatch(/Everything is fixed: Ctrl\+G sends\./);
    for (let i = 0; i < 8; i++) await f.press(KEY.pgDn);
    frame = f.frame();
    expect(frame).toMatch(/Send later: dms create app --file FILE {3}Ctrl\+G sends it now\./);
    expect(footer(frame)).toMatch(/Ctrl\+G submit/);
    await f.press(K.ctrl('g'));
    await f.waitFor(/uuid: new-app-1/);
    expect(server.posts).toHaveLength(1);
  });

  it('suggest rebound to Ctrl+O: the recall notice, the marks beside recalled values and the suggestions say Ctrl+O', async () => {
    addRecentValues(dir, { project_uuid: 'p-recent', server_uuid: 's-recent', environment_name: 'staging' });
    const keys = await table('{"formSuggest": "ctrl+o"}');
    const f = open(
      <KeyTableProvider table={keys}>
        <CreateAppScreen {...props()} />
      </KeyTableProvider>,
    );
    const frame = f.frame();
    expect(frame).toMatch(/as last time \(Ctrl\+O: others\)/);
    expect(frame).toMatch(/Project \*\s+p-recent\s+\(recent, sent · Ctrl\+O another\)/);
    expect(frame).toMatch(/suggested: p-recent {2}\(Ctrl\+O fills\)/);
    expect(frame).not.toMatch(/Ctrl\+R/);
  });

  it('back rebound to Ctrl+B: a restored draft says Ctrl+B offers to discard it, and Ctrl+B asks before leaving', async () => {
    const keys = await table('{"formBack": "ctrl+b"}');
    const first = open(
      <KeyTableProvider table={keys}>
        <CreateAppScreen {...props()} />
      </KeyTableProvider>,
    );
    await first.press('k');
    await draftSaved('create-app');
    first.unmount();
    const f = open(
      <KeyTableProvider table={keys}>
        <CreateAppScreen {...props()} />
      </KeyTableProvider>,
    );
    expect(f.frame()).toMatch(/Restored your draft from .* UTC\. Ctrl\+B on the first step offers to discard it\./);
    await f.press(K.ctrl('b'));
    expect(f.frame()).toMatch(/Leave the form\?/);
  });
});
