// The application deployment record (interface.md §2.1), read tolerantly:
// every field may be null or absent, unknown fields are kept, a value that reads plainly as its
// type (`"3"` for an integer, `1` for a boolean, `8000` for text) is kept as sent, and a field of
// any other type is moved aside (raw value kept, flagged) instead of losing the record.
// src/model reads the fields people look at; nothing else should read a record's fields directly.
import { z } from 'zod';
import {
  BOOL_TEXT,
  DEPLOYMENT_BOOL_FIELDS,
  DEPLOYMENT_INT_FIELDS,
  DEPLOYMENT_STRING_FIELDS,
  INT_TEXT,
  INVALID_FIELDS,
  fitsContract,
} from './deployment-fields.js';

export * from './deployment-fields.js';

function shapeOf<K extends string, T extends z.ZodType>(keys: readonly K[], type: T) {
  return Object.fromEntries(keys.map((k) => [k, type.nullish()])) as { [P in K]: z.ZodOptional<z.ZodNullable<T>> };
}

export const DeploymentSchema = z.looseObject({
  ...shapeOf(DEPLOYMENT_INT_FIELDS, z.union([z.number().int(), z.string().regex(INT_TEXT)])),
  ...shapeOf(DEPLOYMENT_BOOL_FIELDS, z.union([z.boolean(), z.literal([0, 1]), z.enum(BOOL_TEXT)])),
  ...shapeOf(DEPLOYMENT_STRING_FIELDS, z.union([z.string(), z.number()])),
});

export type Deployment = z.infer<typeof DeploymentSchema> & {
  readonly [INVALID_FIELDS]?: Readonly<Record<string, unknown>>;
};

export interface DeploymentPage {
  readonly deployments: Deployment[];
  /** Total number of deployments before paging, when the server says it. */
  readonly total: number | null;
  /** The answer's size in UTF-16 units (a scan sizes its next request by it). */
  readonly chars?: number;
  /** Requests the server still allows in its rate-limit window, when it says. */
  readonly rateRemaining?: number | null;
}

/** Reads one record; never throws. A non-object element becomes an empty record flagged `(record)`. */
export function readDeployment(raw: unknown): Deployment {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { [INVALID_FIELDS]: { '(record)': raw } } as Deployment;
  }
  if (fitsContract(raw)) return raw as Deployment;
  const first = DeploymentSchema.safeParse(raw);
  if (first.success) return first.data;
  const invalid: Record<string, unknown> = {};
  const copy: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const issue of first.error.issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && key in copy) {
      invalid[key] = copy[key];
      delete copy[key];
    }
  }
  const second = DeploymentSchema.safeParse(copy);
  const record = second.success ? second.data : ({} as z.infer<typeof DeploymentSchema>);
  return Object.assign(record, { [INVALID_FIELDS]: invalid }) as Deployment;
}

/** The list body: the contract's bare array, or deployed servers' `{count, deployments}`. */
export const DeploymentListBodySchema = z.union([
  z.array(z.unknown()),
  // A count that is not a whole number >= 0 is ignored (total unknown), the deployments are kept.
  z.looseObject({ count: z.number().int().nonnegative().nullish().catch(null), deployments: z.array(z.unknown()) }),
]);

export function readDeploymentList(body: unknown): DeploymentPage | undefined {
  const parsed = DeploymentListBodySchema.safeParse(body);
  if (!parsed.success) return undefined;
  const list = Array.isArray(parsed.data) ? parsed.data : parsed.data.deployments;
  const total = Array.isArray(parsed.data) ? null : (parsed.data.count ?? null);
  return { deployments: list.map(readDeployment), total };
}
