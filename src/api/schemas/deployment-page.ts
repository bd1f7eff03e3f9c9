// A page of deployments read without zod, when that is certain to give what the zod reading
// (deployment.ts readDeploymentList) gives; and the flagged fields of a record, which do not
// survive the trip between threads on their symbol key.
import { INVALID_FIELDS, fitsContract, listBodyOf } from './deployment-fields.js';
import type { Deployment, DeploymentPage } from './deployment.js';

/** Fields of a record that arrived with the wrong type, with their raw values. */
export function invalidFieldsOf(d: Deployment): Readonly<Record<string, unknown>> {
  return d[INVALID_FIELDS] ?? {};
}

/**
 * The list body read without zod, when that is certain to give what readDeploymentList (zod)
 * gives: every element a plain object that fits the contract. Anything else (a wrong-typed field,
 * a strange body) returns undefined: ask zod.
 */
export function readDeploymentListFast(body: unknown): DeploymentPage | undefined {
  const list = listBodyOf(body);
  if (!list || !list.records.every(fitsContract)) return undefined;
  return { deployments: list.records as Deployment[], total: list.total };
}

/** Puts flagged fields back on a record that lost its symbol key (e.g. sent between threads). */
export function withInvalidFields(record: Record<string, unknown>, invalid: Readonly<Record<string, unknown>> | undefined): Deployment {
  return (invalid && Object.keys(invalid).length > 0 ? Object.assign(record, { [INVALID_FIELDS]: invalid }) : record) as Deployment;
}
