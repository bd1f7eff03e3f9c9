// The form's fields as a pure reducer (src/tui/screens/forms/state-fields.ts), without Ink.
import { describe, expect, it } from 'vitest';
import { APP_FORM } from '../../../../src/forms/app-form.js';
import type { FormValues } from '../../../../src/forms/types.js';
import { createFormReducer, initialFormState } from '../../../../src/tui/screens/forms/state-fields.js';

const APP_MIN: FormValues = {
  project_uuid: 'p1',
  server_uuid: 's1',
  environment_name: 'production',
  git_repository: 'https://github.com/acme/web',
  git_branch: 'main',
  build_pack: 'nixpacks',
};

describe('reducer', () => {
  const reduce = createFormReducer(APP_FORM);
  it('opens focused on the first field', () => {
    expect(initialFormState(APP_FORM).focus).toBe('project_uuid');
  });
  it('next at the last field of a step goes to the next step', () => {
    let s = initialFormState(APP_FORM, APP_MIN);
    for (let i = 0; i < 9; i++) s = reduce(s, { type: 'next' });
    expect(s.step).toBe(1);
    expect(s.focus).toBe('environment_uuid');
    s = reduce(s, { type: 'prev' });
    expect([s.step, s.focus]).toEqual([0, 'instant_deploy']);
  });
  it('leaving a field checks it; editing clears a fixed message', () => {
    let s = initialFormState(APP_FORM);
    s = reduce(s, { type: 'next' });
    expect(s.errors.project_uuid).toBe('is required.');
    s = reduce(s, { type: 'set', name: 'project_uuid', value: 'p1' });
    expect(s.errors.project_uuid).toBeUndefined();
  });
  it('leaving the repository normalises it and takes the branch', () => {
    let s = reduce(initialFormState(APP_FORM), { type: 'focus', field: 'git_repository' });
    s = reduce(s, { type: 'set', name: 'git_repository', value: 'https://github.com/acme/web/tree/dev' });
    s = reduce(s, { type: 'next' });
    expect(s.values.git_repository).toBe('https://github.com/acme/web');
    expect(s.values.git_branch).toBe('dev');
  });
  it('leaving the repository as a bare github.com/acme/shop makes it https, with no message', () => {
    let s = reduce(initialFormState(APP_FORM), { type: 'focus', field: 'git_repository' });
    s = reduce(s, { type: 'set', name: 'git_repository', value: 'github.com/acme/shop' });
    s = reduce(s, { type: 'next' });
    expect(s.values.git_repository).toBe('https://github.com/acme/shop');
    expect(s.errors.git_repository).toBeUndefined();
  });
  it('server errors jump to the first failing step and stay until the field is edited', () => {
    let s = initialFormState(APP_FORM, APP_MIN);
    s = reduce(s, { type: 'server-errors', errors: { ports_exposes: 'bad', limits_cpus: 'bad too' } });
    expect([s.step, s.focus]).toEqual([0, 'ports_exposes']);
    s = reduce(s, { type: 'next' });
    expect(s.serverErrors.ports_exposes).toBe('bad');
    s = reduce(s, { type: 'set', name: 'ports_exposes', value: '3000' });
    expect(s.serverErrors.ports_exposes).toBeUndefined();
    expect(s.serverErrors.limits_cpus).toBe('bad too');
  });
  it('invalid submit focuses the first problem', () => {
    const s = reduce(initialFormState(APP_FORM, { ...APP_MIN }, 8), {
      type: 'invalid',
      errors: { limits_cpus: 'bad.', git_branch: 'is required.' },
    });
    expect([s.step, s.focus]).toEqual([0, 'git_branch']);
  });
  it('compose rows are added and removed', () => {
    let s = reduce(initialFormState(APP_FORM, { build_pack: 'containercompose' }), { type: 'focus', field: 'container_compose_domains' });
    s = reduce(s, { type: 'row-add' });
    s = reduce(s, { type: 'row-add' });
    expect(s.cell).toBe(3);
    expect((s.values.container_compose_domains as unknown[]).length).toBe(2);
    s = reduce(s, { type: 'row-remove' });
    expect((s.values.container_compose_domains as unknown[]).length).toBe(1);
  });
});

describe('defaults follow the build pack', () => {
  const reduce = createFormReducer(APP_FORM);
  it('the port still at its default becomes 80 for static, 3000 again for nixpacks, none for compose', () => {
    let s = initialFormState(APP_FORM, { build_pack: 'nixpacks', ports_exposes: '3000' });
    s = reduce(s, { type: 'set', name: 'build_pack', value: 'static' });
    expect(s.values.ports_exposes).toBe('80');
    s = reduce(s, { type: 'set', name: 'build_pack', value: 'nixpacks' });
    expect(s.values.ports_exposes).toBe('3000');
    s = reduce(s, { type: 'set', name: 'build_pack', value: 'containercompose' });
    expect(s.values.ports_exposes).toBeUndefined();
  });
  it('a port the user changed stays', () => {
    let s = initialFormState(APP_FORM, { build_pack: 'nixpacks', ports_exposes: '8080' });
    s = reduce(s, { type: 'set', name: 'build_pack', value: 'static' });
    expect(s.values.ports_exposes).toBe('8080');
  });
});
