import { describe, expect, it } from 'vitest';
import { readDeploymentList, type Deployment } from '../../src/api/schemas/deployment.js';
import { DEPLOYMENT_FIELDS } from '../../src/api/schemas/deployment-fields.js';
import { carriesSettings, settingsChanged, settingsChanges } from '../../src/model/settings.js';
import { lineDiff } from '../../src/model/line-diff.js';

const read = (raw: Record<string, unknown>): Deployment => readDeploymentList([raw])!.deployments[0]!;
/** A snapshot record: every field of interface.md §2.1, nulls mostly. */
const snapshot = (fields: Record<string, unknown>) => read({ ...Object.fromEntries(DEPLOYMENT_FIELDS.map((f) => [f, null])), ...fields });

describe('what changed between two snapshots', () => {
  const older = snapshot({
    id: 1,
    limits_memory: '512m',
    build_command: 'npm run build',
    manual_webhook_secret_provider_a: 'old',
    destination_id: 3,
    fqdn: 'https://a.example.com',
  });

  it('lists the settings that differ, the secret only as a secret', () => {
    const newer = snapshot({
      id: 2,
      limits_memory: '1g',
      build_command: 'npm run build',
      manual_webhook_secret_provider_a: 'new',
      destination_id: 3,
      fqdn: 'https://a.example.com,https://b.example.com',
    });
    expect(settingsChanges(newer, older)).toEqual([
      { field: 'fqdn', before: 'https://a.example.com', after: 'https://a.example.com,https://b.example.com', secret: false },
      { field: 'limits_memory', before: '512m', after: '1g', secret: false },
      { field: 'manual_webhook_secret_provider_a', before: 'old', after: 'new', secret: true },
    ]);
    expect(settingsChanged(newer, older)).toBe(true);
  });

  it('ignores what belongs to the deployment itself: id, status, commit, branch, times, hash', () => {
    const newer = snapshot({
      id: 2,
      status: 'failed',
      git_commit_sha: 'b',
      git_branch: 'develop',
      created_at: 'x',
      updated_at: 'y',
      config_hash: 'z',
      limits_memory: '512m',
      build_command: 'npm run build',
      manual_webhook_secret_provider_a: 'old',
      destination_id: 3,
      fqdn: 'https://a.example.com',
    });
    expect(settingsChanges(newer, older)).toEqual([]);
    expect(settingsChanged(newer, older)).toBe(false);
  });

  it('reads "3" and 3, null and "" as the same; compares only fields both records carry', () => {
    const newer = read({ ...older, id: 2, destination_id: '3', description: '', limits_memory: undefined });
    delete (newer as Record<string, unknown>).limits_memory;
    expect(settingsChanges(newer, older)).toEqual([]);
  });

  it('finds nothing to compare in queue rows, or against a missing neighbour', () => {
    const row = read({ id: 5, deployment_uuid: 'x', destination_id: '1', commit: 'HEAD', container_registry_image_tag: 'a' });
    expect(carriesSettings(row)).toBe(false);
    expect(carriesSettings(older)).toBe(true);
    expect(settingsChanges(row, read({ ...row, destination_id: '2' }))).toEqual([]);
    expect(settingsChanged(older, undefined)).toBe(false);
  });
});

describe('line diff', () => {
  it('lists removed and added lines in order', () => {
    expect(lineDiff(['a', 'b', 'c'], ['a', 'x', 'c', 'd'])).toEqual([
      { kind: '+', text: 'x' },
      { kind: '-', text: 'b' },
      { kind: '+', text: 'd' },
    ]);
    expect(lineDiff([], [])).toEqual([]);
    expect(lineDiff(['same'], ['same'])).toEqual([]);
  });

  it('falls back to comparing sets of lines for long texts', () => {
    const before = Array.from({ length: 1000 }, (_, i) => `line ${i}`);
    const after = [...before.slice(1), 'new'];
    expect(lineDiff(before, after)).toEqual([
      { kind: '-', text: 'line 0' },
      { kind: '+', text: 'new' },
    ]);
  });
});
