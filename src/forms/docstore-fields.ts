// The docstore request's fields (interface.md §2.4) as the form, the flags, their help and
// `--example` show them. Zod-free, like app-fields.ts.
import { DOCSTORE_REQUIRED } from '../api/schemas/constants.js';
import type { FieldKind, FieldMeta, FieldTable, FieldValue, FormValues, StepDef } from './types.js';

export const DOCSTORE_STEP_TITLES = ['Quick create', 'Where & database', 'Resources', 'Review'] as const;

type Extra = Partial<Pick<FieldMeta, 'unset' | 'choices' | 'recent'>>;
const list: FieldMeta[] = [];
function f(step: number, name: string, label: string, kind: FieldKind, help: string, example: unknown, extra: Extra = {}): void {
  list.push({ name, label, kind, help, step, example, ...extra });
}

// 1 Quick create
f(0, 'project_uuid', 'Project', 'text', 'uuid of the project the database belongs to.', '', { recent: true });
f(0, 'server_uuid', 'Server', 'text', 'uuid of the server to run it on.', '', { recent: true });
f(0, 'environment_name', 'Environment name', 'text', 'e.g. production. Give this or the environment uuid (step 2).', 'production', {
  recent: true,
  unset: 'then the environment uuid is needed',
});
f(0, 'name', 'Name', 'text', 'Display name.', 'orders-db', { unset: 'the server makes one up' });
f(0, 'image', 'Image', 'text', 'Database image, e.g. docstore:7.', 'docstore:7', { unset: 'the server chooses one (e.g. docstore:7)' });
f(0, 'is_public', 'Public', 'boolean', 'Reachable from outside the server (needs a public port).', true, {
  unset: 'off, reachable only inside the server',
});
f(0, 'public_port', 'Public port', 'integer', '1024 to 65535; required when public.', 27017, { unset: 'none (not public)' });
// 2 Where & database
f(1, 'environment_uuid', 'Environment uuid', 'text', 'uuid of the environment; either this or the name is enough.', '', {
  recent: true,
  unset: 'the environment name is used',
});
f(1, 'destination_uuid', 'Destination', 'text', 'Container network on the server; only when the server has several.', '', {
  recent: true,
  unset: "the server's only network",
});
f(1, 'description', 'Description', 'text', 'Free text.', 'Orders of the shop', { unset: 'none' });
f(1, 'docstore_initdb_root_username', 'Root user', 'text', '1–63 letters, digits or _, not starting with a digit.', 'root', {
  unset: 'the server names it root',
});
f(
  1,
  'docstore_conf',
  'Config',
  'multiline',
  'Config file text (paste) or @path; sent base64-encoded for you.',
  Buffer.from('net:\n  port: 27017\n', 'utf8').toString('base64'),
  { unset: "the image's own" },
);
// 3 Resources
f(2, 'limits_memory', 'Memory', 'text', 'e.g. 512m or 1g; "0" is unlimited.', '1g', { unset: 'no limit' });
f(2, 'limits_memory_swap', 'Memory + swap', 'text', 'e.g. 1g; "0" is unlimited.', '2g', { unset: 'no limit' });
f(2, 'limits_memory_reservation', 'Memory reservation', 'text', 'Soft limit, e.g. 256m.', '512m', { unset: 'none' });
f(2, 'limits_memory_swappiness', 'Swappiness', 'integer', '0 to 100.', 60, { unset: 'the server uses 60' });
f(2, 'limits_cpus', 'CPUs', 'text', 'Decimal number of CPUs, e.g. 0.5.', '1', { unset: 'no limit' });
f(2, 'limits_cpuset', 'CPU set', 'text', 'CPUs to use, e.g. 0-2 or 0,1,3.', '0-1', { unset: 'any CPU' });
f(2, 'limits_cpu_shares', 'CPU shares', 'integer', 'Relative weight.', 1024, { unset: 'the server uses 1024' });
// 4 Review
f(3, 'instant_deploy', 'Start right away', 'boolean', 'Start the database as soon as it exists.', true, {
  unset: 'off, it starts when you start it',
});
f(3, '$save_as', 'Save as FILE', 'save-as', 'Path to save the request body to.', undefined);

const steps: StepDef[] = DOCSTORE_STEP_TITLES.map((title, i) => ({
  title,
  fields: list.filter((m) => m.step === i).map((m) => m.name),
  ...(i === 0 ? { quick: true } : {}),
  ...(i === 3 ? { review: true } : {}),
}));

// No prototype: a body key such as `toString` or `constructor` is not a field (`fields[k]` is undefined).
const fields: Record<string, FieldMeta> = Object.assign(
  Object.create(null) as Record<string, FieldMeta>,
  Object.fromEntries(list.map((m) => [m.name, m])),
);

function defaultOf(name: string, _values: FormValues): FieldValue | undefined {
  return name === 'environment_name' ? 'production' : undefined;
}

export const DOCSTORE_FIELDS_TABLE: FieldTable = {
  noun: 'docstore',
  steps,
  fields,
  required: DOCSTORE_REQUIRED,
  defaultOf,
};
