// Made-up but believable deployment histories: commits on a few branches over some weeks,
// mostly finished, some failed or cancelled, the newest possibly still running.
import type { DeploymentStatus } from '../api/schemas/deployment.js';
import type { AppFields, NewDeployment } from './model.js';
import { between, createRandom, hex, pick, seedOf, uuid, type Random } from './random.js';
import { settingsHash } from './settings.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface HistoryPlan {
  readonly count: number;
  /** How far back the oldest deployment lies, in days. */
  readonly days: number;
  /** Branches with their weights. */
  readonly branches: ReadonlyArray<readonly [string, number]>;
  readonly messages: readonly string[];
  /** Statuses of the newest deployments, newest first, e.g. `['queued', 'in_progress']`. */
  readonly active?: readonly DeploymentStatus[];
  /** Shares of failed and cancelled deployments among the others. */
  readonly failed: number;
  readonly cancelled: number;
  /** Deployments newer than this many days carry the fields a newer server adds. */
  readonly upgradedDaysAgo: number;
  /** Bodies some commit messages carry under their subject (a blank line between). */
  readonly bodies?: readonly string[];
  /**
   * How the settings got to what they are: the `newest` deployments have the application's
   * current settings, older ones had `before` for these fields (layered: a change further back
   * wins for the deployments before it).
   */
  readonly changes?: readonly SettingsChange[];
}

export interface SettingsChange {
  readonly newest: number;
  readonly before: AppFields;
}

/** The settings of each age (0 = the newest deployment), one shared object per version. */
function settingsByAge(current: AppFields, changes: readonly SettingsChange[]): (age: number) => AppFields {
  const sorted = [...changes].sort((a, b) => a.newest - b.newest);
  const versions: AppFields[] = [current];
  for (const c of sorted) versions.push({ ...versions.at(-1)!, ...c.before });
  return (age) => versions[sorted.filter((c) => age >= c.newest).length]!;
}

/** How each deployment was started, from its own random stream (the rest of the history stays as it was). */
function startedBy(random: Random, isWebhook: boolean) {
  const r = random();
  const rollback = r < 0.03;
  const isApi = !rollback && !isWebhook && r < 0.5;
  return {
    isWebhook: isWebhook && !rollback,
    isApi,
    rollback,
    forceRebuild: random() < 0.05,
    restartOnly: random() < 0.03,
    pinned: random() > 0.3,
  };
}

/** 24 lowercase letters and digits, like newer servers' deployment uuids. */
function queueUuid(random: Random): string {
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (let i = 0; i < 24; i++) out += chars[Math.floor(random() * chars.length)];
  return out;
}

function weighted(random: Random, branches: HistoryPlan['branches']): string {
  const total = branches.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [name, w] of branches) {
    r -= w;
    if (r < 0) return name;
  }
  return branches[0]?.[0] ?? 'main';
}

/** A pull request number per preview branch, the same on every deployment of it. */
function pullRequestOf(branch: string): number {
  return branch === 'main' || branch === 'develop' ? 0 : 12 + (seedOf(branch) % 230);
}

function finalStatus(random: Random, plan: HistoryPlan): DeploymentStatus {
  const r = random();
  if (r < plan.failed) return 'failed';
  if (r < plan.failed + plan.cancelled) return 'cancelled-by-user';
  return 'finished';
}

/** How long a deployment ran before it reached `status`, in ms. */
function duration(random: Random, status: DeploymentStatus): number {
  if (status === 'failed') return between(random, 20, 200) * 1000;
  if (status === 'cancelled-by-user') return between(random, 5, 90) * 1000;
  return between(random, 45, 400) * 1000;
}

/** The deployments of one application, oldest first, without ids. `current`: its settings now. */
export function history(appUuid: string, plan: HistoryPlan, now: number, current: AppFields = {}): NewDeployment[] {
  const random = createRandom(seedOf(appUuid));
  const more = createRandom(seedOf(`${appUuid} started by`));
  const active = plan.active ?? [];
  const settled = Math.max(0, plan.count - active.length);
  const end = now - Math.round((20 + random() * 120) * MINUTE);
  const span = plan.days * DAY;
  // One gap more than deployments: the newest settled one lies a gap before `end`.
  const gaps = Array.from({ length: settled + 1 }, () => 0.15 + random() * random() * 3);
  const sum = gaps.reduce((a, b) => a + b, 0);
  const upgraded = now - plan.upgradedDaysAgo * DAY;
  const settingsAt = settingsByAge(current, plan.changes ?? []);
  const hashes = new Map<AppFields, string>();

  const make = (status: DeploymentStatus, createdAt: number, updatedAt: number): NewDeployment => {
    // Drawn in the order the history always drew them, so the seed data stays what it was.
    const branch = weighted(random, plan.branches);
    const id = uuid(random);
    const sha = hex(random, 40);
    const subject = pick(random, plan.messages);
    const pullRequestId = pullRequestOf(branch);
    const how = startedBy(more, random() < 0.7);
    const body = plan.bodies && more() < 0.35 ? `\n\n${pick(more, plan.bodies)}` : '';
    // The settings of this deployment's age: the ones made later are newer.
    const settings = settingsAt(plan.count - 1 - out.length);
    if (!hashes.has(settings)) hashes.set(settings, settingsHash(settings));
    hex(random, 32); // the stream once drew a random config hash here; kept so the rest of the history is as before
    const final = status !== 'queued' && status !== 'in_progress';
    return {
      uuid: id,
      deploymentUuid: queueUuid(more),
      appUuid,
      status,
      // A deployment started by hand without a commit deploys the branch's HEAD.
      commitSha: !how.pinned && !how.isWebhook && pullRequestId === 0 ? 'HEAD' : sha,
      branch,
      commitMessage: `${subject}${body}`,
      pullRequestId,
      isWebhook: how.isWebhook,
      isApi: how.isApi,
      rollback: how.rollback,
      forceRebuild: how.forceRebuild,
      restartOnly: how.restartOnly,
      settings,
      configHash: hashes.get(settings)!,
      createdAt,
      updatedAt,
      finishedAt: final ? updatedAt : null,
      newer: createdAt >= upgraded,
    };
  };

  const out: NewDeployment[] = [];
  let t = end - span;
  for (const gap of gaps.slice(0, settled)) {
    t += (gap / sum) * span;
    const status = finalStatus(random, plan);
    out.push(make(status, Math.round(t), Math.round(t) + duration(random, status)));
  }
  // The running ones, oldest first (the plan lists them newest first).
  [...active].reverse().forEach((status, i) => {
    const createdAt = now - (active.length - i) * 2 * MINUTE + 20_000;
    out.push(make(status, createdAt, status === 'queued' ? createdAt : now - 15_000));
  });
  return out;
}
