// The docstore form (interface.md §2.4): the field table (docstore-fields.ts) with the request's
// zod schema and whole-body check.
import { DOCSTORE_FIELDS, DocstoreShape } from '../api/schemas/create-docstore.js';
import { validateCreateDocstore } from '../api/schemas/validate.js';
import { DOCSTORE_FIELDS_TABLE } from './docstore-fields.js';
import type { FormDef } from './types.js';

export { DOCSTORE_STEP_TITLES } from './docstore-fields.js';

export const DOCSTORE_FORM: FormDef = {
  ...DOCSTORE_FIELDS_TABLE,
  id: 'create-docstore',
  noun: 'docstore',
  requestFields: DOCSTORE_FIELDS,
  schemaOf: (name) => (DocstoreShape as Record<string, import('zod').ZodType>)[name],
  validateBody: (body) => validateCreateDocstore(body),
};
