// The last green build of a deployment: the newest finished one after it in the history (older)
// that is not a preview and is of its branch: the record's git_branch, else the branch its log
// imported (queue rows); a row that says none is taken to be of it.
import { describe, expect, it } from 'vitest';
import { viewOf, type DeploymentView } from '../../src/model/deployment.js';
import { branchOf, greenWalk } from '../../src/model/last-green.js';

const logOf = (branch: string) =>
  JSON.stringify(
    JSON.stringify([
      { command: null, output: 'Starting deployment of x to y.', type: 'stdout' },
      { command: null, output: `Importing acme/x:${branch} (commit sha abc1234) to /artifacts/z.`, type: 'stdout' },
    ]),
  );
const row = (id: number, status: string, extra: Record<string, unknown> = {}): DeploymentView => viewOf({ id, status, ...extra });
const greenOf = (views: DeploymentView[], id: number): number | null | undefined => {
  const walk = greenWalk((v) => v.id === id);
  walk.feed(views, 0);
  walk.end();
  return walk.b?.view.id;
};

describe('branchOf', () => {
  it("the record's branch, else the one its log imported, else ''", () => {
    expect(branchOf(row(1, 'failed', { git_branch: 'main', logs: logOf('develop') }))).toBe('main');
    expect(branchOf(row(1, 'failed', { logs: JSON.parse(logOf('feature/x')) as string }))).toBe('feature/x');
    expect(branchOf(row(1, 'failed'))).toBe('');
  });
});

describe('greenWalk', () => {
  it('skips newer rows, previews, other branches and failures: the first finished one of its branch after it', () => {
    const views = [
      row(9, 'finished', { git_branch: 'main' }),
      row(8, 'failed', { git_branch: 'main' }),
      row(7, 'finished', { git_branch: 'main', pull_request_id: 12 }),
      row(6, 'finished', { git_branch: 'develop' }),
      row(5, 'cancelled-by-user', { git_branch: 'main' }),
      row(4, 'finished', { git_branch: 'main', pull_request_id: 0 }),
      row(3, 'finished', { git_branch: 'main' }),
    ];
    expect(greenOf(views, 8)).toBe(4);
    expect(greenOf(views, 4)).toBe(3);
    expect(greenOf(views, 3)).toBeUndefined();
  });

  it('queue rows: the branch read from their logs; a row whose log names none counts as of it', () => {
    const views = [
      row(5, 'failed', { logs: logOf('develop') }),
      row(4, 'finished', { logs: logOf('main') }),
      row(3, 'finished', { logs: logOf('develop') }),
    ];
    expect(greenOf(views, 5)).toBe(3);
    expect(greenOf([row(2, 'failed', { logs: logOf('develop') }), row(1, 'finished')], 2)).toBe(1);
  });
});
