// The deployment detail's keys: its scope groups (searched in this order; the clash check of
// keys.json reads them too) and what each key does. The detail is a mode of the deployments
// screen: that screen's listener hands it the keys while it is open (and the text typed while its
// search line is open).
import { lineKeys, scrollHandlers, type KeyTable, type ScopeId } from '../../keys.js';
import type { KeyResult } from '../../input/bus.js';
import type { KeyEvent } from '../../input/keypress.js';
import type { DetailAction, DetailSearchAction, DetailState } from '../../browse/detail.js';

export const DETAIL_SCOPES = {
  detail: ['detail', 'global'],
  search: ['detailSearch', 'line'],
} as const satisfies Record<string, readonly ScopeId[]>;

/** What the detail's keys act through. */
export interface DetailKeyProps {
  /** The deployments screen's store: the detail's own actions, closing it, opening its log. */
  readonly send: (action: DetailAction | { type: 'close' } | { type: 'openLog' } | { type: 'openLogDiff' }) => void;
  /** The detail as it is now (keys read together each see what the ones before them did). */
  readonly detail: () => DetailState | null;
  /** The text of the detail's lines as last drawn (label and value): what `/` searches. */
  readonly lines: () => readonly string[];
  /** Copies the open deployment's uuid or commit. */
  readonly copy: (what: 'uuid' | 'commit') => void;
  /** Opens its web page. */
  readonly openWeb: () => void;
  /** T: relative times, or absolute (the list's and the log's too). */
  readonly toggleTime: () => void;
  readonly onHelp: () => void;
  readonly onQuit: () => void;
  /** dms was started with --show-secrets: s may reveal them. */
  readonly showSecrets: boolean;
}

/** The detail's search line is open: printable keys are its text. */
export function detailSearching(detail: DetailState | null): boolean {
  return detail?.search.editing === true;
}

/** The detail's key listener: true when the key did something, 'later' when it left the detail's screen. */
export function detailKeys(keys: KeyTable, p: DetailKeyProps): (e: KeyEvent) => KeyResult {
  const { send } = p;
  const search = (a: DetailSearchAction) => send({ type: 'detailSearch', search: a });
  return (e) => {
    if (detailSearching(p.detail())) {
      return keys.run(
        DETAIL_SCOPES.search,
        {
          searchApply: () => search({ op: 'end', keep: true }),
          searchCancel: () => search({ op: 'end', keep: false }),
          ...lineKeys((command) => search({ op: 'line', command, lines: p.lines() })),
        },
        e.input,
        e.key,
      );
    }
    let result: KeyResult = true;
    const used = keys.run(
      DETAIL_SCOPES.detail,
      {
        help: () => {
          p.onHelp();
          result = 'later';
        },
        quit: () => p.onQuit(),
        // As in the log: Esc clears a search kept first.
        detailBack: () => (p.detail()?.search.line.value ? search({ op: 'clear' }) : send({ type: 'close' })),
        logs: () => {
          send({ type: 'openLog' });
          result = 'later';
        },
        logDiff: () => {
          send({ type: 'openLogDiff' });
          result = 'later';
        },
        ...scrollHandlers((to) => send({ type: 'scroll', to })),
        rawJson: () => send({ type: 'toggle', what: 'raw' }),
        absentFields: () => send({ type: 'toggle', what: 'absent' }),
        reveal: () => send({ type: 'reveal', allowed: p.showSecrets }),
        detailSearch: () => search({ op: 'start' }),
        detailNext: () => search({ op: 'next', direction: 1, lines: p.lines() }),
        detailPrev: () => search({ op: 'next', direction: -1, lines: p.lines() }),
        copyUuid: () => p.copy('uuid'),
        copyCommit: () => p.copy('commit'),
        openLink: () => p.openWeb(),
        timeMode: () => p.toggleTime(),
      },
      e.input,
      e.key,
    );
    return used ? result : false;
  };
}
