// Whether a deployment matches a query (query.ts), for either row shape: the fields a row does
// not carry (a queue row's branch, a queued one's duration) match no term that names them, so
// a negated term keeps such rows. Free words read as `/` always read them. Text is matched as
// shown (URL passwords masked), so a query cannot guess a password. Pure.
import { searchText, type DeploymentView } from './deployment.js';
import { durationOf } from './duration.js';
import type { CompareOp, Query, Term } from './query.js';
import { maskUrlPasswords } from '../text/secrets.js';

/** Words that also match how a deployment was started or how it ended, beyond its text. */
const WORDS: Readonly<Record<string, (v: DeploymentView) => boolean>> = {
  running: (v) => v.phase === 'running',
  queued: (v) => v.phase === 'queued',
  failed: (v) => v.phase === 'failed',
  cancelled: (v) => v.phase === 'cancelled',
  finished: (v) => v.phase === 'finished',
  webhook: (v) => v.source === 'webhook',
  api: (v) => v.source === 'API',
  rollback: (v) => v.source === 'rollback',
  manual: (v) => v.source === 'manual',
  pr: (v) => v.source.startsWith('PR #'),
};

/**
 * A free word: a status or source word (`failed`, `webhook`, `pr`…), `#12` for pull request 12,
 * or text of the commit, subject, branch, status, server or id (searchText, lower case).
 */
export function wordMatches(view: DeploymentView, word: string, text: string): boolean {
  if (WORDS[word]?.(view)) return true;
  if (/^#\d+$/.test(word)) return view.source === `PR ${word}`;
  return text.includes(word);
}

/** What a regex runs over, one field at a time (so `^` and `$` are a field's): as shown, URL passwords masked. */
function regexFields(view: DeploymentView): string[] {
  return [
    view.subject,
    view.commit,
    view.branch,
    view.statusText,
    view.source,
    view.server,
    view.application,
    view.id === null ? '' : String(view.id),
  ].map(maskUrlPasswords);
}

function compare(a: number, op: CompareOp, b: number): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '=':
      return a === b;
  }
}

/** One row's facts, read once for all its terms. */
interface Facts {
  readonly view: DeploymentView;
  readonly now: number;
  text?: string;
  fields?: string[];
}

function termMatches(f: Facts, term: Term): boolean {
  const v = f.view;
  switch (term.kind) {
    case 'word':
      return wordMatches(v, term.text, (f.text ??= searchText(v)));
    case 'regex':
      // lastIndex stays 0: the flags allowed have no g or y.
      return (f.fields ??= regexFields(v)).some((s) => s !== '' && term.re.test(s));
    case 'status':
      return term.phases.has(v.phase);
    case 'branch':
      return v.branch !== '' && maskUrlPasswords(v.branch) === term.name;
    case 'source':
      return term.name === 'pr' ? v.source.startsWith('PR #') : v.source.toLowerCase() === term.name;
    case 'commit':
      return v.commit !== '' && maskUrlPasswords(v.commit).toLowerCase().startsWith(term.prefix);
    case 'server':
      return v.server !== '' && maskUrlPasswords(v.server).toLowerCase().includes(term.name);
    case 'id':
      return v.id !== null && compare(v.id, term.op, term.value);
    case 'dur': {
      const ms = durationOf(v, f.now).ms;
      return ms !== null && compare(ms, term.op, term.value);
    }
    case 'since':
      return v.startedAt !== null && v.startedAt >= term.at;
    case 'until':
      return v.startedAt !== null && v.startedAt < term.at;
  }
}

/** Every clause holds. `now`: the end of a running deployment's duration; `text`: searchText(view) when already made. */
export function matchesQueryOf(view: DeploymentView, query: Query, now: number, text?: string): boolean {
  if (query.clauses.length === 0) return true;
  const facts: Facts = { view, now, text };
  for (const c of query.clauses) if (termMatches(facts, c.term) === c.negate) return false;
  return true;
}

/** Whether a query names a field some row must say (for the warning when no row says its branch). */
export function namesBranch(query: Query): boolean {
  return query.clauses.some((c) => !c.negate && c.term.kind === 'branch');
}
