// What the demo service keeps in memory: places (projects, servers, environments),
// applications and their deployments.
import type { DeploymentStatus } from '../api/schemas/deployment.js';

export type FieldValue = string | number | boolean | null;
/** Application-level fields of a deployment record (interface.md §2.1), by name. */
export type AppFields = Record<string, FieldValue>;

/**
 * How an application's deployment records look: `snapshot`, the interface's settings snapshots
 * (§2.1); `queue`, rows of the deployment queue as deployed servers send them; `mixed`, both in
 * one record (service-behaviour.md, "Deployment rows as deployed servers send them").
 */
export type RecordShape = 'snapshot' | 'queue' | 'mixed';

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
  /** Its settings now (older deployments may carry older ones). */
  readonly fields: AppFields;
  readonly shape: RecordShape;
  /** The application's numeric id (queue rows name it as a string). */
  readonly id: number;
}

export interface DemoDeployment {
  readonly id: number;
  readonly uuid: string;
  /** The queue row's own id: 24 lowercase letters and digits, as newer servers make them. */
  readonly deploymentUuid: string;
  readonly appUuid: string;
  status: DeploymentStatus;
  /** A 40-hex sha, or `HEAD` when none was pinned. */
  readonly commitSha: string;
  readonly branch: string;
  /** The whole message: subject line, maybe a blank line and a body. */
  readonly commitMessage: string;
  /** 0 for a branch deployment, the pull request number for a preview. */
  readonly pullRequestId: number;
  /** How it was started; none of the three: by hand. */
  readonly isWebhook: boolean;
  readonly isApi: boolean;
  readonly rollback: boolean;
  readonly forceRebuild: boolean;
  readonly restartOnly: boolean;
  /** The application's settings when it was made (one object per version, shared); the app's current ones when absent. */
  readonly settings?: AppFields;
  readonly configHash: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  updatedAt: number;
  /** When it became final; null while queued or in progress. */
  finishedAt: number | null;
  /** When it went in progress, for deployments the demo runs (its log grows from then); absent for the seed's history. */
  startedAt?: number;
  /** Made after the server was upgraded: the record carries the fields newer servers add. */
  readonly newer: boolean;
}

export type NewDeployment = Omit<DemoDeployment, 'id'>;
/** An application before the store numbers it. */
export type NewApp = Omit<DemoApp, 'id'>;

export interface DemoDatabase {
  readonly uuid: string;
  readonly name: string;
  readonly environment: DemoEnvironment;
  readonly server: DemoServer;
  readonly publicPort: number | null;
}
