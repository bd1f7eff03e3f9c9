// Runs deployments like a build server would: queued for a few steps, in progress for
// more, then finished (or, about one in five, failed). One step is `stepMs`; with the
// default of 1 s a deployment takes 10–20 s in all. It notes when a deployment went in progress
// (`startedAt`): its log grows from then (logs.ts). A creation may ask for the outcome (see
// outcomeAsked in routes/create-app.ts): tests and demos that need a failed or cancelled one.
//
// With `holdUntilSeen` (a test's choice) a deployment leaves queued, and then in progress, only
// once a listing has returned it so (`shown`): a test that watches one sees every status however
// busy the machine, instead of racing the timer.
import type { DeploymentStatus } from '../api/schemas/deployment.js';
import type { DemoDeployment } from './model.js';
import { between, type Random } from './random.js';

/** How a deployment ends. */
export type DemoOutcome = 'finished' | 'failed' | 'cancelled-by-user';

export interface Deployer {
  /** Moves the deployment on from where it stands (queued or in_progress); `outcome`: how it ends (default: by chance). */
  run(deployment: DemoDeployment, outcome?: DemoOutcome): void;
  /** A listing returned these deployments as they stand (with holdUntilSeen, a move held for that goes ahead). */
  shown(deployments: readonly DemoDeployment[]): void;
  /** Stops every pending move. */
  close(): void;
}

export interface DeployerOptions {
  readonly stepMs: number;
  readonly now: () => number;
  readonly random: Random;
  /** A deployment moves on from a status only after a listing has returned it in that status (default false). */
  readonly holdUntilSeen?: boolean;
}

export function createDeployer({ stepMs, now, random, holdUntilSeen = false }: DeployerOptions): Deployer {
  const timers = new Set<NodeJS.Timeout>();
  /** The status each deployment had when a listing last returned it. */
  const seen = new WeakMap<DemoDeployment, DeploymentStatus>();
  /** Moves that are due, held until their deployment is seen in its status. */
  const held = new Map<DemoDeployment, () => void>();
  let closed = false;

  const after = (ms: number, fn: () => void) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  };

  /** Runs `move` on `d` after `steps`, or later, when held until a listing has shown `d` as it stands. */
  const later = (d: DemoDeployment, steps: number, move: () => void) => {
    after(steps * stepMs, () => {
      if (!holdUntilSeen || seen.get(d) === d.status) move();
      else held.set(d, move);
    });
  };

  const finish = (d: DemoDeployment, outcome: DemoOutcome | undefined) => {
    if (d.status !== 'in_progress') return;
    d.status = outcome ?? (random() < 0.2 ? 'failed' : 'finished');
    d.updatedAt = now();
    d.finishedAt = d.updatedAt;
  };

  return {
    run(d, outcome) {
      const queued = between(random, 2, 4);
      const building = between(random, 8, 16);
      if (d.status === 'queued') {
        later(d, queued, () => {
          if (d.status !== 'queued') return;
          d.status = 'in_progress';
          d.updatedAt = now();
          d.startedAt = d.updatedAt;
          later(d, building, () => finish(d, outcome));
        });
      } else if (d.status === 'in_progress') {
        d.startedAt ??= d.updatedAt;
        later(d, building, () => finish(d, outcome));
      }
    },
    shown(deployments) {
      if (!holdUntilSeen) return;
      for (const d of deployments) {
        seen.set(d, d.status);
        const move = held.get(d);
        if (!move) continue;
        held.delete(d);
        // After the answer that showed it is written, not while it is being built.
        after(0, move);
      }
    },
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      held.clear();
    },
  };
}
