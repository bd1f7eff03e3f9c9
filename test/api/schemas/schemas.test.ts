// The zod schemas: tolerant reading of deployment records, strict checking of creation bodies.
import { describe, expect, it } from 'vitest';
import {
  BUILD_PACKS,
  CREATE_APP_FIELDS,
  CREATE_APP_REQUIRED,
  DEPLOYMENT_BOOL_FIELDS,
  DEPLOYMENT_FIELDS,
  DEPLOYMENT_INT_FIELDS,
  DEPLOYMENT_STRING_FIELDS,
  DOCSTORE_FIELDS,
  DOCSTORE_REQUIRED,
  HEALTH_CHECK_METHODS,
  HEALTH_CHECK_SCHEMES,
  REDIRECTS,
  invalidFieldsOf,
  readDeployment,
  readDeploymentList,
  validateCreateApp,
  validateCreateDocstore,
  type CreateAppField,
  type DocstoreField,
  type Validation,
} from '../../../src/api/schemas/index.js';
import { MIN_APP } from '../../support/requests.js';

// ---------------------------------------------------------------------------------------------
// interface.md, copied by type, so a field missing from the code fails a test.

const SPEC_DEPLOYMENT = {
  int: [
    'id',
    'repository_project_id',
    'health_check_return_code',
    'health_check_interval',
    'health_check_timeout',
    'health_check_retries',
    'health_check_start_period',
    'limits_memory_swappiness',
    'limits_cpu_shares',
    'destination_id',
    'source_id',
    'private_key_id',
    'environment_id',
    'cluster_replicas',
  ],
  bool: ['health_check_enabled', 'custom_healthcheck_found', 'is_http_basic_auth_enabled'],
  string: [
    'description',
    'uuid',
    'name',
    'fqdn',
    'config_hash',
    'git_repository',
    'git_branch',
    'git_commit_sha',
    'git_full_url',
    'container_registry_image_name',
    'container_registry_image_tag',
    'build_pack',
    'static_image',
    'install_command',
    'build_command',
    'start_command',
    'ports_exposes',
    'ports_mappings',
    'custom_network_aliases',
    'base_directory',
    'publish_directory',
    'health_check_path',
    'health_check_port',
    'health_check_host',
    'health_check_method',
    'health_check_scheme',
    'health_check_response_text',
    'limits_memory',
    'limits_memory_swap',
    'limits_memory_reservation',
    'limits_cpus',
    'limits_cpuset',
    'status',
    'preview_url_template',
    'destination_type',
    'containerfile',
    'containerfile_location',
    'custom_labels',
    'containerfile_target_build',
    'manual_webhook_secret_provider_a',
    'manual_webhook_secret_provider_b',
    'manual_webhook_secret_provider_c',
    'manual_webhook_secret_provider_d',
    'container_compose_location',
    'container_compose',
    'container_compose_raw',
    'container_compose_domains',
    'container_compose_custom_start_command',
    'container_compose_custom_build_command',
    'cluster_placement_constraints',
    'custom_container_run_options',
    'post_deployment_command',
    'post_deployment_command_container',
    'pre_deployment_command',
    'pre_deployment_command_container',
    'watch_paths',
    'redirect',
    'created_at',
    'updated_at',
    'deleted_at',
    'compose_parsing_version',
    'custom_proxy_configuration',
    'http_basic_auth_username',
    'http_basic_auth_password',
  ],
};

type Kind = 'string' | 'int' | 'bool' | 'array';
const SPEC_CREATE_APP: Record<string, Kind> = Object.fromEntries([
  ...[
    'project_uuid',
    'server_uuid',
    'environment_name',
    'environment_uuid',
    'destination_uuid',
    'git_repository',
    'git_branch',
    'git_commit_sha',
    'build_pack',
    'ports_exposes',
    'ports_mappings',
    'name',
    'description',
    'domains',
    'container_registry_image_name',
    'container_registry_image_tag',
    'static_image',
    'install_command',
    'build_command',
    'start_command',
    'base_directory',
    'publish_directory',
    'watch_paths',
    'health_check_path',
    'health_check_port',
    'health_check_host',
    'health_check_method',
    'health_check_scheme',
    'health_check_response_text',
    'limits_memory',
    'limits_memory_swap',
    'limits_memory_reservation',
    'limits_cpus',
    'limits_cpuset',
    'custom_labels',
    'custom_container_run_options',
    'redirect',
    'post_deployment_command',
    'post_deployment_command_container',
    'pre_deployment_command',
    'pre_deployment_command_container',
    'manual_webhook_secret_provider_a',
    'manual_webhook_secret_provider_b',
    'manual_webhook_secret_provider_c',
    'manual_webhook_secret_provider_d',
    'containerfile',
    'container_compose_location',
    'container_compose_raw',
    'container_compose_custom_start_command',
    'container_compose_custom_build_command',
    'http_basic_auth_username',
    'http_basic_auth_password',
  ].map((f) => [f, 'string' as Kind]),
  ...[
    'health_check_return_code',
    'health_check_interval',
    'health_check_timeout',
    'health_check_retries',
    'health_check_start_period',
    'limits_memory_swappiness',
    'limits_cpu_shares',
  ].map((f) => [f, 'int' as Kind]),
  ['container_compose_domains', 'array'],
  ...[
    'is_static',
    'health_check_enabled',
    'instant_deploy',
    'use_build_server',
    'is_http_basic_auth_enabled',
    'connect_to_container_network',
    'force_domain_override',
  ].map((f) => [f, 'bool' as Kind]),
]);

const SPEC_DOCSTORE: Record<string, Kind> = Object.fromEntries([
  ...[
    'server_uuid',
    'project_uuid',
    'environment_name',
    'environment_uuid',
    'destination_uuid',
    'docstore_conf',
    'docstore_initdb_root_username',
    'name',
    'description',
    'image',
    'limits_memory',
    'limits_memory_swap',
    'limits_memory_reservation',
    'limits_cpus',
    'limits_cpuset',
  ].map((f) => [f, 'string' as Kind]),
  ...['public_port', 'limits_memory_swappiness', 'limits_cpu_shares'].map((f) => [f, 'int' as Kind]),
  ...['is_public', 'instant_deploy'].map((f) => [f, 'bool' as Kind]),
]);

// ---------------------------------------------------------------------------------------------
// Helpers

function problemsOf<T>(v: Validation<T>) {
  return v.success ? [] : v.problems;
}
/** The string-keyed fields of a record (without the symbol that holds the flagged fields). */
const plain = (d: object) => Object.fromEntries(Object.entries(d));
function fieldsOf<T>(v: Validation<T>): string[] {
  return problemsOf(v).map((p) => p.field);
}
const WRONG: Record<Kind, unknown[]> = {
  string: [42, true, ['x'], { a: 1 }],
  int: ['5', 1.5, true, [1]],
  bool: ['true', 1, null],
  array: ['x', { name: 'web' }, 1],
};

// ---------------------------------------------------------------------------------------------
describe('deployment record (§2.1)', () => {
  const kindOf = (f: string): 'int' | 'bool' | 'string' =>
    (DEPLOYMENT_INT_FIELDS as readonly string[]).includes(f)
      ? 'int'
      : (DEPLOYMENT_BOOL_FIELDS as readonly string[]).includes(f)
        ? 'bool'
        : 'string';
  const full: Record<string, unknown> = Object.fromEntries(
    DEPLOYMENT_FIELDS.map((f, i) => [f, kindOf(f) === 'int' ? i + 1 : kindOf(f) === 'bool' ? i % 2 === 0 : `value of ${f}`]),
  );

  it('the code lists exactly the fields of interface.md §2.1, each with its type', () => {
    expect([...DEPLOYMENT_INT_FIELDS].sort()).toEqual([...SPEC_DEPLOYMENT.int].sort());
    expect([...DEPLOYMENT_BOOL_FIELDS].sort()).toEqual([...SPEC_DEPLOYMENT.bool].sort());
    expect([...DEPLOYMENT_STRING_FIELDS].sort()).toEqual([...SPEC_DEPLOYMENT.string].sort());
  });

  it('accepts a record with every field set to a value of its type, unchanged and unflagged', () => {
    const d = readDeployment(full);
    expect(d).toEqual(full);
    expect(invalidFieldsOf(d)).toEqual({});
  });

  it('accepts every field as null', () => {
    const nulls = Object.fromEntries(DEPLOYMENT_FIELDS.map((f) => [f, null]));
    const d = readDeployment(nulls);
    expect(d).toEqual(nulls);
    expect(invalidFieldsOf(d)).toEqual({});
  });

  it('accepts a record with every field absent', () => {
    const d = readDeployment({});
    expect(d).toEqual({});
    expect(invalidFieldsOf(d)).toEqual({});
  });

  it.each(DEPLOYMENT_FIELDS.map((f) => [f]))('a wrong type in %s keeps the record and flags that field with its raw value', (field) => {
    const kind = kindOf(field);
    const raw = kind === 'int' ? 'twelve' : kind === 'bool' ? 'yes' : [42];
    const d = readDeployment({ ...full, [field]: raw });
    expect(invalidFieldsOf(d)).toEqual({ [field]: raw });
    expect(field in d).toBe(false);
    const { [field]: _dropped, ...rest } = full;
    expect(plain(d)).toEqual(rest);
  });

  it.each(DEPLOYMENT_FIELDS.map((f) => [f]))('a plainly readable value of another type in %s is kept as sent, not flagged', (field) => {
    const kind = kindOf(field);
    for (const raw of kind === 'int' ? ['12', '-3', '0'] : kind === 'bool' ? [0, 1, '0', '1', 'true', 'false'] : [42, 1.5]) {
      const d = readDeployment({ ...full, [field]: raw });
      expect(invalidFieldsOf(d)).toEqual({});
      expect(plain(d)).toEqual({ ...full, [field]: raw });
    }
  });

  it('a decimal in an integer field is flagged', () => {
    const d = readDeployment({ id: 1.5, status: 'finished' });
    expect(invalidFieldsOf(d)).toEqual({ id: 1.5 });
    expect(d.status).toBe('finished');
  });

  it('several wrong fields are all flagged, the rest kept', () => {
    const d = readDeployment({
      id: '1.0',
      health_check_enabled: 'no',
      status: [7],
      name: 'web',
      created_at: '2026-08-22T15:22:50.000000Z',
    });
    expect(invalidFieldsOf(d)).toEqual({ id: '1.0', health_check_enabled: 'no', status: [7] });
    expect(plain(d)).toEqual({ name: 'web', created_at: '2026-08-22T15:22:50.000000Z' });
  });

  it('keeps unknown fields, whatever their type', () => {
    const extra = { brand_new: 'x', nested: { a: [1, 2] }, flag: false, count: 3, nothing: null };
    const d = readDeployment({ id: 1, ...extra });
    expect(d).toEqual({ id: 1, ...extra });
    expect(invalidFieldsOf(d)).toEqual({});
  });

  it('keeps unknown fields when another field is flagged', () => {
    const d = readDeployment({ id: 'x', brand_new: { deep: true } });
    expect(plain(d)).toEqual({ brand_new: { deep: true } });
    expect(invalidFieldsOf(d)).toEqual({ id: 'x' });
  });

  it.each([[null], [5], ['text'], [[1, 2]], [true]])('a non-object list element %j becomes an empty record flagged (record)', (raw) => {
    const d = readDeployment(raw);
    expect(invalidFieldsOf(d)).toEqual({ '(record)': raw });
    expect(Object.keys(d)).toEqual([]);
  });

  it('a __proto__ key cannot give the record fields it does not have', () => {
    const d = readDeployment(JSON.parse('{"__proto__": {"status": "finished", "http_basic_auth_password": "x"}, "id": 1}'));
    expect(d.status).toBeUndefined();
    expect(d.http_basic_auth_password).toBeUndefined();
    expect(({} as Record<string, unknown>).status).toBeUndefined();
  });
});

describe('deployment list body', () => {
  it('reads the bare array of interface.md with total null', () => {
    const page = readDeploymentList([{ id: 2 }, { id: 1 }]);
    expect(page).toEqual({ deployments: [{ id: 2 }, { id: 1 }], total: null });
  });

  it('reads the empty array', () => {
    expect(readDeploymentList([])).toEqual({ deployments: [], total: null });
  });

  it('reads {count, deployments} with count as the total', () => {
    const page = readDeploymentList({ count: 137, deployments: [{ id: 11 }, { id: 12 }] });
    expect(page?.total).toBe(137);
    expect(page?.deployments.map((d) => d.id)).toEqual([11, 12]);
  });

  it('reads {deployments} without count, or with count null, with total null', () => {
    expect(readDeploymentList({ deployments: [] })?.total).toBeNull();
    expect(readDeploymentList({ count: null, deployments: [] })?.total).toBeNull();
  });

  it('ignores a count of the wrong type and keeps the deployments', () => {
    for (const count of ['137', -1, 1.5]) {
      const page = readDeploymentList({ count, deployments: [{ id: 1 }] });
      expect(page?.total).toBeNull();
      expect(page?.deployments).toHaveLength(1);
    }
  });

  it('flags the bad elements of a list and keeps the good ones', () => {
    const page = readDeploymentList([{ id: 1 }, null, 'x', { id: 'two' }]);
    expect(page?.deployments).toHaveLength(4);
    expect(invalidFieldsOf(page!.deployments[0]!)).toEqual({});
    expect(invalidFieldsOf(page!.deployments[1]!)).toEqual({ '(record)': null });
    expect(invalidFieldsOf(page!.deployments[2]!)).toEqual({ '(record)': 'x' });
    expect(invalidFieldsOf(page!.deployments[3]!)).toEqual({ id: 'two' });
  });

  it.each([[null], [undefined], ['[]'], [42], [true], [{}], [{ data: [] }], [{ deployments: 'none' }], [{ deployments: { 0: {} } }]])(
    'garbage list body %j reads as undefined',
    (body) => {
      expect(readDeploymentList(body)).toBeUndefined();
    },
  );
});

// ---------------------------------------------------------------------------------------------
const APP_VALUES: Record<CreateAppField, unknown> = {
  project_uuid: 'proj-1',
  server_uuid: 'srv-1',
  environment_name: 'production',
  environment_uuid: 'env-1',
  destination_uuid: 'dest-1',
  git_repository: 'https://github.com/owner/repo',
  git_branch: 'main',
  git_commit_sha: 'HEAD',
  build_pack: 'nixpacks',
  ports_exposes: '3000,3001',
  ports_mappings: '8080:80',
  name: 'web',
  description: 'The web app',
  domains: 'https://app.example.com,http://www.example.com',
  container_registry_image_name: 'ghcr.io/owner/web',
  container_registry_image_tag: 'latest',
  static_image: 'nginx:alpine',
  install_command: 'npm ci',
  build_command: 'npm run build',
  start_command: 'npm start',
  base_directory: '/',
  publish_directory: '/dist',
  watch_paths: 'src/**',
  health_check_path: '/health',
  health_check_port: '3000',
  health_check_host: 'localhost',
  health_check_method: 'GET',
  health_check_scheme: 'http',
  health_check_response_text: 'OK',
  health_check_return_code: 200,
  health_check_interval: 5,
  health_check_timeout: 5,
  health_check_retries: 10,
  health_check_start_period: 5,
  limits_memory: '512m',
  limits_memory_swap: '1g',
  limits_memory_reservation: '0',
  limits_cpus: '0.5',
  limits_cpuset: '0-2',
  limits_memory_swappiness: 60,
  limits_cpu_shares: 1024,
  custom_labels: 'traefik.enable=true',
  custom_container_run_options: '--cap-add SYS_ADMIN',
  redirect: 'www',
  post_deployment_command: 'php artisan migrate',
  post_deployment_command_container: 'app',
  pre_deployment_command: 'php artisan down',
  pre_deployment_command_container: 'app',
  manual_webhook_secret_provider_a: 'whsec-a',
  manual_webhook_secret_provider_b: 'whsec-b',
  manual_webhook_secret_provider_c: 'whsec-c',
  manual_webhook_secret_provider_d: 'whsec-d',
  containerfile: 'FROM node:20\nCMD ["npm","start"]',
  container_compose_location: '/compose.yaml',
  container_compose_raw: 'services:\n  web:\n    image: nginx\n',
  container_compose_custom_start_command: 'docker compose up -d',
  container_compose_custom_build_command: 'docker compose build',
  container_compose_domains: [{ name: 'web', domain: 'https://a.example.com', redirect: 'both' }, { name: 'api' }],
  http_basic_auth_username: 'admin',
  http_basic_auth_password: 'hunter2',
  is_static: false,
  health_check_enabled: true,
  instant_deploy: true,
  use_build_server: false,
  is_http_basic_auth_enabled: true,
  connect_to_container_network: false,
  force_domain_override: false,
};

describe('application creation request (§2.2)', () => {
  it('the code lists exactly the fields of interface.md §2.2', () => {
    expect([...CREATE_APP_FIELDS].sort()).toEqual(Object.keys(SPEC_CREATE_APP).sort());
    expect(Object.keys(APP_VALUES).sort()).toEqual([...CREATE_APP_FIELDS].sort());
  });

  it('accepts a body with every field set to a valid value, unchanged', () => {
    const v = validateCreateApp(APP_VALUES);
    expect(problemsOf(v)).toEqual([]);
    expect(v.success && v.data).toEqual(APP_VALUES);
  });

  it('accepts the minimal body', () => {
    expect(problemsOf(validateCreateApp(MIN_APP))).toEqual([]);
  });

  it.each(CREATE_APP_FIELDS.map((f) => [f]))('accepts %s with a valid value of its type', (field) => {
    const body: Record<string, unknown> = { ...MIN_APP, [field]: APP_VALUES[field] };
    if (field === 'is_http_basic_auth_enabled') body.http_basic_auth_username = 'admin';
    expect(problemsOf(validateCreateApp(body))).toEqual([]);
  });

  it.each(CREATE_APP_FIELDS.flatMap((f) => WRONG[SPEC_CREATE_APP[f]!].map((w) => [f, w] as [CreateAppField, unknown])))(
    'rejects %s = %j (wrong type) and names the field',
    (field, wrong) => {
      const v = validateCreateApp({ ...APP_VALUES, [field]: wrong });
      expect(v.success).toBe(false);
      expect(fieldsOf(v)).toContain(field);
      expect(fieldsOf(v).every((f) => f === field || f.startsWith(`${field}.`))).toBe(true);
    },
  );

  it.each(CREATE_APP_REQUIRED.map((f) => [f]))('requires %s', (field) => {
    const { [field]: _gone, ...body } = MIN_APP;
    const v = validateCreateApp(body);
    expect(problemsOf(v)).toContainEqual({ field, message: 'is required.' });
  });

  it.each(['project_uuid', 'server_uuid', 'git_repository', 'git_branch'] as const)('rejects an empty %s', (field) => {
    expect(fieldsOf(validateCreateApp({ ...MIN_APP, [field]: '' }))).toEqual([field]);
  });

  it('rejects a blank git_branch', () => {
    expect(fieldsOf(validateCreateApp({ ...MIN_APP, git_branch: '   ' }))).toEqual(['git_branch']);
  });

  it('rejects an unknown field, naming it', () => {
    const v = validateCreateApp({ ...MIN_APP, docstore_conf: 'x', 'weird key': 1 });
    expect(problemsOf(v)).toEqual([
      { field: 'docstore_conf', message: 'is not a field of this request.' },
      { field: 'weird key', message: 'is not a field of this request.' },
    ]);
  });

  describe('environment: one of environment_name / environment_uuid', () => {
    const { environment_name: _n, ...noEnv } = MIN_APP;
    it('rejects a body with neither', () => {
      expect(fieldsOf(validateCreateApp(noEnv))).toEqual(['environment_name']);
      expect(
        problemsOf(validateCreateApp(noEnv))
          .map((p) => p.message)
          .join('\n'),
      ).toContain('environment_uuid');
    });
    it('rejects both empty', () => {
      expect(fieldsOf(validateCreateApp({ ...noEnv, environment_name: '', environment_uuid: '' }))).toContain('environment_name');
    });
    it('accepts environment_name alone', () => {
      expect(validateCreateApp({ ...noEnv, environment_name: 'staging' }).success).toBe(true);
    });
    it('accepts environment_uuid alone', () => {
      expect(validateCreateApp({ ...noEnv, environment_uuid: 'env-1' }).success).toBe(true);
    });
    it('accepts both', () => {
      expect(validateCreateApp({ ...noEnv, environment_name: 'staging', environment_uuid: 'env-1' }).success).toBe(true);
    });
  });

  it('reports all problems at once, not just the first', () => {
    const v = validateCreateApp({
      server_uuid: 42,
      git_repository: 'nope',
      git_branch: 'main',
      build_pack: 'gradle',
      ports_exposes: '70000',
      health_check_method: 'PUT',
      limits_memory_swappiness: 101,
      container_compose_domains: [{ redirect: 'x' }],
      surprise: true,
    });
    expect(fieldsOf(v).sort()).toEqual([
      'build_pack',
      'container_compose_domains.0.name',
      'container_compose_domains.0.redirect',
      'environment_name',
      'git_repository',
      'health_check_method',
      'limits_memory_swappiness',
      'ports_exposes',
      'project_uuid',
      'server_uuid',
      'surprise',
    ]);
    expect(problemsOf(v).every((p) => p.message.length > 0)).toBe(true);
  });

  it.each([[null], [[]], ['{}'], [42], [undefined]])('rejects a body %j that is not an object', (body) => {
    expect(problemsOf(validateCreateApp(body))).toEqual([{ field: '(body)', message: 'The request body must be a JSON object.' }]);
  });
});

describe('application creation request (§2.2): the rules of each value', () => {
  describe('enumerations', () => {
    it.each(BUILD_PACKS.map((b) => [b]))('accepts build_pack %s', (b) => {
      expect(validateCreateApp({ ...MIN_APP, build_pack: b }).success).toBe(true);
    });
    it.each([['gradle'], ['Nixpacks'], ['']])('rejects build_pack %j', (b) => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, build_pack: b }))).toEqual(['build_pack']);
    });
    it.each(HEALTH_CHECK_METHODS.map((m) => [m]))('accepts health_check_method %s', (m) => {
      expect(validateCreateApp({ ...MIN_APP, health_check_method: m }).success).toBe(true);
    });
    it.each([['PUT'], ['get'], ['DELETE']])('rejects health_check_method %j', (m) => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, health_check_method: m }))).toEqual(['health_check_method']);
    });
    it.each(HEALTH_CHECK_SCHEMES.map((s) => [s]))('accepts health_check_scheme %s', (s) => {
      expect(validateCreateApp({ ...MIN_APP, health_check_scheme: s }).success).toBe(true);
    });
    it.each([['ftp'], ['HTTPS'], ['tcp']])('rejects health_check_scheme %j', (s) => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, health_check_scheme: s }))).toEqual(['health_check_scheme']);
    });
    it.each(REDIRECTS.map((r) => [r]))('accepts redirect %s', (r) => {
      expect(validateCreateApp({ ...MIN_APP, redirect: r }).success).toBe(true);
    });
    it.each([['none'], ['WWW'], ['non_www']])('rejects redirect %j', (r) => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, redirect: r }))).toEqual(['redirect']);
    });
  });

  describe('container_compose_domains items', () => {
    const withDomains = (items: unknown) =>
      validateCreateApp({ ...MIN_APP, build_pack: 'containercompose', container_compose_domains: items });
    it('accepts items with name, domain and each redirect', () => {
      for (const redirect of REDIRECTS) {
        expect(withDomains([{ name: 'web', domain: 'https://a.example.com,https://b.example.com', redirect }]).success).toBe(true);
      }
    });
    it('accepts an item with only a name, and the empty list', () => {
      expect(withDomains([{ name: 'web' }]).success).toBe(true);
      expect(withDomains([]).success).toBe(true);
    });
    it('requires name', () => {
      expect(fieldsOf(withDomains([{ domain: 'https://a.example.com' }]))).toEqual(['container_compose_domains.0.name']);
      expect(fieldsOf(withDomains([{ name: ' ' }]))).toEqual(['container_compose_domains.0.name']);
    });
    it('rejects a redirect outside www, non-www, both', () => {
      expect(fieldsOf(withDomains([{ name: 'web', redirect: 'always' }]))).toEqual(['container_compose_domains.0.redirect']);
    });
    it('rejects a domain that is not a list of http(s) URLs', () => {
      expect(fieldsOf(withDomains([{ name: 'web', domain: 'a.example.com' }]))).toEqual(['container_compose_domains.0.domain']);
      expect(fieldsOf(withDomains([{ name: 'web', domain: 'ftp://a.example.com' }]))).toEqual(['container_compose_domains.0.domain']);
    });
    it('rejects other keys in an item, naming them', () => {
      expect(fieldsOf(withDomains([{ name: 'web' }, { name: 'api', port: 80 }]))).toEqual(['container_compose_domains.1.port']);
    });
    it('rejects items that are not objects', () => {
      expect(fieldsOf(withDomains(['web']))).toEqual(['container_compose_domains.0']);
    });
  });

  describe('cross-field rules', () => {
    it('rejects domains with build_pack containercompose', () => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, build_pack: 'containercompose', domains: 'https://a.example.com' }))).toEqual([
        'domains',
      ]);
    });
    it('requires http_basic_auth_username when basic auth is enabled', () => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, is_http_basic_auth_enabled: true }))).toEqual(['http_basic_auth_username']);
      expect(validateCreateApp({ ...MIN_APP, is_http_basic_auth_enabled: false }).success).toBe(true);
    });
  });

  describe('ranges and formats', () => {
    it.each([['1'], ['65535'], ['3000'], ['3000,3001'], ['80, 443']])('accepts ports_exposes %j', (p) => {
      expect(validateCreateApp({ ...MIN_APP, ports_exposes: p }).success).toBe(true);
    });
    it.each([['0'], ['65536'], ['abc'], ['3000;3001'], [''], ['-1'], ['3000,']])('rejects ports_exposes %j', (p) => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, ports_exposes: p }))).toEqual(['ports_exposes']);
    });
    it.each([['8080:80'], ['1:65535'], ['8080:80,8443:443']])('accepts ports_mappings %j', (p) => {
      expect(validateCreateApp({ ...MIN_APP, ports_mappings: p }).success).toBe(true);
    });
    it.each([['8080'], ['0:80'], ['8080:65536'], ['a:b'], ['1:2:3']])('rejects ports_mappings %j', (p) => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, ports_mappings: p }))).toEqual(['ports_mappings']);
    });
    it.each([['1'], ['65535'], ['8080']])('accepts health_check_port %j', (p) => {
      expect(validateCreateApp({ ...MIN_APP, health_check_port: p }).success).toBe(true);
    });
    it.each([['0'], ['65536'], ['http'], ['']])('rejects health_check_port %j', (p) => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, health_check_port: p }))).toEqual(['health_check_port']);
    });
    it.each([[0], [100], [60]])('accepts limits_memory_swappiness %j', (n) => {
      expect(validateCreateApp({ ...MIN_APP, limits_memory_swappiness: n }).success).toBe(true);
    });
    it.each([[-1], [101], [50.5]])('rejects limits_memory_swappiness %j', (n) => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, limits_memory_swappiness: n }))).toEqual(['limits_memory_swappiness']);
    });
    it.each([['0'], ['512m'], ['1g'], ['1.5G'], ['1024']])('accepts limits_memory %j', (m) => {
      expect(validateCreateApp({ ...MIN_APP, limits_memory: m }).success).toBe(true);
    });
    it.each([['lots'], ['512 m'], ['-1'], ['']])('rejects limits_memory %j', (m) => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, limits_memory: m }))).toEqual(['limits_memory']);
    });
    it.each([['0.5'], ['2']])('accepts limits_cpus %j', (c) => {
      expect(validateCreateApp({ ...MIN_APP, limits_cpus: c }).success).toBe(true);
    });
    it.each([['half'], ['-1']])('rejects limits_cpus %j', (c) => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, limits_cpus: c }))).toEqual(['limits_cpus']);
    });
    it.each([['0-2'], ['0,1,3'], ['1']])('accepts limits_cpuset %j', (c) => {
      expect(validateCreateApp({ ...MIN_APP, limits_cpuset: c }).success).toBe(true);
    });
    it.each([['0-'], ['a'], ['0;1']])('rejects limits_cpuset %j', (c) => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, limits_cpuset: c }))).toEqual(['limits_cpuset']);
    });
    it.each([['HEAD'], ['abc1234'], ['0123456789abcdef0123456789abcdef01234567']])('accepts git_commit_sha %j', (s) => {
      expect(validateCreateApp({ ...MIN_APP, git_commit_sha: s }).success).toBe(true);
    });
    it.each([['main'], ['xyz'], ['0'.repeat(41)]])('rejects git_commit_sha %j', (s) => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, git_commit_sha: s }))).toEqual(['git_commit_sha']);
    });
    it.each([['https://a.example.com'], ['http://a.example.com,https://b.example.com:8443/path']])('accepts domains %j', (d) => {
      expect(validateCreateApp({ ...MIN_APP, domains: d }).success).toBe(true);
    });
    it.each([['a.example.com'], ['ftp://a.example.com'], ['https://']])('rejects domains %j', (d) => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, domains: d }))).toEqual(['domains']);
    });
    it.each([[100], [599], [200]])('accepts health_check_return_code %j', (n) => {
      expect(validateCreateApp({ ...MIN_APP, health_check_return_code: n }).success).toBe(true);
    });
    it.each([[99], [600]])('rejects health_check_return_code %j', (n) => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, health_check_return_code: n }))).toEqual(['health_check_return_code']);
    });
    it.each([
      ['health_check_interval'],
      ['health_check_timeout'],
      ['health_check_retries'],
      ['health_check_start_period'],
      ['limits_cpu_shares'],
    ] as const)('rejects a negative %s', (f) => {
      expect(fieldsOf(validateCreateApp({ ...MIN_APP, [f]: -1 }))).toEqual([f]);
    });
  });

  describe('git_repository forms', () => {
    it.each([
      ['https://github.com/owner/repo'],
      ['https://github.com/owner/repo.git'],
      ['http://gitea.local:3000/owner/repo'],
      ['git@github.com:owner/repo.git'],
      ['git@gitlab.example.com:group/sub/repo.git'],
      ['https://github.com/owner/repo/tree/main'],
      ['ssh://git@host.example/owner/repo.git'],
      ['git://host.example/repo'],
    ])('accepts %j', (url) => {
      expect(validateCreateApp({ ...MIN_APP, git_repository: url }).success).toBe(true);
    });
    it.each([['nope'], ['github.com/owner/repo'], ['https://github.com'], ['ftp://host.example/repo'], ['git@host'], ['']])(
      'rejects %j',
      (url) => {
        expect(fieldsOf(validateCreateApp({ ...MIN_APP, git_repository: url }))).toEqual(['git_repository']);
      },
    );
  });
});

// ---------------------------------------------------------------------------------------------
const CONF = Buffer.from('net:\n  port: 27017\nsecurity:\n  authorization: enabled\n').toString('base64');
const DOCSTORE_VALUES: Record<DocstoreField, unknown> = {
  server_uuid: 'srv-1',
  project_uuid: 'proj-1',
  environment_name: 'production',
  environment_uuid: 'env-1',
  destination_uuid: 'dest-1',
  docstore_conf: CONF,
  docstore_initdb_root_username: 'root',
  name: 'orders-db',
  description: 'Orders',
  image: 'docstore:7',
  limits_memory: '1g',
  limits_memory_swap: '2g',
  limits_memory_reservation: '512m',
  limits_cpus: '1.5',
  limits_cpuset: '0,1',
  public_port: 27017,
  limits_memory_swappiness: 60,
  limits_cpu_shares: 1024,
  is_public: true,
  instant_deploy: true,
};
const MIN_DOCSTORE = { server_uuid: 'srv-1', project_uuid: 'proj-1', environment_uuid: 'env-1' };

describe('docstore creation request (§2.4)', () => {
  it('the code lists exactly the fields of interface.md §2.4', () => {
    expect([...DOCSTORE_FIELDS].sort()).toEqual(Object.keys(SPEC_DOCSTORE).sort());
    expect(Object.keys(DOCSTORE_VALUES).sort()).toEqual([...DOCSTORE_FIELDS].sort());
  });

  it('accepts a body with every field set to a valid value, unchanged', () => {
    const v = validateCreateDocstore(DOCSTORE_VALUES);
    expect(problemsOf(v)).toEqual([]);
    expect(v.success && v.data).toEqual(DOCSTORE_VALUES);
  });

  it.each(DOCSTORE_FIELDS.map((f) => [f]))('accepts %s with a valid value of its type', (field) => {
    const body: Record<string, unknown> = { ...MIN_DOCSTORE, [field]: DOCSTORE_VALUES[field] };
    if (field === 'is_public') body.public_port = 27017;
    expect(problemsOf(validateCreateDocstore(body))).toEqual([]);
  });

  it.each(DOCSTORE_FIELDS.flatMap((f) => WRONG[SPEC_DOCSTORE[f]!].map((w) => [f, w] as [DocstoreField, unknown])))(
    'rejects %s = %j (wrong type) and names the field',
    (field, wrong) => {
      const v = validateCreateDocstore({ ...DOCSTORE_VALUES, [field]: wrong });
      expect(v.success).toBe(false);
      expect(fieldsOf(v)).toContain(field);
    },
  );

  it.each(DOCSTORE_REQUIRED.map((f) => [f]))('requires %s', (field) => {
    const { [field]: _gone, ...body } = MIN_DOCSTORE;
    expect(problemsOf(validateCreateDocstore(body))).toContainEqual({ field, message: 'is required.' });
  });

  it('requires one of environment_name / environment_uuid', () => {
    expect(fieldsOf(validateCreateDocstore({ server_uuid: 's', project_uuid: 'p' }))).toEqual(['environment_name']);
    expect(validateCreateDocstore({ server_uuid: 's', project_uuid: 'p', environment_name: 'prod' }).success).toBe(true);
    expect(validateCreateDocstore({ server_uuid: 's', project_uuid: 'p', environment_uuid: 'e' }).success).toBe(true);
  });

  it('rejects an unknown field, naming it', () => {
    expect(problemsOf(validateCreateDocstore({ ...MIN_DOCSTORE, git_branch: 'main' }))).toEqual([
      { field: 'git_branch', message: 'is not a field of this request.' },
    ]);
  });

  it.each([[1024], [65535], [27017]])('accepts public_port %j', (p) => {
    expect(validateCreateDocstore({ ...MIN_DOCSTORE, public_port: p }).success).toBe(true);
  });
  it.each([[1023], [80], [65536], [0], [27017.5]])('rejects public_port %j', (p) => {
    expect(fieldsOf(validateCreateDocstore({ ...MIN_DOCSTORE, public_port: p }))).toEqual(['public_port']);
  });
  it.each([[0], [100]])('accepts limits_memory_swappiness %j', (n) => {
    expect(validateCreateDocstore({ ...MIN_DOCSTORE, limits_memory_swappiness: n }).success).toBe(true);
  });
  it.each([[-1], [101]])('rejects limits_memory_swappiness %j', (n) => {
    expect(fieldsOf(validateCreateDocstore({ ...MIN_DOCSTORE, limits_memory_swappiness: n }))).toEqual(['limits_memory_swappiness']);
  });

  it('requires public_port when is_public is true', () => {
    expect(fieldsOf(validateCreateDocstore({ ...MIN_DOCSTORE, is_public: true }))).toEqual(['public_port']);
    expect(validateCreateDocstore({ ...MIN_DOCSTORE, is_public: false }).success).toBe(true);
  });

  it.each([[CONF], [''], ['aGVsbG8='], [`${CONF.slice(0, 20)}\n${CONF.slice(20)}`]])('accepts base64 docstore_conf %j', (c) => {
    expect(validateCreateDocstore({ ...MIN_DOCSTORE, docstore_conf: c }).success).toBe(true);
  });
  it.each([['net:\n  port: 27017\n'], ['not base64!'], ['abc'], ['aGVsbG8==' + '=']])(
    'rejects docstore_conf %j that is not base64',
    (c) => {
      expect(problemsOf(validateCreateDocstore({ ...MIN_DOCSTORE, docstore_conf: c }))).toEqual([
        { field: 'docstore_conf', message: 'must be base64-encoded text.' },
      ]);
    },
  );

  it.each([['root'], ['_admin'], ['a'.repeat(63)], ['Admin_2']])('accepts docstore_initdb_root_username %j', (u) => {
    expect(validateCreateDocstore({ ...MIN_DOCSTORE, docstore_initdb_root_username: u }).success).toBe(true);
  });
  it.each([['1root'], ['a'.repeat(64)], ['ro-ot'], [''], ['root user']])('rejects docstore_initdb_root_username %j', (u) => {
    expect(fieldsOf(validateCreateDocstore({ ...MIN_DOCSTORE, docstore_initdb_root_username: u }))).toEqual([
      'docstore_initdb_root_username',
    ]);
  });

  it('reports all problems at once, not just the first', () => {
    const v = validateCreateDocstore({
      project_uuid: '',
      docstore_conf: 'plain text',
      docstore_initdb_root_username: '9',
      public_port: 80,
      limits_memory_swappiness: 200,
      is_public: 'yes',
      extra: 1,
    });
    expect(fieldsOf(v).sort()).toEqual([
      'docstore_conf',
      'docstore_initdb_root_username',
      'environment_name',
      'extra',
      'is_public',
      'limits_memory_swappiness',
      'project_uuid',
      'public_port',
      'server_uuid',
    ]);
  });
});
