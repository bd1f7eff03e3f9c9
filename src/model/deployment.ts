// One deployment as people read it, from whatever record a server sends: the interface's
// settings snapshots, the deployment-queue rows deployed servers send, or a mix of both
// (service-behaviour.md, "Deployment rows as deployed servers send them"). Pure: no Ink, no I/O.
// Strings here are cleaned of control characters but NOT masked: whoever shows them masks URL
// passwords (the table always, the detail view unless secrets are revealed).
import type { Deployment } from '../api/schemas/deployment.js';
import { clean, cleanBlock } from '../text/sanitize.js';
import { statusLabel } from '../text/format.js';
import { maskUrlPasswords } from '../text/secrets.js';
import { boolOf, intOf, textOf, timeOf } from './read.js';

export type Phase = 'queued' | 'running' | 'finished' | 'failed' | 'cancelled' | 'unknown';

/** A mark per phase that reads without colour (all one terminal cell). */
export const PHASE_MARKS: Readonly<Record<Phase, string>> = {
  finished: '✓',
  failed: '✗',
  running: '●',
  queued: '○',
  cancelled: '⊘',
  unknown: '?',
};

export interface DeploymentView {
  /** The record as read (values as the server sent them). */
  readonly record: Deployment;
  readonly id: number | null;
  /** `deployment_uuid`, else `uuid`; '' when neither. */
  readonly uuid: string;
  /** The status as sent, as text ('' when absent). */
  readonly status: string;
  readonly phase: Phase;
  /** `finished`, `in progress`, `cancelled`; an unknown status verbatim. */
  readonly statusText: string;
  /** Queued or in progress: it may still change. */
  readonly active: boolean;
  /** How it was started: `webhook`, `API`, `rollback`, `PR #12`, `manual`; '' when the record does not say. */
  readonly source: string;
  /** Other ways it was started: `force rebuild`, `restart only`, `only this server`. */
  readonly flags: readonly string[];
  /** The full commit sha, `HEAD` when none was pinned, or ''. */
  readonly commit: string;
  /** What the table shows of the commit: 7 hex digits, `HEAD`, or a short name. */
  readonly shortCommit: string;
  /** First line of the commit message, trimmed. */
  readonly subject: string;
  readonly branch: string;
  readonly application: string;
  readonly buildPack: string;
  /** The application's domains, `, `-separated. */
  readonly domains: string;
  readonly server: string;
  /** When it was created (queued), ms since the epoch. */
  readonly startedAt: number | null;
  /** When it ended: `finished_at`, or `updated_at` for a final record without it. */
  readonly finishedAt: number | null;
  /** The deployment's page in the service's web UI: an http(s) URL, or a path on the service's host (see linkFor). */
  readonly link: string;
}

/** Longest text kept of a one-line field (the table shows far less; the detail view wraps). */
const LINE_MAX = 2000;

/** One display line: cleaned, trimmed, shortened to LINE_MAX code units. */
function line(value: unknown): string {
  const text = textOf(value);
  if (text === '') return '';
  return clean(text.length > LINE_MAX * 2 ? text.slice(0, LINE_MAX * 2) : text)
    .trim()
    .slice(0, LINE_MAX);
}

export function phaseOf(status: string): Phase {
  switch (status) {
    case 'finished':
      return 'finished';
    case 'failed':
      return 'failed';
    case 'in_progress':
      return 'running';
    case 'queued':
      return 'queued';
    case 'cancelled-by-user':
    case 'cancelled':
      return 'cancelled';
    default:
      return 'unknown';
  }
}

const SOURCE_FIELDS = ['rollback', 'pull_request_id', 'is_webhook', 'is_api'] as const;

function sourceOf(r: Record<string, unknown>): string {
  if (boolOf(r.rollback)) return 'rollback';
  const pr = intOf(r.pull_request_id);
  if (pr !== null && pr > 0) return `PR #${pr}`;
  if (boolOf(r.is_webhook)) return 'webhook';
  if (boolOf(r.is_api)) return 'API';
  // The record says how deployments start, and none of the automatic ways: started by hand.
  return SOURCE_FIELDS.some((k) => boolOf(r[k]) === false || intOf(r[k]) === 0) ? 'manual' : '';
}

const FLAG_FIELDS: readonly (readonly [string, string])[] = [
  ['force_rebuild', 'force rebuild'],
  ['restart_only', 'restart only'],
  ['only_this_server', 'only this server'],
];

const HEX = /^[0-9a-f]{7,64}$/i;

function shortCommitOf(commit: string): string {
  if (commit === 'HEAD' || commit === '') return commit;
  return HEX.test(commit) ? commit.slice(0, 7).toLowerCase() : commit.slice(0, 12);
}

/** First non-empty line of a commit message. */
function subjectOf(message: unknown): string {
  const text = textOf(message);
  if (text === '') return '';
  const head = text.slice(0, LINE_MAX * 4);
  for (const piece of head.split(/\r\n|\r|\n/)) {
    const s = line(piece);
    if (s !== '') return s;
  }
  return '';
}

/** `deployment_url`: an absolute http(s) URL, or a path on the service's host; '' for anything else. */
function linkOf(value: unknown): string {
  const url = line(value);
  if (/^https?:\/\/[^\s/]/i.test(url)) return url;
  return url.startsWith('/') && !url.startsWith('//') && !/\s/.test(url) ? url : '';
}

/** The web link as a URL: a path is joined to the origin of the service's base URL (`https://host/api/v1` → `https://host`). */
export function linkFor(view: DeploymentView, baseUrl: string | undefined): string {
  if (!view.link.startsWith('/')) return view.link;
  try {
    return baseUrl ? `${new URL(baseUrl).origin}${view.link}` : view.link;
  } catch {
    return view.link;
  }
}

/** The application's domains (a comma-separated list) as `a, b`. */
function domainsOf(value: unknown): string {
  return line(value)
    .split(',')
    .map((d) => d.trim())
    .filter((d) => d !== '')
    .join(', ');
}

/** The application's name a record says: `application_name` (queue rows), else `name` (snapshots); cleaned, '' when none. */
export function applicationOf(record: Record<string, unknown>): string {
  return line(record.application_name) || line(record.name);
}

export function viewOf(record: Deployment): DeploymentView {
  const r = record as Record<string, unknown>;
  const status = line(r.status);
  const phase = phaseOf(status);
  const final = phase === 'finished' || phase === 'failed' || phase === 'cancelled';
  const commitText = line(r.git_commit_sha) || line(r.commit);
  const commit = commitText.toUpperCase() === 'HEAD' ? 'HEAD' : commitText;
  const startedAt = timeOf(r.created_at);
  const finishedAt = timeOf(r.finished_at) ?? (final ? timeOf(r.updated_at) : null);
  return {
    record,
    id: intOf(r.id),
    uuid: line(r.deployment_uuid) || line(r.uuid),
    status,
    phase,
    statusText: status === '' ? 'unknown' : statusLabel(status),
    active: phase === 'queued' || phase === 'running',
    source: sourceOf(r),
    flags: FLAG_FIELDS.filter(([k]) => boolOf(r[k]) === true).map(([, label]) => label),
    commit,
    shortCommit: shortCommitOf(commit),
    subject: subjectOf(r.commit_message),
    branch: line(r.git_branch),
    application: applicationOf(r),
    buildPack: line(r.build_pack),
    domains: domainsOf(r.fqdn),
    server: line(r.server_name),
    startedAt,
    finishedAt: finishedAt !== null && startedAt !== null && finishedAt < startedAt ? null : finishedAt,
    link: linkOf(r.deployment_url),
  };
}

/** The whole commit message, cleaned, newlines kept; '' when there is none. */
export function messageOf(view: DeploymentView): string {
  return cleanBlock(textOf((view.record as Record<string, unknown>).commit_message)).replace(/\s+$/, '');
}

/** A stable key for a row: its id, else its uuid, else its position. */
export function keyOf(view: DeploymentView, index: number): string {
  if (view.id !== null) return `id:${view.id}`;
  if (view.uuid !== '') return `uuid:${view.uuid}`;
  return `#${index}`;
}

/** What tells a record from the others, reading nothing else: its id, else `uuid:<uuid>`; null with neither. */
export function identityOf(record: Deployment): number | string | null {
  const r = record as Record<string, unknown>;
  const id = intOf(r.id);
  if (id !== null) return id;
  const uuid = line(r.deployment_uuid) || line(r.uuid);
  return uuid !== '' ? `uuid:${uuid}` : null;
}

/** keyOf(viewOf(record), index) without the rest of the view. */
export function keyOfRecord(record: Deployment, index: number): string {
  const identity = identityOf(record);
  return identity === null ? `#${index}` : typeof identity === 'number' ? `id:${identity}` : identity;
}

/** The rows' keys, unique even when a server sends the same id twice (the second is `id:7 2`). */
export function keysOf(views: readonly DeploymentView[]): string[] {
  const seen = new Map<string, number>();
  return views.map((v, i) => {
    const k = keyOf(v, i);
    const n = (seen.get(k) ?? 0) + 1;
    seen.set(k, n);
    return n === 1 ? k : `${k} ${n}`;
  });
}

/** The same deployment (after a refresh or on another page): same id, else same uuid. */
export function sameDeployment(a: DeploymentView, b: DeploymentView): boolean {
  if (a.id !== null && b.id !== null) return a.id === b.id;
  return a.uuid !== '' && a.uuid === b.uuid;
}

/**
 * The text `/` matches, lower case: status (as sent and as shown), source, commit, subject, branch,
 * application, server and id. As shown (URL passwords masked), so a filter cannot guess a password.
 */
export function searchText(view: DeploymentView): string {
  return [
    view.status,
    view.statusText,
    view.source,
    view.commit,
    view.subject,
    view.branch,
    view.application,
    view.server,
    view.id === null ? '' : String(view.id),
  ]
    .map(maskUrlPasswords)
    .join(' ')
    .toLowerCase();
}

/**
 * The application's name from the first row that says it, for headers and recents: passwords in
 * it hidden (a name is not a secret field, but a server may put a URL with credentials there).
 */
export function firstApplicationName(views: Iterable<{ readonly application: string }>): string | undefined {
  for (const v of views) if (v.application !== '') return maskUrlPasswords(v.application);
  return undefined;
}
