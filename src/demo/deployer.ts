// Runs deployments like a build server would: queued for a few steps, in progress for
// more, then finished (or, about one in five, failed). One step is `stepMs`; with the
// default of 1 s a deployment takes 10–20 s in all. It notes when a deployment went in progress
// (`startedAt`): its log grows from then (logs.ts). A creation may ask for the outcome (see
// outcomeAsked in routes/create-app.ts): tests and demos that need a failed or cancelled one.
import type { DemoDeployment } from './model.js';
import { between, type Random } from './random.js';

/** How a deployment ends. */
export type DemoOutcome = 'finished' | 'failed' | 'cancelled-by-user';

export interface Deployer {
  /** Moves the deployment on from where it stands (queued or in_progress); `outcome`: how it ends (default: by chance). */
  run(deployment: DemoDeployment, outcome?: DemoOutcome): void;
  /** Stops every pending move. */
  close(): void;
}

export interface DeployerOptions {
  readonly stepMs: number;
  readonly now: () => number;
  readonly random: Random;
}

export function createDeployer({ stepMs, now, random }: DeployerOptions): Deployer {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const later = (steps: number, move: () => void) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) move();
    }, steps * stepMs);
    timer.unref();
    timers.add(timer);
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
        later(queued, () => {
          if (d.status !== 'queued') return;
          d.status = 'in_progress';
          d.updatedAt = now();
          d.startedAt = d.updatedAt;
          later(building, () => finish(d, outcome));
        });
      } else if (d.status === 'in_progress') {
        d.startedAt ??= d.updatedAt;
        later(building, () => finish(d, outcome));
      }
    },
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
