// What a page of deployments says at a glance, for the header: what runs now and what is live.
import { relativeAt } from '../text/format.js';
import { maskUrlPasswords } from '../text/secrets.js';
import { PHASE_MARKS, type DeploymentView } from './deployment.js';
import { durationOf } from './duration.js';

const named = (v: DeploymentView) => maskUrlPasswords(v.shortCommit || (v.id !== null ? `#${v.id}` : 'a deployment'));

/**
 * `● deploying 3fa91c2 for 1m 20s · ○ 2 queued · live 3fa91c2, finished 2h ago`. What is live is only
 * known on the first page (its newest finished deployment); '' when there is nothing to say.
 */
export function activityLine(views: readonly DeploymentView[], firstPage: boolean, now: number): string {
  const parts: string[] = [];
  const running = views.filter((v) => v.phase === 'running');
  const queued = views.filter((v) => v.phase === 'queued').length;
  if (running[0]) {
    const d = durationOf(running[0], now).text;
    parts.push(
      `${PHASE_MARKS.running} deploying ${named(running[0])}${d ? ` for ${d}` : ''}${running.length > 1 ? ` (+${running.length - 1} more)` : ''}`,
    );
  }
  if (queued > 0) parts.push(`${PHASE_MARKS.queued} ${queued} queued`);
  const live = firstPage ? views.find((v) => v.phase === 'finished') : undefined;
  if (live) parts.push(`live ${named(live)}${live.finishedAt !== null ? `, finished ${relativeAt(live.finishedAt, now)}` : ''}`);
  return parts.join(' · ');
}
