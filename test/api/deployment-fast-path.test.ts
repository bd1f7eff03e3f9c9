import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEPLOYMENT_BOOL_FIELDS, DEPLOYMENT_INT_FIELDS, DEPLOYMENT_STRING_FIELDS, DeploymentSchema, invalidFieldsOf, readDeployment,
} from '../../src/api/schemas/index.js';

// readDeployment skips zod for records that already fit the contract; it must agree with the schema.
const value = fc.oneof(
  fc.constant(null), fc.constant(undefined), fc.integer(), fc.double(), fc.boolean(), fc.string(),
  fc.constant(2 ** 60), fc.array(fc.integer(), { maxLength: 2 }), fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
);
const keys = [...DEPLOYMENT_INT_FIELDS, ...DEPLOYMENT_BOOL_FIELDS, ...DEPLOYMENT_STRING_FIELDS, 'extra_field', 'commit_message'];
const record = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 12 });

describe('readDeployment fast path', () => {
  it('accepts exactly the records DeploymentSchema accepts, with the same values', () => {
    fc.assert(fc.property(record, (raw) => {
      const viaSchema = DeploymentSchema.safeParse(raw);
      const read = readDeployment(raw);
      const flagged = Object.keys(invalidFieldsOf(read));
      if (viaSchema.success) {
        expect(flagged).toEqual([]);
        expect({ ...read }).toEqual(viaSchema.data);
      } else {
        expect(flagged.length).toBeGreaterThan(0);
      }
    }), { numRuns: 2000 });
  });

  it('flags a non-integer id and an unsafe integer like the schema does', () => {
    expect(Object.keys(invalidFieldsOf(readDeployment({ id: 1.5 })))).toEqual(['id']);
    expect(Object.keys(invalidFieldsOf(readDeployment({ id: 2 ** 60 })))).toEqual(['id']);
    expect(readDeployment({ id: 7, status: 'finished' })).toEqual({ id: 7, status: 'finished' });
  });
});
