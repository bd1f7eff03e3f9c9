import { readFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api/client.js';
import { loadDraft } from '../../../src/config/drafts.js';
import { CreateAppScreen } from '../../../src/tui/screens/create-app.js';
import { CreateDocstoreScreen } from '../../../src/tui/screens/create-docstore.js';
import { tempDir } from '../../support/temp.js';

const KEY = { tab: '\t', shiftTab: '\u001b[Z', enter: '\r', esc: '\u001b', ctrlS: '\u0013', pgDn: '\u001b[6~', backspace: '\u007f' };
const strip = (s: string | undefined) => (s ?? '').replace(/\u001b\[[0-9;]*m/g, '');
const tick = (ms = 30) => new Promise((r) => setTimeout(r, ms));

interface Answer { status: number; body: unknown }
interface TestServer { url: string; posts: { path: string; body: Record<string, unknown> }[]; answer: Answer; close(): Promise<void> }

async function startServer(answer: Answer): Promise<TestServer> {
  const posts: TestServer['posts'] = [];
  const state: TestServer = { url: '', posts, answer, close: async () => {} };
  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => { data += c; });
    req.on('end', () => {
      posts.push({ path: req.url ?? '', body: JSON.parse(data || '{}') });
      // A slow answer makes a double Ctrl+S visible.
      setTimeout(() => {
        res.writeHead(state.answer.status, { 'content-type': 'application/json' });
        res.end(state.answer.body === '' ? '' : JSON.stringify(state.answer.body));
      }, 80);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  state.close = () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); });
  return state;
}

const WHERE = { project_uuid: 'p1', server_uuid: 's1', environment_name: 'production' };
const APP = { ...WHERE, git_repository: 'https://github.com/acme/web', git_branch: 'main', build_pack: 'nixpacks' };

let dir: string;
let server: TestServer;
let exits: unknown[];
let opened: string[];

beforeEach(async () => {
  dir = tempDir('dms-form-ui-');
  server = await startServer({ status: 201, body: { uuid: 'new-app-1' } });
  exits = [];
  opened = [];
});
afterEach(async () => { await server.close(); });

function props(extra: Record<string, unknown> = {}) {
  return {
    client: createClient({ baseUrl: server.url, token: '1|secret-token', retries: 0 }),
    configDir: dir,
    showSecrets: false,
    onExit: (r?: { uuid: string }) => { exits.push(r); },
    onOpenDeployments: (uuid: string) => { opened.push(uuid); },
    ...extra,
  };
}

async function type(stdin: { write(s: string): void }, ...chunks: string[]) {
  for (const c of chunks) { stdin.write(c); await tick(); }
}

describe('docstore form', () => {
  it('opens focused on the first field and shows what is typed', async () => {
    const { stdin, lastFrame, unmount } = render(<CreateDocstoreScreen {...props()} />);
    await tick();
    expect(strip(lastFrame())).toMatch(/› Project \*/);
    await type(stdin, 'p', 'r', 'o', 'j');
    expect(strip(lastFrame())).toMatch(/› Project \*\s+proj/);
    unmount();
  });

  it('Tab and Shift+Tab move between fields in order', async () => {
    const { stdin, lastFrame, unmount } = render(<CreateDocstoreScreen {...props()} />);
    await tick();
    await type(stdin, KEY.tab);
    expect(strip(lastFrame())).toMatch(/› Server/);
    await type(stdin, KEY.tab);
    expect(strip(lastFrame())).toMatch(/› Environment name/);
    await type(stdin, KEY.shiftTab, KEY.shiftTab);
    expect(strip(lastFrame())).toMatch(/› Project/);
    unmount();
  });

  it('Tabs that arrive in one chunk move one field each (nothing typed)', async () => {
    const { stdin, lastFrame, unmount } = render(<CreateDocstoreScreen {...props()} />);
    await tick();
    await type(stdin, '\t\t\t');
    expect(strip(lastFrame())).toMatch(/› Environment uuid/);
    expect(strip(lastFrame())).toMatch(/Server \*\s*$/m);
    unmount();
  });

  it('pasted text with newlines and escapes stays on one line', async () => {
    const { stdin, lastFrame, unmount } = render(<CreateDocstoreScreen {...props()} />);
    await tick();
    await type(stdin, 'abc\ndef\u0007\n');
    await type(stdin, KEY.tab);
    const frame = strip(lastFrame());
    expect(frame).toMatch(/Project \*\s+abc def\s*$/m);
    unmount();
  });

  it('an invalid value shows a message under the field when it is left', async () => {
    const { stdin, lastFrame, unmount } = render(<CreateDocstoreScreen {...props({ from: { ...WHERE } })} />);
    await tick();
    await type(stdin, KEY.pgDn);
    expect(strip(lastFrame())).toMatch(/step 2 of 4: Database/);
    for (let i = 0; i < 6; i++) await type(stdin, KEY.tab);
    expect(strip(lastFrame())).toMatch(/› Public port/);
    await type(stdin, 'x', 'y', KEY.shiftTab);
    expect(strip(lastFrame())).toMatch(/✗ Public port must be a whole number\./);
    unmount();
  });

  it('Ctrl+S with invalid fields sends nothing and focuses the first problem', async () => {
    const { stdin, lastFrame, unmount } = render(<CreateDocstoreScreen {...props({ from: { server_uuid: 's1', environment_name: 'e', limits_cpus: 'lots' } })} />);
    await tick();
    await type(stdin, KEY.pgDn, KEY.pgDn, KEY.ctrlS);
    await tick(100);
    const frame = strip(lastFrame());
    expect(server.posts).toHaveLength(0);
    expect(frame).toMatch(/step 1 of 4: Where/);
    expect(frame).toMatch(/› Project \*/);
    expect(frame).toMatch(/✗ Project is required\./);
    expect(frame).toMatch(/Not sent: 2 fields/);
    unmount();
  });

  it('Ctrl+S on a valid form sends one request, shows uuid and masked URLs, discards the draft', async () => {
    server.answer = { status: 201, body: { uuid: 'db-1', internal_db_url: 'docstore://root:hunter2@db-1:27017/admin' } };
    const { stdin, lastFrame, unmount } = render(<CreateDocstoreScreen {...props({ from: { ...WHERE, docstore_conf: Buffer.from('a: 1').toString('base64') } })} />);
    await tick(350);
    expect(loadDraft(dir, 'create-docstore')).toBeDefined();
    stdin.write(KEY.ctrlS);
    stdin.write(KEY.ctrlS);
    await tick(10);
    stdin.write(KEY.ctrlS);
    await tick(300);
    expect(server.posts).toHaveLength(1);
    expect(server.posts[0]!.path).toBe('/api/v1/databases/docstore');
    expect(server.posts[0]!.body).toEqual({ ...WHERE, docstore_conf: Buffer.from('a: 1').toString('base64') });
    const frame = strip(lastFrame());
    expect(frame).toMatch(/uuid: db-1/);
    expect(frame).toMatch(/internal URL: docstore:\/\/root:••••@db-1/);
    expect(frame).not.toMatch(/hunter2/);
    expect(loadDraft(dir, 'create-docstore')).toBeUndefined();
    unmount();
  });

  it('the reveal key shows the password only with --show-secrets', async () => {
    server.answer = { status: 201, body: { uuid: 'db-2', external_db_url: 'docstore://root:hunter2@h:1/' } };
    const { stdin, lastFrame, unmount } = render(<CreateDocstoreScreen {...props({ from: WHERE, showSecrets: true })} />);
    await tick();
    await type(stdin, KEY.ctrlS);
    await tick(250);
    expect(strip(lastFrame())).not.toMatch(/hunter2/);
    await type(stdin, 's');
    expect(strip(lastFrame())).toMatch(/hunter2/);
    unmount();
  });

  it('an empty "Database updated" answer is a success', async () => {
    server.answer = { status: 201, body: '' };
    const { stdin, lastFrame, unmount } = render(<CreateDocstoreScreen {...props({ from: WHERE })} />);
    await tick();
    await type(stdin, KEY.ctrlS);
    await tick(250);
    expect(strip(lastFrame())).toMatch(/Docstore database created/);
    unmount();
  });

  it('a 422 with an array of field names is mapped onto the field', async () => {
    server.answer = { status: 422, body: { message: 'Validation failed.', errors: ['image'] } };
    const { stdin, lastFrame, unmount } = render(<CreateDocstoreScreen {...props({ from: { ...WHERE, image: 'nope' } })} />);
    await tick();
    await type(stdin, KEY.ctrlS);
    await tick(250);
    const frame = strip(lastFrame());
    expect(frame).toMatch(/step 2 of 4: Database/);
    expect(frame).toMatch(/› Image/);
    expect(frame).toMatch(/✗ server: /);
    expect(loadDraft(dir, 'create-docstore')).toBeDefined();
    unmount();
  });
});

describe('application wizard', () => {
  it('a 422 maps messages onto fields, jumps to their step, and the message stays until edited', async () => {
    server.answer = { status: 422, body: { message: 'Validation failed.', errors: { ports_exposes: ['The ports exposes field is invalid.'] } } };
    const { stdin, lastFrame, unmount } = render(<CreateAppScreen {...props({ from: { ...APP, ports_exposes: '3000' } })} />);
    await tick();
    await type(stdin, KEY.ctrlS);
    await tick(250);
    let frame = strip(lastFrame());
    expect(server.posts).toHaveLength(1);
    expect(frame).toMatch(/step 4 of 9: Network/);
    expect(frame).toMatch(/› Exposed ports\s+3000/);
    expect(frame).toMatch(/✗ server: The ports exposes field is invalid\./);
    await type(stdin, KEY.tab, KEY.shiftTab);
    expect(strip(lastFrame())).toMatch(/✗ server: The ports exposes field is invalid\./);
    await type(stdin, '1');
    frame = strip(lastFrame());
    expect(frame).not.toMatch(/The ports exposes field is invalid/);
    unmount();
  });

  it('a 409 shows under domains', async () => {
    server.answer = { status: 409, body: { message: 'Domain already in use.', warning: 'https://a.example' } };
    const { stdin, lastFrame, unmount } = render(<CreateAppScreen {...props({ from: { ...APP, domains: 'https://a.example' } })} />);
    await tick();
    await type(stdin, KEY.ctrlS);
    await tick(250);
    const frame = strip(lastFrame());
    expect(frame).toMatch(/› Domains/);
    expect(frame).toMatch(/✗ server: .*Domain already in use/);
    unmount();
  });

  it('other errors show with a retry key; r sends again', async () => {
    server.answer = { status: 500, body: { message: 'Server Error' } };
    const { stdin, lastFrame, unmount } = render(<CreateAppScreen {...props({ from: APP })} />);
    await tick();
    await type(stdin, KEY.ctrlS);
    await tick(250);
    expect(strip(lastFrame())).toMatch(/Not created: Server error \(500\)/);
    expect(server.posts).toHaveLength(1);
    server.answer = { status: 201, body: { uuid: 'app-9' } };
    await type(stdin, 'r');
    await tick(250);
    expect(server.posts).toHaveLength(2);
    expect(strip(lastFrame())).toMatch(/uuid: app-9/);
    await type(stdin, 'o');
    expect(opened).toEqual(['app-9']);
    unmount();
  });

  it('success shows uuid: and only set fields are sent', async () => {
    const { stdin, lastFrame, unmount } = render(<CreateAppScreen {...props({ from: { ...APP, instant_deploy: true } })} />);
    await tick();
    await type(stdin, KEY.ctrlS);
    await tick(250);
    expect(strip(lastFrame())).toMatch(/uuid: new-app-1/);
    expect(server.posts[0]!.body).toEqual({ ...APP, instant_deploy: true });
    await type(stdin, KEY.esc);
    expect(exits).toEqual([{ uuid: 'new-app-1' }]);
    unmount();
  });

  it('Esc goes back a step, and asks before leaving a wizard with input', async () => {
    const { stdin, lastFrame, unmount } = render(<CreateAppScreen {...props()} />);
    await tick();
    await type(stdin, 'p', KEY.pgDn);
    expect(strip(lastFrame())).toMatch(/step 2 of 9/);
    await type(stdin, KEY.esc);
    await tick(60);
    expect(strip(lastFrame())).toMatch(/step 1 of 9/);
    await type(stdin, KEY.esc);
    await tick(60);
    expect(strip(lastFrame())).toMatch(/Leave the form\?/);
    await type(stdin, 'y');
    expect(exits).toHaveLength(1);
    expect(loadDraft(dir, 'create-app')?.values.project_uuid).toBe('p');
    unmount();
  });

  it('leaving with d discards the draft', async () => {
    const { stdin, unmount } = render(<CreateAppScreen {...props()} />);
    await tick();
    await type(stdin, 'x');
    await tick(350);
    expect(loadDraft(dir, 'create-app')).toBeDefined();
    await type(stdin, KEY.esc);
    await tick(60);
    await type(stdin, 'd');
    expect(exits).toHaveLength(1);
    unmount();
    expect(loadDraft(dir, 'create-app')).toBeUndefined();
  });

  it('the review step shows the request with secrets masked and the --file command', async () => {
    const { stdin, lastFrame, unmount } = render(<CreateAppScreen {...props({ from: { ...APP, http_basic_auth_password: 'pw-123' } })} />);
    await tick();
    for (let i = 0; i < 8; i++) await type(stdin, KEY.pgDn);
    const frame = strip(lastFrame());
    expect(frame).toMatch(/step 9 of 9: Review/);
    expect(frame).toMatch(/"http_basic_auth_password": "•••• \(set\)"/);
    expect(frame).not.toMatch(/pw-123/);
    expect(frame).toMatch(/dms create app --file FILE/);
    await type(stdin, KEY.tab);
    const file = join(dir, 'body.json');
    await type(stdin, file, KEY.enter);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ...APP, http_basic_auth_password: 'pw-123' });
    expect(strip(lastFrame())).toMatch(/Saved to/);
    unmount();
  });

  it('a draft is restored with a notice when the wizard opens again', async () => {
    const first = render(<CreateAppScreen {...props()} />);
    await tick();
    await type(first.stdin, 'k', 'e', 'e', 'p');
    await tick(350);
    first.unmount();
    const second = render(<CreateAppScreen {...props()} />);
    await tick();
    const frame = strip(second.lastFrame());
    expect(frame).toMatch(/Restored your draft/);
    expect(frame).toMatch(/Project \*\s+keep/);
    second.unmount();
    expect(existsSync(join(dir, 'drafts', 'create-app.json'))).toBe(true);
  });
});
