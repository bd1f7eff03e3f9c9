import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEPLOYMENT_BOOL_FIELDS,
  DEPLOYMENT_INT_FIELDS,
  DEPLOYMENT_STRING_FIELDS,
  DeploymentSchema,
  invalidFieldsOf,
  readDeployment,
  readDeploymentList,
  readDeploymentListFast,
} from '../../src/api/schemas/index.js';

// readDeployment skips zod for records that already fit the contract; it must agree with the schema.
const value = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.string(),
  fc.constant(2 ** 60),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
  // Plainly readable values of another type, and near misses.
  fc.integer().map(String),
  fc.constantFrom('0', '1', 'true', 'false', ' 1', '1.0', '-0', '9'.repeat(16), 'TRUE', Infinity, NaN),
);
const keys = [
  ...DEPLOYMENT_INT_FIELDS,
  ...DEPLOYMENT_BOOL_FIELDS,
  ...DEPLOYMENT_STRING_FIELDS,
  'extra_field',
  'commit_message',
  'deployment_uuid',
  'is_webhook',
  'pull_request_id',
];
const record = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 12 });

describe('readDeployment fast path', () => {
  it('accepts exactly the records DeploymentSchema accepts, with the same values', () => {
    fc.assert(
      fc.property(record, (raw) => {
        const viaSchema = DeploymentSchema.safeParse(raw);
        const read = readDeployment(raw);
        const flagged = Object.keys(invalidFieldsOf(read));
        if (viaSchema.success) {
          expect(flagged).toEqual([]);
          expect({ ...read }).toEqual(viaSchema.data);
        } else {
          expect(flagged.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('flags a non-integer id and an unsafe integer like the schema does', () => {
    expect(Object.keys(invalidFieldsOf(readDeployment({ id: 1.5 })))).toEqual(['id']);
    expect(Object.keys(invalidFieldsOf(readDeployment({ id: 2 ** 60 })))).toEqual(['id']);
    expect(readDeployment({ id: 7, status: 'finished' })).toEqual({ id: 7, status: 'finished' });
    expect(Object.keys(invalidFieldsOf(readDeployment({ id: '9'.repeat(16) })))).toEqual(['id']);
  });
});

// The client reads a list without loading zod when readDeploymentListFast answers; it must then
// answer exactly what readDeploymentList (zod) answers, and step aside for everything else.
const count = fc.oneof(fc.constant(undefined), fc.constant(null), fc.nat(), fc.integer(), fc.double(), fc.string(), fc.constant(2 ** 60));
const element = fc.oneof(
  { weight: 8, arbitrary: record },
  { weight: 1, arbitrary: fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.array(fc.integer(), { maxLength: 2 })) },
);
const body = fc.oneof(
  fc.array(element, { maxLength: 5 }),
  fc.record({ count, deployments: fc.array(element, { maxLength: 5 }) }, { requiredKeys: ['deployments'] }),
  fc.record({ count, deployments: fc.oneof(fc.constant(null), fc.string(), record) }),
  fc.oneof(fc.constant(null), fc.string(), fc.integer(), fc.constant({})),
);

describe('readDeploymentListFast (no zod)', () => {
  it('answers only when it is certain, and then as readDeploymentList does', () => {
    let answered = 0;
    fc.assert(
      fc.property(body, (raw) => {
        const fast = readDeploymentListFast(raw);
        const viaZod = readDeploymentList(raw);
        if (fast === undefined) return;
        answered++;
        expect(viaZod).toBeDefined();
        expect(fast.total).toBe(viaZod!.total);
        expect(fast.deployments.map((d) => ({ ...d }))).toEqual(viaZod!.deployments.map((d) => ({ ...d })));
        for (const d of viaZod!.deployments) expect(invalidFieldsOf(d)).toEqual({});
      }),
      { numRuns: 3000 },
    );
    expect(answered).toBeGreaterThan(100);
  });

  it('reads both list shapes and their counts', () => {
    expect(readDeploymentListFast([{ id: 1 }])).toEqual({ deployments: [{ id: 1 }], total: null });
    expect(readDeploymentListFast({ count: 137, deployments: [{ id: 1 }] })).toEqual({ deployments: [{ id: 1 }], total: 137 });
    expect(readDeploymentListFast({ count: -1, deployments: [] })).toEqual({ deployments: [], total: null });
    expect(readDeploymentListFast({ count: 2.5, deployments: [] })).toEqual({ deployments: [], total: null });
    expect(readDeploymentListFast([{ id: 'one' }])).toBeUndefined();
    expect(readDeploymentListFast([{ id: '1', destination_id: '3' }])).toEqual({
      deployments: [{ id: '1', destination_id: '3' }],
      total: null,
    });
    expect(readDeploymentListFast([null])).toBeUndefined();
    expect(readDeploymentListFast({ deployments: 'x' })).toBeUndefined();
  });
});
