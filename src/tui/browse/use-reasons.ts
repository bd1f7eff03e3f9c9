// The reasons of the page's failed and cancelled rows (model/reason.ts), read after the frame: one
// row per timer turn, the focused row (the cursor's, or the open detail's) first, so the first
// frame waits on none of them and a key between two rows is handled between them. Memoised per row
// key (with its status and log length: a refresh that changes neither reads nothing again).
// reasonOf reads from the log's end (bench/reason.ts, measured): 0.038 ms median on the demo's
// 4.2 MB failed log, so the screen's thread is fine; 200,000 entries without the epilogue 38–40 ms
// median, 67 ms slowest: once per row, on its own timer turn after the frame, never before a key.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DeploymentView } from '../../model/deployment.js';
import { reasonOf, type Reason } from '../../model/reason.js';
import { textLength } from '../../api/scrub.js';

/** The memo's key of a row, or null when it has no reason to look for (neither failed nor cancelled). */
export function reasonKey(rowKey: string, view: DeploymentView): string | null {
  if (view.phase !== 'failed' && view.phase !== 'cancelled') return null;
  // Its length as sent: reading the log (to hide its secrets) waits until its reason is read.
  const chars = textLength(view.record, 'logs');
  return `${rowKey}|${view.status}|${chars ?? typeof (view.record as Record<string, unknown>).logs}`;
}

/** Rows remembered at most (pages seen): past it the memo starts again. */
const MEMO_MAX = 500;

export interface ReasonRows {
  readonly rows: readonly DeploymentView[];
  readonly keys: readonly string[];
  /** The row read first: the cursor's, or the open detail's (it may not be on the page). */
  readonly focus: { readonly key: string; readonly view: DeploymentView } | null;
  /** Hides the token too (the client's redact). */
  readonly redact: (text: string) => string;
}

/** The reason of a row once read (undefined until then, and for a row that has none to look for). */
export function useReasons({ rows, keys, focus, redact }: ReasonRows): (rowKey: string, view: DeploymentView) => Reason | undefined {
  const [memo, setMemo] = useState<ReadonlyMap<string, Reason>>(() => new Map());
  const wanted = useMemo(() => {
    const out: { readonly key: string; readonly view: DeploymentView }[] = [];
    const add = (rowKey: string, view: DeploymentView) => {
      const key = reasonKey(rowKey, view);
      if (key !== null) out.push({ key, view });
    };
    if (focus) add(focus.key, focus.view);
    rows.forEach((v, i) => add(keys[i] ?? '', v));
    return out;
  }, [rows, keys, focus]);
  useEffect(() => {
    const next = wanted.find((w) => !memo.has(w.key));
    if (!next) return undefined;
    const timer = setTimeout(() => {
      const reason = reasonOf(next.view.record, { redact });
      setMemo((m) => new Map(m.size >= MEMO_MAX ? [] : m).set(next.key, reason));
    }, 0);
    return () => clearTimeout(timer);
  }, [wanted, memo, redact]);
  return useCallback(
    (rowKey: string, view: DeploymentView) => {
      const key = reasonKey(rowKey, view);
      return key === null ? undefined : memo.get(key);
    },
    [memo],
  );
}
