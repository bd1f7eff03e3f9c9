// `dms deployments APP --filter QUERY --sort FIELD[:asc|:desc] --view NAME`, in-process against the demo
// service: on a page and with --all, in every output format, over both row shapes; a bad query or
// sort is one usage line (exit 2) before anything is sent.
import { describe, expect, it } from 'vitest';
import { viewOf, type DeploymentView } from '../../src/model/deployment.js';
import type { Deployment } from '../../src/api/schemas/deployment.js';
import { durationOf } from '../../src/model/duration.js';
import { setUpDemoService } from '../support/demo.js';
import { createClient } from '../../src/api/client.js';
import { runDeploymentsInProcess, runInProcess } from '../support/headless.js';
import { tempDir } from '../support/temp.js';
import { saveView } from '../../src/config/views.js';

const demo = setUpDemoService();
// The token without logs: the query reads none, and 40 rows with their logs are ~13 MB a request.
const client = () => ({ baseUrl: demo.url, token: demo.tokenNoLogs, retries: 0 });
const run = (...argv: string[]) => runDeploymentsInProcess(argv, client());
const lines = (text: string) => text.split('\n').filter((l) => l !== '');
const ndjsonViews = (text: string) => lines(text).map((l) => viewOf(JSON.parse(l) as Deployment));

/** The records of a page as the server sends them, read into the model. */
async function pageViews(app: string, take: number): Promise<DeploymentView[]> {
  const body = await createClient(client()).listRecords(app, { skip: 0, take });
  return (body.records as Deployment[]).map(viewOf);
}

describe('--filter on one page', () => {
  it('keeps the snapshot rows the query matches, in every format', async () => {
    const app = demo.app();
    const expected = (await pageViews(app, 40)).filter((v) => v.phase === 'failed' || v.phase === 'cancelled').map((v) => v.id);
    expect(expected.length).toBeGreaterThan(0);
    const nd = await run(app, '--take', '40', '--filter', 'status:failed,cancelled', '-o', 'ndjson');
    expect(nd.code, nd.stderr).toBe(0);
    expect(ndjsonViews(nd.stdout).map((v) => v.id)).toEqual(expected);
    const json = await run(app, '--take', '40', '--filter', 'status:failed,cancelled', '-o', 'json');
    expect((JSON.parse(json.stdout) as { id: number }[]).map((r) => r.id)).toEqual(expected);
    const csv = await run(app, '--take', '40', '--filter=-status:finished !status:running -status:queued -status:unknown', '-o', 'csv');
    expect(lines(csv.stdout)).toHaveLength(expected.length + 1);
    const table = await run(app, '--take', '40', '--filter', 'status:failed,cancelled');
    expect(table.stdout).toContain(`showing ${expected.length} of 1–40 (filtered)`);
  });

  it('negates and combines with --status (the flags are the same filter)', async () => {
    const app = demo.app();
    const views = await pageViews(app, 40);
    const expected = views.filter((v) => v.phase === 'failed' && v.source !== 'webhook').map((v) => v.id);
    const r = await run(app, '--take', '40', '--status', 'failed', '--filter=-source:webhook', '-o', 'ndjson');
    expect(r.code, r.stderr).toBe(0);
    expect(ndjsonViews(r.stdout).map((v) => v.id)).toEqual(expected);
  });

  it('reads queue rows (no branch): branch:main matches none and says why; commit: and dur work', async () => {
    const app = demo.app('orders-worker');
    const views = await pageViews(app, 30);
    expect(views.every((v) => v.branch === '')).toBe(true);
    const none = await run(app, '--take', '30', '--filter', 'branch:main', '-o', 'ndjson');
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('none of these deployments says its branch');
    const now = Date.now();
    const long = views.filter((v) => (durationOf(v, now).ms ?? -1) > 60_000);
    expect(long.length).toBeGreaterThan(0);
    const r = await run(app, '--take', '30', '--filter', 'dur>1m', '-o', 'ndjson');
    expect(ndjsonViews(r.stdout).map((v) => v.id)).toEqual(long.map((v) => v.id));
    const sha = views.find((v) => /^[0-9a-f]{7}/.test(v.commit))!.commit.slice(0, 7);
    const byCommit = await run(app, '--take', '30', '--filter', `commit:${sha.toUpperCase()}`, '-o', 'ndjson');
    const got = ndjsonViews(byCommit.stdout);
    expect(got.length).toBeGreaterThan(0);
    expect(got.every((v) => v.commit.startsWith(sha))).toBe(true);
  });
});

describe('--sort', () => {
  it('sorts the page by duration, ascending, rows without one last; --limit keeps the first of the order', async () => {
    const app = demo.app('orders-worker');
    const r = await run(app, '--take', '30', '--sort', 'duration:asc', '-o', 'ndjson');
    expect(r.code, r.stderr).toBe(0);
    const now = Date.now();
    const sorted = ndjsonViews(r.stdout);
    const ms = sorted.map((v) => durationOf(v, now).ms);
    expect(ms).toHaveLength(30);
    const known = ms.filter((m) => m !== null);
    expect(ms.slice(known.length).every((m) => m === null)).toBe(true);
    // Ended ones in order (a running one's duration grew since dms measured it: not compared).
    const ended = sorted.filter((v) => !v.active).map((v) => durationOf(v, now).ms!);
    expect(ended.length).toBeGreaterThan(5);
    expect(ended).toEqual([...ended].sort((a, b) => a - b));
    const limited = await run(app, '--take', '30', '--sort', 'duration:asc', '--limit', '3', '-o', 'ndjson');
    expect(ndjsonViews(limited.stdout).map((v) => v.id)).toEqual(
      ndjsonViews(r.stdout)
        .slice(0, 3)
        .map((v) => v.id),
    );
  });

  it('sorts JSON output too (not the records as sent)', async () => {
    const r = await run(demo.app(), '--take', '20', '--sort', 'id:asc', '--json');
    const ids = (JSON.parse(r.stdout) as { id: number }[]).map((d) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeLessThan(ids.at(-1)!);
  });

  it('with --all, sorts the whole filtered history and then applies --limit', async () => {
    const app = demo.app('orders-worker');
    const all = await run(app, '--all', '-o', 'ndjson');
    const expected = ndjsonViews(all.stdout)
      .filter((v) => v.phase === 'finished')
      .map((v) => v.id!)
      .sort((a, b) => a - b)
      .slice(0, 4);
    const r = await run(app, '--all', '--filter', 'status:finished', '--sort', 'id:asc', '--limit', '4', '-o', 'ndjson');
    expect(r.code, r.stderr).toBe(0);
    expect(ndjsonViews(r.stdout).map((v) => v.id)).toEqual(expected);
    const csv = await run(app, '--all', '--filter', 'status:finished', '--sort', 'id:asc', '--limit', '4', '-o', 'csv');
    expect(lines(csv.stdout)).toHaveLength(5);
    const table = await run(app, '--all', '--filter', 'status:finished', '--sort', 'id:asc', '--limit', '4');
    expect(table.stdout).toMatch(/showing 4 of the newest \d+ \(filtered\)\n$/);
  });
});

describe('mistakes', () => {
  it('an unknown field: one line naming it and the known ones, exit 2, nothing sent', async () => {
    const from = demo.requests.length;
    const r = await run(demo.app(), '--filter', 'stauts:failed');
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toContain('--filter: unknown field "stauts": the fields are status, branch, source, commit');
    expect(r.stdout).toBe('');
    expect(demo.requests.length).toBe(from);
  });

  it('a bad regex and a bad sort: one line each, exit 2', async () => {
    const re = await run(demo.app(), '--all', '--filter', '/(/');
    expect(re.code).toBe(2);
    expect(lines(re.stderr)).toHaveLength(1);
    expect(re.stderr).toContain('the regex "/(/" is not one');
    const sort = await run(demo.app(), '--sort', 'size');
    expect(sort.code).toBe(2);
    expect(sort.stderr).toBe("dms: --sort takes started, duration, status, id, with :asc or :desc (default desc), not 'size'.\n");
  });
});

describe('--view NAME', () => {
  const withConfig = async (dir: string, ...argv: string[]) => runInProcess(['deployments', ...argv], client(), { configDir: dir });

  it("lays the saved view's query and sort under --filter and --sort", async () => {
    const app = demo.app();
    const dir = tempDir('dms-views-');
    // The in-process session's connection is `localhost`, not the demo: its views are kept under that.
    saveView(dir, 'localhost', app, { name: 'fails', filter: 'status:failed', sort: 'id:asc' });
    const views = await pageViews(app, 40);
    const failed = views.filter((v) => v.phase === 'failed');
    const r = await withConfig(dir, app, '--take', '40', '--view', 'fails', '-o', 'ndjson');
    expect(r.code, r.stderr).toBe(0);
    expect(ndjsonViews(r.stdout).map((v) => v.id)).toEqual(failed.map((v) => v.id!).sort((a, b) => a - b));
    const both = await withConfig(
      dir,
      app,
      '--take',
      '40',
      '--view',
      'fails',
      '--filter',
      'source:webhook',
      '--sort',
      'id:desc',
      '-o',
      'ndjson',
    );
    expect(ndjsonViews(both.stdout).map((v) => v.id)).toEqual(failed.filter((v) => v.source === 'webhook').map((v) => v.id));
  });

  it('a view not saved: one line naming the saved ones, exit 2; a bad name or --cached refused before anything is sent', async () => {
    const dir = tempDir('dms-views-');
    saveView(dir, 'localhost', demo.app(), { name: 'fails', filter: 'status:failed', sort: 'id:asc' });
    const none = await withConfig(dir, demo.app(), '--view', 'slow');
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'dms: no view slow for this application on this server (the saved ones are fails): save one in the TUI with :view save slow.\n',
    );
    const bad = await withConfig(dir, demo.app(), '--view', 'a/b');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--view takes the name of a view saved in the TUI');
    const cached = await withConfig(dir, demo.app(), '--view', 'fails', '--cached');
    expect(cached.code).toBe(2);
    expect(cached.stderr).toContain('cannot go with --cached');
  });
});
