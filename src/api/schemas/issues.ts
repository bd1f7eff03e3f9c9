// Turns zod issues into one plain sentence per field: `field: what is wrong`.
import type { z } from 'zod';

export interface FieldProblem {
  /** Dotted path, e.g. `container_compose_domains.0.name`; `(body)` for the whole request. */
  readonly field: string;
  readonly message: string;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

function sentence(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required.';
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}, not ${describe(issue.input)}.`;
    case 'too_small':
      if (issue.origin === 'number') return `must be at least ${String(issue.minimum)}.`;
      return issue.minimum === 1 ? 'is required.' : `must have at least ${String(issue.minimum)} characters.`;
    case 'too_big':
      return issue.origin === 'number' ? `must be at most ${String(issue.maximum)}.` : `is too long.`;
    case 'invalid_value':
      if (issue.input === undefined) return 'is required.';
      return `must be one of ${issue.values.map(String).join(', ')}.`;
    case 'unrecognized_keys':
      return 'is not a field of this request.';
    case 'invalid_format':
      return issue.message;
    default:
      return issue.message;
  }
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'number') return Number.isInteger(v) ? `the number ${v}` : `the decimal ${v}`;
  if (typeof v === 'string') return 'text';
  return typeof v === 'object' ? 'an object' : typeof v;
}

/** Every problem, one per field and message, in the order zod found them. */
export function fieldProblems(error: z.ZodError): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ field: [...issue.path, key].join('.'), message: sentence(issue) });
      continue;
    }
    if (issue.code === 'invalid_type' && issue.expected === 'number' && Number.isFinite(issue.input as number)) {
      out.push({ field: issue.path.join('.') || '(body)', message: 'must be a whole number.' });
      continue;
    }
    const field = issue.path.join('.') || '(body)';
    const message = sentence(issue);
    out.push({ field, message });
  }
  const seen = new Set<string>();
  return out.filter((p) => {
    const key = `${p.field}\0${p.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
