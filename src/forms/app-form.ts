// The application form (interface.md §2.2): the field table (app-fields.ts) with the request's
// zod schema and whole-body check.
import { CREATE_APP_FIELDS, CreateAppShape } from '../api/schemas/create-app.js';
import { validateCreateApp } from '../api/schemas/validate.js';
import { APP_FIELDS } from './app-fields.js';
import type { FormDef } from './types.js';

export { APP_STEP_TITLES, defaultPort } from './app-fields.js';

export const APP_FORM: FormDef = {
  ...APP_FIELDS,
  id: 'create-app',
  noun: 'app',
  requestFields: CREATE_APP_FIELDS,
  schemaOf: (name) => (CreateAppShape as Record<string, import('zod').ZodType>)[name],
  validateBody: (body) => validateCreateApp(body),
};
