// The docstore form (interface.md §2.4) on the same engine.
import { DOCSTORE_FIELDS, DOCSTORE_REQUIRED, DocstoreShape } from '../api/schemas/create-docstore.js';
import { validateCreateDocstore } from '../api/schemas/validate.js';
import type { FieldKind, FieldMeta, FormDef, StepDef } from './types.js';

export const DOCSTORE_STEP_TITLES = ['Where', 'Database', 'Resources', 'Review'] as const;

type Extra = Partial<Pick<FieldMeta, 'placeholder' | 'choices' | 'recent'>>;
const list: FieldMeta[] = [];
function f(step: number, name: string, label: string, kind: FieldKind, help: string, extra: Extra = {}): void {
  list.push({ name, label, kind, help, step, ...extra });
}

f(0, 'project_uuid', 'Project', 'text', 'uuid of the project the database belongs to.', { recent: true });
f(0, 'server_uuid', 'Server', 'text', 'uuid of the server to run it on.', { recent: true });
f(0, 'environment_name', 'Environment name', 'text', 'e.g. production. Give this or the environment uuid.', { recent: true, placeholder: 'production' });
f(0, 'environment_uuid', 'Environment uuid', 'text', 'uuid of the environment; either this or the name is enough.', { recent: true });
f(0, 'destination_uuid', 'Destination', 'text', 'Container network on the server; only when the server has several.', { recent: true });
f(1, 'name', 'Name', 'text', 'Display name; the server makes one up when empty.');
f(1, 'description', 'Description', 'text', 'Free text.');
f(1, 'image', 'Image', 'text', 'Database image; the server chooses one when empty.', { placeholder: 'docstore:7' });
f(1, 'docstore_initdb_root_username', 'Root user', 'text', '1–63 letters, digits or _, not starting with a digit.', { placeholder: 'root' });
f(1, 'docstore_conf', 'Config', 'multiline', 'Config file text (paste) or @path; sent base64-encoded for you.');
f(1, 'is_public', 'Public', 'boolean', 'Reachable from outside the server (needs a public port).');
f(1, 'public_port', 'Public port', 'integer', '1024 to 65535; required when public.');
f(2, 'limits_memory', 'Memory', 'text', 'e.g. 512m or 1g; "0" is unlimited.', { placeholder: '0' });
f(2, 'limits_memory_swap', 'Memory + swap', 'text', 'e.g. 1g; "0" is unlimited.', { placeholder: '0' });
f(2, 'limits_memory_reservation', 'Memory reservation', 'text', 'Soft limit, e.g. 256m.', { placeholder: '0' });
f(2, 'limits_memory_swappiness', 'Swappiness', 'integer', '0 to 100.', { placeholder: '60' });
f(2, 'limits_cpus', 'CPUs', 'text', 'Decimal number of CPUs, e.g. 0.5.', { placeholder: '0' });
f(2, 'limits_cpuset', 'CPU set', 'text', 'CPUs to use, e.g. 0-2 or 0,1,3.');
f(2, 'limits_cpu_shares', 'CPU shares', 'integer', 'Relative weight.', { placeholder: '1024' });
f(3, 'instant_deploy', 'Start right away', 'boolean', 'Start the database as soon as it exists.');
f(3, '$save_as', 'Save as FILE', 'save-as', 'Path to save the request body to; Enter saves it.');

const steps: StepDef[] = DOCSTORE_STEP_TITLES.map((title, i) => ({
  title,
  fields: list.filter((m) => m.step === i).map((m) => m.name),
  ...(i === 3 ? { review: true } : {}),
}));

export const DOCSTORE_FORM: FormDef = {
  id: 'create-docstore',
  noun: 'docstore',
  steps,
  // No prototype: a body key such as `toString` or `constructor` is not a field (`fields[k]` is undefined).
  fields: Object.assign(Object.create(null) as Record<string, FieldMeta>, Object.fromEntries(list.map((m) => [m.name, m]))),
  required: DOCSTORE_REQUIRED,
  requestFields: DOCSTORE_FIELDS,
  schemaOf: (name) => (DocstoreShape as Record<string, import('zod').ZodType>)[name],
  validateBody: (body) => validateCreateDocstore(body),
};
