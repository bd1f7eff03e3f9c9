// The docstore's success screen in a real terminal (tmux), the built binary against the demo
// service: the root password comes once, so Esc, q and Ctrl+C ask before it is left unseen.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setUpDemo } from '../support/terminals.js';
import { shellQuote, type TmuxSession } from '../support/tmux.js';
import { tempDir } from '../support/temp.js';

const e2e = setUpDemo('creds');
const ASKED = 'The root password was neither shown nor saved, and the server sends it only once.';

function bodyFile(): string {
  const { seed } = e2e.demo;
  const project = seed.projects[0]!;
  const env = seed.environments.find((e) => e.project_uuid === project.uuid)!;
  const path = join(tempDir('dms-e2e-creds-body-'), 'docstore.json');
  writeFileSync(
    path,
    JSON.stringify({ project_uuid: project.uuid, server_uuid: seed.servers[0]!.uuid, environment_name: env.name, name: 'orders-db' }),
  );
  return path;
}

const posts = () => e2e.demo.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/databases/docstore')).length;

/** `dms create docstore --from FILE`, sent with Ctrl+S: the success screen, the password hidden. */
async function created(): Promise<TmuxSession> {
  const s = e2e.launch(`create docstore --from ${shellQuote(bodyFile())}`, {
    width: 100,
    height: 30,
    env: { NO_COLOR: '1', TERM: undefined },
  });
  await s.waitFor('Create docstore database');
  s.keys('C-s');
  await s.waitFor(/Docstore database created[\s\S]*s shows the password/);
  return s;
}

describe('dms create docstore (TUI): leaving before the root password is kept', () => {
  it('Esc, q and Ctrl+C ask first; n and Esc stay; y after Ctrl+C quits; one POST', async () => {
    const before = posts();
    const s = await created();
    expect(posts()).toBe(before + 1);
    s.keys('Escape');
    const asked = await s.waitFor(ASKED);
    expect(asked).toMatch(/w saves it first · s shows it · y leaves without it · n\/Esc stays/);
    s.keys('n');
    await s.waitFor((screen) => !screen.includes(ASKED) && screen.includes('s shows the password'));
    s.keys('q');
    await s.waitFor(ASKED);
    s.keys('Escape');
    await s.waitFor((screen) => !screen.includes(ASKED) && screen.includes('s shows the password'));
    s.keys('C-c');
    await s.waitFor(ASKED);
    expect(s.exited()).toBe(false);
    s.keys('y');
    await s.waitFor(/\[exit 0\]/);
    expect(posts()).toBe(before + 1);
  });

  it('once shown (s), Esc leaves at once', async () => {
    const s = await created();
    s.keys('s');
    await s.waitFor(/internal_db_url: docstore:\/\/root:(?!••••)[^@\s]+@/);
    s.keys('Escape');
    const screen = await s.waitFor('Open an application');
    expect(screen).not.toContain(ASKED);
  });
});
