// Docstore database creation (interface.md §2.4), rules from service-behaviour.md.
import { z } from 'zod';
import { base64, cpus, cpuset, identifier, int, memory, text } from './rules.js';
import { DOCSTORE_REQUIRED } from './constants.js';

export const DocstoreShape = {
  server_uuid: identifier(),
  project_uuid: identifier(),
  environment_name: text(),
  environment_uuid: identifier(),
  destination_uuid: identifier(),
  docstore_conf: base64(),
  docstore_initdb_root_username: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, {
    message: 'must be 1–63 letters, digits or _, not starting with a digit.',
  }),
  name: text(),
  description: text(),
  image: text(),
  limits_memory: memory(),
  limits_memory_swap: memory(),
  limits_memory_reservation: memory(),
  limits_cpus: cpus(),
  limits_cpuset: cpuset(),
  public_port: int(1024, 65535),
  limits_memory_swappiness: int(0, 100),
  limits_cpu_shares: int(0),
  is_public: z.boolean(),
  instant_deploy: z.boolean(),
} as const;

export { DOCSTORE_REQUIRED };
export type DocstoreField = keyof typeof DocstoreShape;
export const DOCSTORE_FIELDS = Object.keys(DocstoreShape) as DocstoreField[];

const optionalShape = Object.fromEntries(
  Object.entries(DocstoreShape).map(([k, v]) => [k, (DOCSTORE_REQUIRED as readonly string[]).includes(k) ? v : v.optional()]),
) as {
  [K in DocstoreField]: K extends (typeof DOCSTORE_REQUIRED)[number] ? (typeof DocstoreShape)[K] : z.ZodOptional<(typeof DocstoreShape)[K]>;
};

export const CreateDocstoreRequestSchema = z.strictObject(optionalShape);
export type CreateDocstoreRequest = z.infer<typeof CreateDocstoreRequestSchema>;

/** "Database updated" may come with no body at all; deployed servers send these fields. */
export const CreateDocstoreResponseSchema = z.looseObject({
  uuid: z.string().nullish(),
  internal_db_url: z.string().nullish(),
  external_db_url: z.string().nullish(),
});
export type CreateDocstoreResponse = z.infer<typeof CreateDocstoreResponseSchema>;
