// What the demo service keeps in memory: places (projects, servers, environments),
// applications and their deployments.
import type { DeploymentStatus } from '../api/schemas/deployment.js';

export type FieldValue = string | number | boolean | null;
/** Application-level fields of a deployment record (interface.md §2.1), by name. */
export type AppFields = Record<string, FieldValue>;

export interface DemoProject {
  readonly id: number;
  readonly uuid: string;
  readonly name: string;
}

export interface DemoServer {
  readonly id: number;
  readonly uuid: string;
  readonly name: string;
  /** Public address, used in generated domains and external database URLs. */
  readonly ip: string;
}

export interface DemoEnvironment {
  readonly id: number;
  readonly uuid: string;
  readonly name: string;
  readonly project_uuid: string;
}

export interface DemoApp {
  readonly uuid: string;
  readonly name: string;
  readonly environment: DemoEnvironment;
  readonly server: DemoServer;
  /** Host names the application answers on, lower case (for domain conflicts). */
  readonly hosts: readonly string[];
  readonly fields: AppFields;
}

export interface DemoDeployment {
  readonly id: number;
  readonly uuid: string;
  readonly appUuid: string;
  status: DeploymentStatus;
  readonly commitSha: string;
  readonly branch: string;
  readonly commitMessage: string;
  /** 0 for a branch deployment, the pull request number for a preview. */
  readonly pullRequestId: number;
  readonly isWebhook: boolean;
  readonly configHash: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  updatedAt: number;
  /** Made after the server was upgraded: the record carries the fields newer servers add. */
  readonly newer: boolean;
}

export type NewDeployment = Omit<DemoDeployment, 'id'>;

export interface DemoDatabase {
  readonly uuid: string;
  readonly name: string;
  readonly environment: DemoEnvironment;
  readonly server: DemoServer;
  readonly publicPort: number | null;
}
