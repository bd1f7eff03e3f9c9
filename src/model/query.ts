// The one query language of the TUI's `/` and `dms deployments --filter`: terms all of which a
// deployment matches. `status:failed,cancelled branch:main source:webhook commit:abc123 server:x
// id>100 dur>5m since:7d until:2026-11-01`, free words (`fix`, `"fix login"`: as `/` always read
// them, see query-match.ts), `/re/i`, and `!` or `-` before any term to negate it. Parsing only: a
// mistake throws QueryError, one line naming what is wrong and what would do. Pure.
import type { Phase } from './deployment.js';
import { spanOfText, timeOfText, TIME_FORMS } from './time-text.js';

export type CompareOp = '<' | '<=' | '>' | '>=' | '=';

export type Term =
  /** Lower case; a phrase may hold spaces. */
  | { readonly kind: 'word'; readonly text: string }
  | { readonly kind: 'regex'; readonly re: RegExp }
  | { readonly kind: 'status'; readonly phases: ReadonlySet<Phase> }
  | { readonly kind: 'branch'; readonly name: string }
  /** `webhook`, `api`, `rollback`, `manual`, `pr`, or `pr #12` (lower case). */
  | { readonly kind: 'source'; readonly name: string }
  /** Lower case: the commit starts with it. */
  | { readonly kind: 'commit'; readonly prefix: string }
  | { readonly kind: 'server'; readonly name: string }
  | { readonly kind: 'id' | 'dur'; readonly op: CompareOp; readonly value: number }
  | { readonly kind: 'since' | 'until'; readonly at: number };

export interface Clause {
  readonly negate: boolean;
  readonly term: Term;
}

export interface Query {
  /** The text as typed. */
  readonly text: string;
  /** All must hold (an empty query keeps every row). */
  readonly clauses: readonly Clause[];
}

/** The fields a term may name, as the error lists them. */
export const QUERY_FIELDS = ['status', 'branch', 'source', 'commit', 'server', 'id', 'dur', 'since', 'until'] as const;
const ALIASES: Readonly<Record<string, (typeof QUERY_FIELDS)[number]>> = { duration: 'dur', started: 'since' };

/** Status names: the model's phases, and the service's own spellings of two of them. */
export const STATUS_NAMES: Readonly<Record<string, Phase>> = {
  queued: 'queued',
  running: 'running',
  in_progress: 'running',
  finished: 'finished',
  failed: 'failed',
  cancelled: 'cancelled',
  'cancelled-by-user': 'cancelled',
  unknown: 'unknown',
};
export const STATUS_HELP = 'queued, running (or in_progress), finished, failed, cancelled, unknown';
const SOURCES = ['webhook', 'api', 'rollback', 'manual', 'pr'];

/** A query that cannot be read: `message` is one line saying what is wrong and what would do. */
export class QueryError extends Error {
  constructor(
    message: string,
    /** The unknown field named, when that was the mistake. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'QueryError';
  }
}

/** Longest regex source taken (the fields it runs over are at most 2,000 characters each). */
const REGEX_MAX = 500;
const REGEX_FLAGS = /^[imsu]*$/;

/** A value as the error shows it: short, on one line. */
function shown(value: string): string {
  const flat = value.replace(/[\s\p{C}]+/gu, ' ');
  return JSON.stringify(flat.length > 40 ? `${flat.slice(0, 39)}…` : flat);
}

interface Cursor {
  readonly text: string;
  i: number;
}

/** A quoted value from the opening `"` (an unclosed one runs to the end, as while it is typed). */
function quoted(c: Cursor): string {
  const end = c.text.indexOf('"', c.i + 1);
  const value = c.text.slice(c.i + 1, end < 0 ? c.text.length : end);
  c.i = end < 0 ? c.text.length : end + 1;
  return value;
}

function untilSpace(c: Cursor): string {
  const start = c.i;
  while (c.i < c.text.length && !/\s/.test(c.text[c.i]!)) c.i++;
  return c.text.slice(start, c.i);
}

/** `/re/flags` followed by a space or the end; null (cursor unmoved) when the term is not one. */
function regexAt(c: Cursor): Term | null {
  const t = c.text;
  let j = c.i + 1;
  while (j < t.length && t[j] !== '/') j += t[j] === '\\' ? 2 : 1;
  if (j >= t.length) return null;
  let k = j + 1;
  while (k < t.length && /[a-z]/i.test(t[k]!)) k++;
  if (k < t.length && !/\s/.test(t[k]!)) return null;
  const source = t.slice(c.i + 1, j);
  const flags = t.slice(j + 1, k);
  c.i = k;
  const whole = `/${source}/${flags}`;
  if (source === '') throw new QueryError(`the regex ${whole} is empty: put a pattern between the slashes, e.g. /fix(es)?/i.`);
  if (!REGEX_FLAGS.test(flags)) throw new QueryError(`the regex ${shown(whole)} takes the flags i, m, s or u only.`);
  if (source.length > REGEX_MAX) throw new QueryError(`the regex is ${source.length} characters long: at most ${REGEX_MAX}.`);
  try {
    return { kind: 'regex', re: new RegExp(source, flags) };
  } catch (error) {
    const why = error instanceof Error ? (error.message.split(': ').pop() ?? error.message) : 'not a regex';
    throw new QueryError(`the regex ${shown(whole)} is not one (${why.trim()}): check its brackets and escapes, or quote it as a phrase.`);
  }
}

const FIELD_HEAD = /^([a-z_]+)(>=|<=|[:=<>])/i;

function numberTerm(kind: 'id' | 'dur', op: string, value: string): Term {
  const ops: Readonly<Record<string, CompareOp>> = { '<': '<', '<=': '<=', '>': '>', '>=': '>=', '=': '=', ':': '=' };
  if (kind === 'id') {
    if (!/^#?\d{1,15}$/.test(value)) throw new QueryError(`id takes a number (id:248, id>200), not ${shown(value)}.`);
    return { kind, op: ops[op]!, value: Number(value.replace('#', '')) };
  }
  const ms = spanOfText(value);
  if (ms === null) throw new QueryError(`dur takes a length such as 5m, 90s or 1h30m, not ${shown(value)}.`);
  if (op === ':' || op === '=') throw new QueryError(`dur compares: dur>${value} or dur<=${value}, not dur${op}${value}.`);
  return { kind, op: ops[op]!, value: ms };
}

function listTerm(field: string, value: string): Term {
  if (field === 'status') {
    const phases = new Set<Phase>();
    for (const name of value.toLowerCase().split(',')) {
      const phase = STATUS_NAMES[name.trim()];
      if (phase === undefined) throw new QueryError(`status takes ${STATUS_HELP} (comma-separated), not ${shown(name)}.`);
      phases.add(phase);
    }
    return { kind: 'status', phases };
  }
  const name = value.toLowerCase().replace(/^pr\s*#?(\d+)$/, 'pr #$1');
  if (!SOURCES.includes(name) && !/^pr #\d+$/.test(name))
    throw new QueryError(`source takes webhook, api, rollback, manual, pr or pr#12, not ${shown(value)}.`);
  return { kind: 'source', name };
}

function fieldTerm(field: string, op: string, value: string, now: number): Term {
  if (field === 'id' || field === 'dur') return numberTerm(field, op, value);
  if (op !== ':' && op !== '=') throw new QueryError(`${field} takes ${field}:VALUE, not ${field}${op}${value} (only id and dur compare).`);
  switch (field) {
    case 'status':
    case 'source':
      return listTerm(field, value);
    case 'branch':
      return { kind: 'branch', name: value };
    case 'commit':
      return { kind: 'commit', prefix: value.toLowerCase() };
    case 'server':
      return { kind: 'server', name: value.toLowerCase() };
    default: {
      const at = timeOfText(value, now);
      if (at === null) throw new QueryError(`${field} takes a time such as ${TIME_FORMS}, not ${shown(value)}.`);
      return { kind: field as 'since' | 'until', at };
    }
  }
}

/** One term at the cursor (after any `!`/`-`); null for nothing (an empty phrase). */
function termAt(c: Cursor, now: number): Term | null {
  const ch = c.text[c.i];
  if (ch === '"') {
    const phrase = quoted(c).trim().toLowerCase();
    return phrase === '' ? null : { kind: 'word', text: phrase };
  }
  if (ch === '/') {
    const re = regexAt(c);
    if (re) return re;
  }
  const head = FIELD_HEAD.exec(c.text.slice(c.i, c.i + 40));
  if (head) {
    const [whole, name, op] = head as unknown as [string, string, string];
    const after = c.text[c.i + whole.length];
    // `feat:` alone (a commit subject's prefix) is a word, not a field without a value.
    if (after !== undefined && !/\s/.test(after)) {
      c.i += whole.length;
      const value = after === '"' ? quoted(c) : untilSpace(c);
      const field = ALIASES[name.toLowerCase()] ?? name.toLowerCase();
      if (!(QUERY_FIELDS as readonly string[]).includes(field))
        throw new QueryError(
          `unknown field ${shown(name)}: the fields are ${QUERY_FIELDS.join(', ')} (quote a word that holds a colon: "${name}${op}…").`,
          name,
        );
      if (value.trim() === '') throw new QueryError(`${field}${op} needs a value, e.g. ${field === 'dur' ? 'dur>5m' : `${field}:…`}.`);
      return fieldTerm(field, op, value.trim(), now);
    }
  }
  return { kind: 'word', text: untilSpace(c).toLowerCase() };
}

/** Reads a query; throws QueryError for a mistake. `now`: what relative times (`since:7d`) count back from. */
export function parseQuery(text: string, now: number = Date.now()): Query {
  const c: Cursor = { text, i: 0 };
  const clauses: Clause[] = [];
  for (;;) {
    while (c.i < text.length && /\s/.test(text[c.i]!)) c.i++;
    if (c.i >= text.length) break;
    const next = text[c.i + 1];
    const negate = (text[c.i] === '!' || text[c.i] === '-') && next !== undefined && !/\s/.test(next);
    if (negate) c.i++;
    const term = termAt(c, now);
    if (term) clauses.push({ negate, term });
  }
  return { text, clauses };
}

export type QueryRead = { readonly ok: true; readonly query: Query } | { readonly ok: false; readonly error: string };

/** parseQuery without the throw: the query, or the one line saying what is wrong. */
export function readQuery(text: string, now: number = Date.now()): QueryRead {
  try {
    return { ok: true, query: parseQuery(text, now) };
  } catch (error) {
    if (error instanceof QueryError) return { ok: false, error: error.message };
    throw error;
  }
}

/** The latest `since` every match must be at or after (not negated): a newest-first reading may stop before it. */
export function sinceOf(query: Query): number | undefined {
  let since: number | undefined;
  for (const { negate, term } of query.clauses) if (!negate && term.kind === 'since') since = Math.max(since ?? -Infinity, term.at);
  return since;
}
