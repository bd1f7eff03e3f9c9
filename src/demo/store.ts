// The demo's memory: places, applications, deployments and databases. Deployment ids
// grow with time, so "newest first" and "highest id first" agree. A generated history
// (generated-history.ts) is not held: its deployments are made when a page asks for them.
import type { GeneratedHistory } from './generated-history.js';
import type { DemoApp, DemoDatabase, DemoDeployment, DemoEnvironment, DemoProject, DemoServer, NewApp, NewDeployment } from './model.js';
import { ENVIRONMENTS, PROJECTS, SERVERS, type SeedState } from './seed.js';

/** A newest-first history: an array of held deployments, or one made on demand. */
export interface DeploymentSeq {
  readonly length: number;
  /** Like `Array.prototype.slice`. */
  slice(from?: number, to?: number): DemoDeployment[];
}

export interface DemoStore {
  project(uuid: string): DemoProject | undefined;
  server(uuid: string): DemoServer | undefined;
  /** An environment of the project, by uuid or by name. */
  environment(projectUuid: string, by: { uuid?: string; name?: string }): DemoEnvironment | undefined;
  app(uuid: string): DemoApp | undefined;
  /** The application that already answers on this host name, if any. */
  appOnHost(host: string): DemoApp | undefined;
  /** Newest first: created_at descending, then id descending. */
  deploymentsOf(appUuid: string): DeploymentSeq;
  /** The application's deployments held in memory (a generated history's are not), newest first. */
  held(appUuid: string): DemoDeployment[];
  /** Numbers the application (ids count from 1 in the order they are added). */
  addApp(app: NewApp): DemoApp;
  addDeployment(d: NewDeployment): DemoDeployment;
  addDatabase(db: DemoDatabase): void;
}

export function createStore(seed: SeedState): DemoStore {
  const apps = new Map<string, DemoApp>();
  const deployments = new Map<string, DemoDeployment[]>();
  const databases: DemoDatabase[] = [];
  const generated = new Map<string, GeneratedHistory>(seed.generated.map((g) => [g.appUuid, g]));
  let nextId = 1;

  const store: DemoStore = {
    project: (uuid) => PROJECTS.find((p) => p.uuid === uuid),
    server: (uuid) => SERVERS.find((s) => s.uuid === uuid),
    environment: (projectUuid, by) =>
      ENVIRONMENTS.find((e) => e.project_uuid === projectUuid && (by.uuid !== undefined ? e.uuid === by.uuid : e.name === by.name)),
    app: (uuid) => apps.get(uuid),
    appOnHost: (host) => [...apps.values()].find((a) => a.hosts.includes(host)),
    deploymentsOf: (appUuid) => {
      const kept = store.held(appUuid);
      const made = generated.get(appUuid);
      return made ? concat(kept, made) : kept;
    },
    held: (appUuid) => [...(deployments.get(appUuid) ?? [])].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id),
    addApp(app) {
      const full: DemoApp = { ...app, id: apps.size + 1 };
      apps.set(app.uuid, full);
      if (!deployments.has(app.uuid)) deployments.set(app.uuid, []);
      return full;
    },
    addDeployment(d) {
      const full: DemoDeployment = { ...d, id: nextId++ };
      const list = deployments.get(d.appUuid) ?? [];
      list.push(full);
      deployments.set(d.appUuid, list);
      return full;
    },
    addDatabase(db) {
      databases.push(db);
    },
  };

  for (const app of seed.apps) store.addApp(app);
  for (const d of [...seed.deployments].sort((a, b) => a.createdAt - b.createdAt)) store.addDeployment(d);
  return store;
}

/** The held deployments (newer), then the generated ones. */
function concat(head: readonly DemoDeployment[], tail: DeploymentSeq): DeploymentSeq {
  const length = head.length + tail.length;
  return {
    length,
    slice(from = 0, to = length) {
      const a = from < 0 ? Math.max(0, length + from) : Math.min(length, from);
      const b = to < 0 ? Math.max(0, length + to) : Math.min(length, to);
      if (b <= a) return [];
      const fromHead = head.slice(a, Math.min(b, head.length));
      return b <= head.length ? fromHead : [...fromHead, ...tail.slice(Math.max(0, a - head.length), b - head.length)];
    },
  };
}
