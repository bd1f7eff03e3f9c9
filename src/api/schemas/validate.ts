// Strict reading of creation bodies before anything is sent: every problem at once.
// The demo service runs the same functions, so client and service agree.
import type { z } from 'zod';
import { CreateAppRequestSchema, type CreateAppRequest } from './create-app.js';
import { CreateDocstoreRequestSchema, type CreateDocstoreRequest } from './create-docstore.js';
import { fieldProblems, type FieldProblem } from './issues.js';

export type Validation<T> = { readonly success: true; readonly data: T } | { readonly success: false; readonly problems: FieldProblem[] };

type Body = Record<string, unknown>;
type CrossRule = (body: Body) => FieldProblem | undefined;

const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A string with something in it. */
export const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

const environmentGiven: CrossRule = (b) =>
  filled(b.environment_name) || filled(b.environment_uuid)
    ? undefined
    : { field: 'environment_name', message: 'is missing: give environment_name or environment_uuid (either is enough).' };

const APP_RULES: CrossRule[] = [
  environmentGiven,
  (b) =>
    b.build_pack === 'containercompose' && filled(b.domains)
      ? { field: 'domains', message: 'is not accepted with build_pack containercompose; use container_compose_domains.' }
      : undefined,
  (b) =>
    b.is_http_basic_auth_enabled === true && !filled(b.http_basic_auth_username)
      ? { field: 'http_basic_auth_username', message: 'is required when is_http_basic_auth_enabled is true.' }
      : undefined,
];

const DOCSTORE_RULES: CrossRule[] = [
  environmentGiven,
  (b) =>
    b.is_public === true && b.public_port === undefined
      ? { field: 'public_port', message: 'is required when is_public is true (the server would silently keep it private).' }
      : undefined,
];

function validate<T>(schema: z.ZodType<T>, rules: CrossRule[], input: unknown): Validation<T> {
  if (!isObject(input)) {
    return { success: false, problems: [{ field: '(body)', message: 'The request body must be a JSON object.' }] };
  }
  const parsed = schema.safeParse(input, { reportInput: true });
  const problems = parsed.success ? [] : fieldProblems(parsed.error);
  for (const rule of rules) {
    const p = rule(input);
    if (p && !problems.some((q) => q.field === p.field)) problems.push(p);
  }
  if (parsed.success && problems.length === 0) return { success: true, data: parsed.data };
  return { success: false, problems };
}

export const validateCreateApp = (input: unknown): Validation<CreateAppRequest> => validate(CreateAppRequestSchema, APP_RULES, input);

export const validateCreateDocstore = (input: unknown): Validation<CreateDocstoreRequest> =>
  validate(CreateDocstoreRequestSchema, DOCSTORE_RULES, input);
