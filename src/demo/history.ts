// Made-up but believable deployment histories: commits on a few branches over some weeks,
// mostly finished, some failed or cancelled, the newest possibly still running.
import type { DeploymentStatus } from '../api/schemas/deployment.js';
import type { NewDeployment } from './model.js';
import { between, createRandom, hex, pick, seedOf, uuid, type Random } from './random.js';

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

/** The deployments of one application, oldest first, without ids. */
export function history(appUuid: string, plan: HistoryPlan, now: number): NewDeployment[] {
  const random = createRandom(seedOf(appUuid));
  const active = plan.active ?? [];
  const settled = Math.max(0, plan.count - active.length);
  const end = now - Math.round((20 + random() * 120) * MINUTE);
  const span = plan.days * DAY;
  // One gap more than deployments: the newest settled one lies a gap before `end`.
  const gaps = Array.from({ length: settled + 1 }, () => 0.15 + random() * random() * 3);
  const sum = gaps.reduce((a, b) => a + b, 0);
  const upgraded = now - plan.upgradedDaysAgo * DAY;

  const make = (status: DeploymentStatus, createdAt: number, updatedAt: number): NewDeployment => {
    const branch = weighted(random, plan.branches);
    return {
      uuid: uuid(random),
      appUuid,
      status,
      commitSha: hex(random, 40),
      branch,
      commitMessage: pick(random, plan.messages),
      pullRequestId: pullRequestOf(branch),
      isWebhook: random() < 0.7,
      configHash: hex(random, 32),
      createdAt,
      updatedAt,
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
