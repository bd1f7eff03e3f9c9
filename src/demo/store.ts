// The demo's memory: places, applications, deployments and databases. Deployment ids
// grow with time, so "newest first" and "highest id first" agree.
import type { DemoApp, DemoDatabase, DemoDeployment, DemoEnvironment, DemoProject, DemoServer, NewApp, NewDeployment } from './model.js';
import { ENVIRONMENTS, PROJECTS, SERVERS, type SeedState } from './seed.js';

export interface DemoStore {
  project(uuid: string): DemoProject | undefined;
  server(uuid: string): DemoServer | undefined;
  /** An environment of the project, by uuid or by name. */
  environment(projectUuid: string, by: { uuid?: string; name?: string }): DemoEnvironment | undefined;
  app(uuid: string): DemoApp | undefined;
  /** The application that already answers on this host name, if any. */
  appOnHost(host: string): DemoApp | undefined;
  /** Newest first: created_at descending, then id descending. */
  deploymentsOf(appUuid: string): DemoDeployment[];
  /** Numbers the application (ids count from 1 in the order they are added). */
  addApp(app: NewApp): DemoApp;
  addDeployment(d: NewDeployment): DemoDeployment;
  addDatabase(db: DemoDatabase): void;
}

export function createStore(seed: SeedState): DemoStore {
  const apps = new Map<string, DemoApp>();
  const deployments = new Map<string, DemoDeployment[]>();
  const databases: DemoDatabase[] = [];
  let nextId = 1;

  const store: DemoStore = {
    project: (uuid) => PROJECTS.find((p) => p.uuid === uuid),
    server: (uuid) => SERVERS.find((s) => s.uuid === uuid),
    environment: (projectUuid, by) =>
      ENVIRONMENTS.find((e) => e.project_uuid === projectUuid && (by.uuid !== undefined ? e.uuid === by.uuid : e.name === by.name)),
    app: (uuid) => apps.get(uuid),
    appOnHost: (host) => [...apps.values()].find((a) => a.hosts.includes(host)),
    deploymentsOf: (appUuid) =>
      [...(deployments.get(appUuid) ?? [])].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id),
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
