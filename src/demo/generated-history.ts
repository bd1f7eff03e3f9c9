// A history too long to hold in memory: years of a busy monorepo's CI deployments, each one made
// from its position alone (same position, same deployment, on every request), so the service
// starts as fast as without it. The list route only ever asks for a slice: a length and
// `slice(from, to)`, newest first, like an array of the held deployments.
import type { DeploymentStatus } from '../api/schemas/deployment.js';
import type { DemoDeployment } from './model.js';
import { between, createRandom, hex, pick, seedOf, uuid, type Random } from './random.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface GeneratedPlan {
  readonly count: number;
  /** How far back the oldest deployment lies, in days. */
  readonly days: number;
  /** The id of the oldest deployment; the others count up from it (ids rise with time). */
  readonly firstId: number;
  /** The repository's `owner/name`, for merge-commit subjects. */
  readonly repo: string;
  /** Commit subjects that come back again and again. */
  readonly subjects: readonly string[];
  /** Bodies some commit messages carry under their subject. */
  readonly bodies: readonly string[];
  /** What pull-request branches are about (`feature/<topic>`, `fix/<topic>` …). */
  readonly topics: readonly string[];
}

/** How many of the newest deployments end in each way (the rest finished). */
const FAILED = 0.115;
const CANCELLED = 0.035;

/** Each position's own random stream. */
const streamAt = (appUuid: string, k: number): Random => createRandom(seedOf(`${appUuid} #${k}`));

/**
 * Where in the span (0 = oldest, 1 = newest) a share `x` of the history lies: more deployments
 * per day in later years (the team grew), in waves (releases, holidays). Rises strictly, so the
 * order by time is the order by position.
 */
function spanAt(x: number): number {
  const waves = 40;
  return 0.55 * x + 0.45 * x * x + (0.3 * Math.sin(2 * Math.PI * waves * x)) / (2 * Math.PI * waves);
}

/** 24 lowercase letters and digits, like newer servers' deployment uuids. */
function queueUuid(r: Random): string {
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (let i = 0; i < 24; i++) out += chars[Math.floor(r() * chars.length)];
  return out;
}

export class GeneratedHistory {
  /** When the newest could have started at the latest: a quarter of an hour before the service started. */
  private readonly end: number;

  constructor(
    readonly appUuid: string,
    readonly plan: GeneratedPlan,
    /** The service's clock at start. */
    now: number,
    /** The application's settings hash (`configuration_hash`; its settings never changed). */
    readonly configHash: string,
  ) {
    this.end = now - 16 * MINUTE;
  }

  get length(): number {
    return this.plan.count;
  }

  /** Newest first, like `Array.prototype.slice` on the whole history. */
  slice(from = 0, to = this.length): DemoDeployment[] {
    const n = this.length;
    const clamp = (i: number) => (i < 0 ? Math.max(0, n + i) : Math.min(n, i));
    const out: DemoDeployment[] = [];
    for (let age = clamp(from); age < clamp(to); age++) out.push(this.at(age));
    return out;
  }

  /** The deployment `age` places from the newest (0). */
  at(age: number): DemoDeployment {
    const { plan } = this;
    const k = plan.count - 1 - age; // from the oldest
    const r = streamAt(this.appUuid, k);
    const span = plan.days * DAY;
    // Somewhere inside its own share of the span: strictly after the one before it.
    const createdAt = Math.round(this.end - span + span * spanAt((k + 0.1 + 0.8 * r()) / plan.count));
    const status = statusOf(r);
    const ran = durationOf(r, status);
    const how = this.source(r, k, createdAt);
    const subject = this.subjectOf(r, how.branch, how.pullRequestId);
    const body = r() < 0.25 ? `\n\n${pick(r, plan.bodies)}` : '';
    const sha = hex(r, 40);
    return {
      id: plan.firstId + k,
      uuid: uuid(r),
      deploymentUuid: queueUuid(r),
      appUuid: this.appUuid,
      status,
      // Started by hand without a commit: the branch's HEAD.
      commitSha: how.manual && r() < 0.4 ? 'HEAD' : sha,
      branch: how.branch,
      commitMessage: `${subject}${body}`,
      pullRequestId: how.pullRequestId,
      isWebhook: how.webhook,
      isApi: how.api,
      rollback: how.rollback,
      forceRebuild: r() < 0.03,
      restartOnly: r() < 0.01,
      configHash: this.configHash,
      createdAt,
      updatedAt: createdAt + ran,
      finishedAt: createdAt + ran,
      newer: true,
    };
  }

  /** How it was started, and from which branch. */
  private source(r: Random, k: number, createdAt: number) {
    const x = r();
    const none = { webhook: false, api: false, rollback: false, manual: false, pullRequestId: 0 };
    if (x < 0.2) {
      // A pull-request preview: numbers rise over the years; each PR keeps its branch.
      const pullRequestId = Math.max(1, 1200 + Math.floor(k / 7) - between(r, 0, 60));
      return { ...none, webhook: true, pullRequestId, branch: this.prBranch(pullRequestId) };
    }
    if (x < 0.74) return { ...none, webhook: true, branch: 'main' };
    if (x < 0.83) return { ...none, webhook: true, branch: releaseBranch(createdAt) };
    if (x < 0.87) return { ...none, webhook: true, branch: 'staging' };
    if (x < 0.95) return { ...none, api: true, branch: 'main' };
    if (x < 0.985) return { ...none, manual: true, branch: pick(r, ['main', 'main', 'staging']) };
    return { ...none, rollback: true, branch: 'main' };
  }

  private prBranch(pr: number): string {
    const r = createRandom(seedOf(`${this.appUuid} pr ${pr}`));
    const kind = pick(r, ['feature', 'feature', 'feature', 'fix', 'fix', 'chore', 'renovate']);
    if (kind === 'renovate')
      return `renovate/${pick(r, ['turbo', 'pnpm', 'typescript', 'node-20.x', 'vitest', 'eslint-monorepo', 'aws-sdk-js-v3-monorepo'])}`;
    return `${kind}/${pick(r, this.plan.topics)}`;
  }

  private subjectOf(r: Random, branch: string, pr: number): string {
    if (pr > 0 && branch.startsWith('renovate/'))
      return `chore(deps): update ${branch.slice('renovate/'.length)} to v${between(r, 1, 9)}.${between(r, 0, 20)}.${between(r, 0, 12)}`;
    if (branch === 'main' && r() < 0.3) {
      const merged = Math.max(1, 1200 + between(r, 0, Math.max(1, Math.floor(this.plan.count / 7))));
      return `Merge pull request #${merged} from ${this.plan.repo.split('/')[0]}/${this.prBranch(merged)}`;
    }
    return pick(r, this.plan.subjects);
  }
}

function statusOf(r: Random): DeploymentStatus {
  const x = r();
  if (x < FAILED) return 'failed';
  if (x < FAILED + CANCELLED) return 'cancelled-by-user';
  return 'finished';
}

/** 1–15 minutes: a failure or a cancellation usually sooner than a whole build and rollout. */
function durationOf(r: Random, status: DeploymentStatus): number {
  if (status === 'failed') return between(r, 60, 600) * 1000;
  if (status === 'cancelled-by-user') return between(r, 60, 300) * 1000;
  return Math.round(150 + 750 * r() ** 2) * 1000;
}

/** Release branches are cut every quarter: `release/2025.3`. */
function releaseBranch(at: number): string {
  const d = new Date(at);
  return `release/${d.getUTCFullYear()}.${Math.floor(d.getUTCMonth() / 3) + 1}`;
}
