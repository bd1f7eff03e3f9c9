// Follows a running deployment for the log viewer: about every 2 s one row — the deployment at
// its index, found again when newer deployments pushed it down — until it is final or the user
// pauses. Only that row is asked for, never the page (rows with logs weigh megabytes). Its end is
// told to `onEnded` (the log screen notifies: hooks/use-notify.ts).
import { useEffect, useRef } from 'react';
import type { DmsClient } from '../../../api/client.js';
import { isApiError } from '../../../api/errors.js';
import { relocate, type Located } from '../../../model/follow.js';
import type { Masker } from '../../../model/log.js';
import type { DeploymentView } from '../../../model/deployment.js';
import type { Store } from '../../state/store.js';
import type { LogAction, LogState } from './state.js';
import { describeError } from '../../errors.js';

export const FOLLOW_MS = 2000;

export interface LogFollowOptions {
  readonly client: DmsClient;
  readonly appUuid: string;
  readonly store: Store<LogState, LogAction>;
  /** Where the deployment was when the viewer opened. */
  readonly start: Located;
  readonly mask: Masker;
  /** Poll period (tests shorten it). */
  readonly intervalMs?: number;
  /** Whether to poll now: following is on and the deployment is not final. */
  readonly active: boolean;
  /** The deployment followed has ended (told once, when a poll finds it final). */
  readonly onEnded?: (view: DeploymentView) => void;
}

export function useLogFollow({ client, appUuid, store, start, mask, intervalMs = FOLLOW_MS, active, onEnded }: LogFollowOptions): void {
  const located = useRef(start);
  const ended = useRef(onEnded);
  useEffect(() => {
    ended.current = onEnded;
  });
  useEffect(() => {
    if (!active) return undefined;
    let stopped = false;
    const ac = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failing = false;
    const list = (skip: number, take: number) => client.listDeployments(appUuid, { skip, take }, { signal: ac.signal });
    const poll = async () => {
      try {
        const found = await relocate(list, located.current);
        if (stopped) return;
        if (!found) {
          store.dispatch({ type: 'note', note: { kind: 'lost' } });
          return;
        }
        located.current = found;
        if (failing) store.dispatch({ type: 'note', note: null });
        failing = false;
        store.dispatch({ type: 'record', record: found.view.record, mask });
        if (!found.view.active) {
          ended.current?.(found.view);
          return;
        }
      } catch (error) {
        if (stopped || (isApiError(error) && error.kind === 'cancelled')) return;
        failing = true;
        // The poll itself tries again.
        const message = describeError(error, client.redact).message;
        store.dispatch({ type: 'note', note: { kind: 'followError', message, seconds: Math.round(intervalMs / 1000) } });
      }
      timer = setTimeout(() => void poll(), intervalMs);
    };
    timer = setTimeout(() => void poll(), intervalMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
      ac.abort();
    };
  }, [active, client, appUuid, store, mask, intervalMs]);
}
