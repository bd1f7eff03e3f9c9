// Failure clusters: the reasons of failed deployments (reason.ts), each folded to the form it takes
// whatever the deployment, grouped and counted, with when the cluster was first and last seen and
// which deployments are in it; the cluster seen last comes first. Pure: no Ink, no I/O.
//
// What folds (`foldReason`), in this order, so two failures of one cause read the same:
// - a BuildKit step's prefix at the start (`#12 45.120 `) goes;
// - uuids become `<uuid>`; dates, clock times and durations (`2026-11-29T01:09:44Z`, `01:09:44`,
//   `12.5s`, `450ms`) `<time>`; hex hashes and ids (7+ characters of 0-9a-f with a digit and a
//   letter, `sha256:…`, a 20+ character id of digits and letters) `<hash>`;
// - a path that is not quoted (`/app/src/env.ts:9:11`, `./src/x.ts`, `~/y`) becomes `<path>`;
// - a number standing alone (or of 4+ digits after `-` or `_`: `build-2231`) becomes `<n>`, but for an exit code or a status (after `code`,
//   `status`, `error`, `exit` or `exited (`, or an HTTP status before its words: `429 Too Many Requests`): those tell
//   causes apart;
// - a quoted name (`'@/lib/analytics'`, `"DATABASE_URL"`) is kept: it names what is missing or
//   broken, and each one is a fix of its own; only the uuids, times, hashes and numbers inside it fold.
// The cluster shows its folded form; JSON also gives the newest reason as it was read (`example`).
import { relativeAt } from '../text/format.js';
import type { DeploymentView } from './deployment.js';
import type { NoReason, Reason } from './reason.js';

const BUILDKIT_STEP = /^#\d+ (?:\d+\.\d+ )?/;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const TIME =
  /\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b|\b\d{1,2}:\d{2}:\d{2}(?:\.\d+)?\b|\b\d+(?:\.\d+)?(?:ms|s|m|h)\b/g;
const HASH =
  /\bsha256:[0-9a-f]{12,}\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,64}\b|\b(?=[a-z0-9]*\d)(?=[a-z0-9]*[a-z])[a-z0-9]{20,}\b/gi;
const QUOTED = /'[^']*'|"[^"]*"|`[^`]*`/g;
/** A path where a token starts: `/x`, `./x`, `../x`, `~/x`, with `:line:col` after it. */
const PATH = /(^|[\s(=[,])(?:\.{1,2}\/|~\/|\/)[\w.@+-][\w./@+-]*(?::\d+)*/g;
/** A number kept: an exit code or a status. */
const KEPT_NUMBER = /\b(?:code|status|error|exit|exited)\b[:=]?\s*\(?$/i;
/** A number standing alone, or a long one after `-` or `_` (`build-2231`; not `registry-1`, `node:20-alpine`). */
const NUMBER = /(?<![\w.-])\d+(?:[.,]\d+)*(?![\w-])|(?<=[a-z][-_])\d{4,}(?![\w-])/gi;
const HTTP_STATUS = /^ [A-Z][a-z]/;

function foldNumbers(text: string): string {
  return text.replace(NUMBER, (n, at: number, all: string) => {
    if (KEPT_NUMBER.test(all.slice(Math.max(0, at - 16), at))) return n;
    if (/^[1-5]\d\d$/.test(n) && HTTP_STATUS.test(all.slice(at + n.length, at + n.length + 3))) return n;
    return '<n>';
  });
}

/** What folds inside a quoted name too. */
function foldValues(text: string): string {
  return foldNumbers(text.replace(UUID, '<uuid>').replace(TIME, '<time>').replace(HASH, '<hash>'));
}

/** A reason in the form it takes whatever the deployment (the rules above). */
export function foldReason(reason: string): string {
  const text = reason.trim().replace(BUILDKIT_STEP, '').replace(/\s+/g, ' ');
  let out = '';
  let last = 0;
  for (const m of text.matchAll(QUOTED)) {
    out += foldValues(text.slice(last, m.index).replace(PATH, '$1<path>')) + foldValues(m[0]);
    last = m.index + m[0].length;
  }
  return out + foldValues(text.slice(last).replace(PATH, '$1<path>'));
}

/** How a failed deployment without a reason is counted: a cluster of its own, said in words. */
export const NO_REASON_LABEL: Readonly<Record<Exclude<NoReason, 'not ended badly'>, string>> = {
  'no logs': '(no log: the server sent none; a token allowed to read sensitive data receives them)',
  unreadable: '(no reason: the log could not be read)',
  empty: '(no reason: the log is empty)',
  'no cause': '(no reason: no line of the log says why it failed)',
};

export interface Cluster<M> {
  /** The folded reason, or the label of a kind without one (NO_REASON_LABEL). */
  readonly reason: string;
  /** `reason`, or why there is none. */
  readonly kind: 'reason' | Exclude<NoReason, 'not ended badly'>;
  readonly count: number;
  /** Creation times of the oldest and newest deployment in it (ms), null when none says one. */
  readonly first: number | null;
  readonly last: number | null;
  /** The newest deployment's reason as read (before folding). */
  readonly example: string;
  /** Its deployments, in the order added (newest first as a scan reads). */
  readonly members: readonly M[];
}

interface Open<M> {
  reason: string;
  kind: Cluster<M>['kind'];
  count: number;
  first: number | null;
  last: number | null;
  example: string;
  /** The time `example` was seen at (the newest read so far). */
  exampleAt: number | null;
  members: M[];
}

export interface ClusterAccumulator<M> {
  /** Failed deployments added. */
  readonly failed: number;
  /** Adds a deployment, with its reason (reasonOf) and what to keep of it: only failed ones count. */
  add(view: Pick<DeploymentView, 'phase' | 'startedAt'>, reason: Reason, member: M): void;
  /** The clusters so far, the one seen last first (then the larger, then by reason). */
  clusters(): Cluster<M>[];
}

const newer = (a: number | null, b: number | null): boolean => a !== null && (b === null || a > b);

export function createClusters<M>(): ClusterAccumulator<M> {
  const byKey = new Map<string, Open<M>>();
  let failed = 0;
  return {
    get failed() {
      return failed;
    },
    add(view, reason, member) {
      if (view.phase !== 'failed') return;
      failed += 1;
      // A failed deployment's reason is never 'not ended badly'; counted as "no cause" if it were.
      const kind = reason.kind === 'reason' ? 'reason' : reason.why === 'not ended badly' ? 'no cause' : reason.why;
      const text = kind === 'reason' ? foldReason((reason as Extract<Reason, { kind: 'reason' }>).text) : NO_REASON_LABEL[kind];
      const example = reason.kind === 'reason' ? reason.text : text;
      const key = `${kind}\u0000${text}`;
      const at = view.startedAt;
      let c = byKey.get(key);
      if (!c) {
        c = { reason: text, kind, count: 0, first: at, last: at, example, exampleAt: at, members: [] };
        byKey.set(key, c);
      }
      c.count += 1;
      c.members.push(member);
      if (at !== null) {
        if (c.first === null || at < c.first) c.first = at;
        if (newer(at, c.last)) c.last = at;
        if (newer(at, c.exampleAt)) {
          c.example = example;
          c.exampleAt = at;
        }
      }
    },
    clusters() {
      const list = [...byKey.values()].map((c): Cluster<M> => ({
        reason: c.reason,
        kind: c.kind,
        count: c.count,
        first: c.first,
        last: c.last,
        example: c.example,
        members: c.members.slice(),
      }));
      return list.sort((a, b) => (b.last ?? -Infinity) - (a.last ?? -Infinity) || b.count - a.count || (a.reason < b.reason ? -1 : 1));
    },
  };
}

/** `(last 1d, first 12d)`: how long ago the newest and the oldest of the cluster were created; `(3h)` for one. */
export function agesText(c: Pick<Cluster<unknown>, 'first' | 'last' | 'count'>, now: number): string {
  const ago = (t: number | null) => (t === null ? 'unknown' : relativeAt(t, now, 1).replace(/ ago$/, ''));
  return c.count === 1 || c.first === c.last ? `(${ago(c.last)})` : `(last ${ago(c.last)}, first ${ago(c.first)})`;
}
