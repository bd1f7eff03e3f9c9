// The demo's fixed world: two projects, two servers, production and staging in each project,
// eight applications with their deployment histories (one of 50,000, made on demand). Same uuids
// on every start; timestamps are relative to the service's clock at start.
import { GeneratedHistory } from './generated-history.js';
import { history } from './history.js';
import { hostsOf, splitUrls } from './domains.js';
import type { AppFields, DemoEnvironment, DemoProject, DemoServer, NewApp, NewDeployment, RecordShape } from './model.js';
import { appDefaults } from './records.js';
import { APP_DEFINITIONS } from './seed-apps.js';
import type { AppDefinition } from './app-definition.js';
import { settingsHash } from './settings.js';

export interface DemoSeed {
  readonly projects: ReadonlyArray<{ readonly uuid: string; readonly name: string }>;
  readonly servers: ReadonlyArray<{ readonly uuid: string; readonly name: string }>;
  readonly environments: ReadonlyArray<{ readonly uuid: string; readonly name: string; readonly project_uuid: string }>;
  /**
   * The application with the long history of held deployments comes first; the one whose
   * 50,000 deployments are made on demand (`bigHistory`) last.
   */
  readonly applications: ReadonlyArray<{
    readonly uuid: string;
    readonly name: string;
    readonly shape: RecordShape;
    readonly bigHistory?: true;
  }>;
}

export const PROJECTS: readonly DemoProject[] = [
  { id: 1, uuid: '0b6e4f2a-1c3d-4e5f-8a9b-7c6d5e4f3a21', name: 'storefront' },
  { id: 2, uuid: '7d1c9e3b-5f2a-4b8c-9d0e-1a2b3c4d5e6f', name: 'internal-tools' },
];

export const SERVERS: readonly DemoServer[] = [
  { id: 1, uuid: '2c8e4a6f-9b1d-4f3e-a5c7-8d0b2e4f6a13', name: 'edge-fra-1', ip: '203.0.113.10' },
  { id: 2, uuid: '9e5a1c7d-3f8b-4d2e-b6a0-4c9e7f1d3b58', name: 'build-ams-2', ip: '198.51.100.24' },
];

const [STOREFRONT, INTERNAL] = PROJECTS as [DemoProject, DemoProject];

export const ENVIRONMENTS: readonly DemoEnvironment[] = [
  { id: 1, uuid: 'a4f8c2e6-0d3b-4a9f-8e1c-5b7d9f2a4c60', name: 'production', project_uuid: STOREFRONT.uuid },
  { id: 2, uuid: 'b5a9d3f7-1e4c-4b0a-9f2d-6c8e0a3b5d71', name: 'staging', project_uuid: STOREFRONT.uuid },
  { id: 3, uuid: 'c6b0e4a8-2f5d-4c1b-a03e-7d9f1b4c6e82', name: 'production', project_uuid: INTERNAL.uuid },
  { id: 4, uuid: 'd7c1f5b9-3a6e-4d2c-b14f-8e0a2c5d7f93', name: 'staging', project_uuid: INTERNAL.uuid },
];

export const DEMO_SEED: DemoSeed = {
  projects: PROJECTS.map(({ uuid, name }) => ({ uuid, name })),
  servers: SERVERS.map(({ uuid, name }) => ({ uuid, name })),
  environments: ENVIRONMENTS.map(({ uuid, name, project_uuid }) => ({ uuid, name, project_uuid })),
  applications: APP_DEFINITIONS.map(({ uuid, name, shape = 'snapshot', generated }) => ({
    uuid,
    name,
    shape,
    ...(generated ? { bigHistory: true as const } : {}),
  })),
};

function appOf(def: AppDefinition): NewApp {
  const environment = ENVIRONMENTS.find((e) => e.uuid === def.environmentUuid);
  const server = SERVERS.find((s) => s.uuid === def.serverUuid);
  if (!environment || !server) throw new Error(`seed: ${def.name} has an unknown place`);
  const fields: AppFields = { ...appDefaults(server.id, environment.id), ...def.fields, name: def.name };
  const composeHosts = /"domain":"([^"]+)"/g;
  const composeUrls = [...String(fields.container_compose_domains ?? '').matchAll(composeHosts)].map((m) => m[1] ?? '');
  const hosts = hostsOf([...splitUrls(fields.fqdn as string | null), ...composeUrls]);
  return { uuid: def.uuid, name: def.name, environment, server, hosts, fields, shape: def.shape ?? 'snapshot' };
}

export interface SeedState {
  readonly apps: NewApp[];
  /** All deployments of all applications, without ids, in no particular order. */
  readonly deployments: NewDeployment[];
  /** Uuids of the deployments whose log is huge (AppDefinition.bigLogs). */
  readonly bigLogs: ReadonlySet<string>;
  /** Histories made on demand (AppDefinition.generated): nothing of them is held. */
  readonly generated: GeneratedHistory[];
  /** Uuids of the applications whose deployments have short logs (a handful of entries). */
  readonly shortLogs: ReadonlySet<string>;
}

export function createSeed(now: number): SeedState {
  const apps = APP_DEFINITIONS.map(appOf);
  const histories = APP_DEFINITIONS.map((def, i) => (def.plan ? history(def.uuid, def.plan, now, apps[i]!.fields) : []));
  // Ages count from the newest (0); a history lists the oldest first.
  const bigLogs = APP_DEFINITIONS.flatMap((def, i) => (def.bigLogs ?? []).map((age) => histories[i]!.at(-1 - age)?.uuid));
  const generated = APP_DEFINITIONS.flatMap((def, i) =>
    def.generated ? [new GeneratedHistory(def.uuid, def.generated, now, settingsHash(apps[i]!.fields))] : [],
  );
  return {
    apps,
    deployments: histories.flat(),
    bigLogs: new Set(bigLogs.filter((u): u is string => u !== undefined)),
    generated,
    shortLogs: new Set(generated.map((g) => g.appUuid)),
  };
}

/** A seeded application as the TUI's picker offers it. */
export interface DemoApp {
  readonly uuid: string;
  readonly name: string;
  /** What its deployment records look like (`queue rows, as deployed servers send them`). */
  readonly note?: string;
}

/** What each record shape is, in a few words (the picker and `dms demo --serve` say it). */
export const SHAPE_NOTES: Readonly<Record<RecordShape, string>> = {
  snapshot: 'settings snapshots',
  queue: 'queue rows, as deployed servers send them',
  mixed: 'mixed records',
};

/** The lines `dms demo --serve` prints first, one `KEY=value` per line. */
export function describeDemo(service: {
  readonly url: string;
  readonly token: string;
  /** The token whose rows carry no `logs`; its line is left out when absent. */
  readonly tokenNoLogs?: string;
  readonly seed: DemoSeed;
}): string[] {
  const { seed } = service;
  const project = seed.projects[0];
  const server = seed.servers[0];
  const environment = seed.environments.find((e) => e.project_uuid === project?.uuid) ?? seed.environments[0];
  const app = seed.applications[0];
  return [
    `DMS_URL=${service.url}`,
    `DMS_TOKEN=${service.token}`,
    ...(service.tokenNoLogs !== undefined ? [`DMS_TOKEN_NO_LOGS=${service.tokenNoLogs}`] : []),
    `PROJECT=${project?.uuid ?? ''} ${project?.name ?? ''}`,
    `SERVER=${server?.uuid ?? ''} ${server?.name ?? ''}`,
    `ENVIRONMENT=${environment?.name ?? ''}`,
    `APP=${app?.uuid ?? ''} ${app?.name ?? ''}`,
    // The applications whose records have the other shapes.
    ...(['queue', 'mixed'] as const).flatMap((shape) =>
      seed.applications
        .filter((a) => a.shape === shape && !a.bigHistory)
        .map((a) => `APP_${shape === 'queue' ? 'QUEUE_ROWS' : 'MIXED'}=${a.uuid} ${a.name}`),
    ),
    // The one with 50,000 deployments, for reading a whole history.
    ...seed.applications.filter((a) => a.bigHistory).map((a) => `APP_BIG_HISTORY=${a.uuid} ${a.name}`),
  ];
}
