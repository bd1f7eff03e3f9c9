// The deployments list's keys: its scope groups, by mode (searched in this order; the clash check
// of keys.json reads them too), and what each does. The browse session's one key listener
// (routes/browse-keys.ts) hands them the keys while the list is on top.
// Keys read together each see what the ones before them did: handlers read the store, not props.
import { lineKeys, type KeyTable, type ScopeId } from '../../keys.js';
import type { KeyResult } from '../../input/bus.js';
import type { KeyEvent } from '../../input/keypress.js';
import type { Store } from '../../state/store.js';
import { savePageSize } from '../../../config/page-sizes.js';
import { copyIds, copySelected, openSelected } from './actions.js';
import { markNote, refusalNote, switchFailedNote, switchingNote } from './lines.js';
import type { PageAsk } from '../../browse/paging.js';
import { pageOf, pickedRow, selectedView, type BrowseAction, type BrowseState } from '../../browse/state.js';
import { compareMarked, markedIds } from '../../browse/marks.js';
import type { Later } from '../../hooks/use-later-writes.js';
import { NO_SWITCHING } from '../../connections.js';
import { lineAsk } from './command-line.js';
import { viewCommand } from './views.js';
import { toggleTime } from '../../browse/time-mode.js';
import { nextSortField } from '../../../model/sort.js';

export const LIST_SCOPES = {
  list: ['deployments', 'global'],
  filter: ['filter', 'line'],
  jump: ['jump', 'line'],
} as const satisfies Record<string, readonly ScopeId[]>;

/** What the keys read of the screen's props. */
export interface ListKeyProps {
  readonly appUuid: string;
  readonly configDir?: string;
  /** What the application is kept under for this connection (config/recents.ts recentsServer): its saved views too. */
  readonly recentsServer?: string;
  /** The service's own origin: the only host o opens a link on. */
  readonly connection: { readonly origin?: string };
  readonly showSecrets: boolean;
  readonly onHelp: (from: ScopeId) => void;
  readonly onQuit: () => void;
  readonly onCreate: (kind: 'create-app' | 'create-docstore') => void;
  readonly onBack?: (message?: string, input?: string) => void;
  readonly onContext?: (name?: string) => Promise<string | undefined>;
}

export interface ListKeyOptions {
  readonly store: Store<BrowseState, BrowseAction>;
  /** Asks for another page (n, r, +, …): applied to the store, its request started (requests.ts). */
  readonly page: (ask: PageAsk) => void;
  /** Where copy's OSC 52 goes. */
  readonly terminal: { write(data: string): unknown };
  /** The screen's file writes, after the frame (use-later-writes.ts). */
  readonly later: Later;
  /** The environment the UI reads (settings.ts): the clipboard's and the browser's programs. */
  readonly env: NodeJS.ProcessEnv;
}

/** What a key does on the list, by its mode (the list, the filter line, the go-to line), and what the detail shares with it (copy, open). */
export function listModes(keys: KeyTable, props: ListKeyProps, { store, page, terminal, later, env }: ListKeyOptions) {
  const send = (a: BrowseAction) => store.dispatch(a);
  // Copy (OSC 52, to the terminal) and open (the browser, else the link copied): what happened goes to the footer's note.
  const note = (text: string) => send({ type: 'keyNote', note: text });
  const write = (d: string) => terminal.write(d);
  const copy = (what: 'uuid' | 'commit') => {
    void copySelected(selectedView(store.get()), what, note, { write, env });
  };
  const copyMarked = () => {
    const s = store.get();
    void copyIds(markedIds(s.marks, pickedRow(s)), note, { write, env });
  };
  const openWeb = () => {
    void openSelected(selectedView(store.get()), props.connection.origin, note, { copy: { write, env }, open: { env } });
  };
  // The page size chosen with +/- is remembered for the application (a file write: after the frame);
  // `0`'s "the rows that fit" too.
  const rememberTake = () => {
    const { configDir, appUuid } = props;
    if (!configDir) return;
    later(() => {
      const p = store.get().paging;
      savePageSize(configDir, appUuid, p.fit === null ? p.want.take : undefined);
    });
  };
  const at: ListKeyContext = { keys, props, store, page, later, send, note, copy, copyMarked, openWeb, rememberTake };
  return { list: listMode(at), filter: filterMode(at), jump: jumpMode(at), copy, openWeb, send };
}

/** What the list's key handlers share: the screen's props and store, and what listModes makes of them. */
interface ListKeyContext extends Pick<ListKeyOptions, 'store' | 'page' | 'later'> {
  readonly keys: KeyTable;
  readonly props: ListKeyProps;
  readonly send: (a: BrowseAction) => void;
  /** A note in the footer for the key just pressed. */
  readonly note: (text: string) => void;
  readonly copy: (what: 'uuid' | 'commit') => void;
  /** y: the marked rows' ids (the cursor row's with none marked). */
  readonly copyMarked: () => void;
  readonly openWeb: () => void;
  readonly rememberTake: () => void;
}

/** How a key that changed the screen says so: the keys read with it wait for the next frame ('later'). */
type Done = (result: KeyResult) => void;

function leave(go: () => void): KeyResult {
  go();
  return 'later';
}

/** The list's own keys, in groups by what they do; a key that changed the screen answers 'later'. */
function listMode(at: ListKeyContext): (e: KeyEvent) => KeyResult {
  return (e) => {
    let result: KeyResult = true;
    const done: Done = (r) => {
      result = r;
    };
    const used = at.keys.run(
      LIST_SCOPES.list,
      { ...leaveKeys(at, done), ...moveKeys(at), ...openKeys(at, done), ...rowKeys(at), ...viewKeys(at) },
      e.input,
      e.key,
    );
    return used ? result : false;
  };
}

/** Keys that leave the list: help, quit, the create forms, and Esc once there is nothing left to undo. */
function leaveKeys({ keys, props, store, send, note }: ListKeyContext, done: Done) {
  return {
    help: () => done(leave(() => props.onHelp('deployments'))),
    quit: () => props.onQuit(),
    createApp: () => done(leave(() => props.onCreate('create-app'))),
    createDocstore: () => done(leave(() => props.onCreate('create-docstore'))),
    // One step back a press (state.ts); with nothing left to undo, back to the picker.
    listBack: () => {
      const before = store.get();
      send({ type: 'listBack' });
      const after = store.get();
      if (after !== before) {
        if (before.mark && !after.mark) note(markNote(null, keys));
      } else if (props.onBack) done(leave(() => props.onBack!()));
    },
  };
}

/** Moving through the history: the cursor and the pages (a search's results while one is shown), the page size, refreshing. */
function moveKeys({ store, send, page, rememberTake }: ListKeyContext) {
  // While a search of the whole history is shown, moving acts on its results.
  const results = () => store.get().search !== null;
  return {
    cursorUp: () => send(results() ? { type: 'resultCursor', delta: -1 } : { type: 'cursor', delta: -1 }),
    cursorDown: () => send(results() ? { type: 'resultCursor', delta: 1 } : { type: 'cursor', delta: 1 }),
    nextPage: () => (results() ? send({ type: 'resultPage', to: 'next' }) : page({ type: 'next' })),
    prevPage: () => (results() ? send({ type: 'resultPage', to: 'prev' }) : page({ type: 'prev' })),
    firstPage: () => (results() ? send({ type: 'resultPage', to: 'first' }) : page({ type: 'first' })),
    lastPage: () => (results() ? send({ type: 'resultPage', to: 'last' }) : page({ type: 'last' })),
    takeMore: () => {
      page({ type: 'takeMore' });
      rememberTake();
    },
    takeLess: () => {
      page({ type: 'takeLess' });
      rememberTake();
    },
    takeFit: () => {
      page({ type: 'takeFit' });
      rememberTake();
    },
    refresh: () => page({ type: 'refresh' }),
    autoRefresh: () => send({ type: 'toggleAuto' }),
  };
}

/** Keys that open a view over the list: the row's detail or log, the stats, the failure clusters, the marked row compared with this one. */
function openKeys({ keys, store, send, note }: ListKeyContext, done: Done) {
  // While a search of the whole history is shown, opening acts on its results.
  const results = () => store.get().search !== null;
  const opened = () => {
    if (store.get().mode !== 'list') done('later');
  };
  return {
    open: () => {
      send(results() ? { type: 'openResult', then: 'detail' } : { type: 'open' });
      opened();
    },
    logs: () => {
      send(results() ? { type: 'openResult', then: 'log' } : { type: 'openLog' });
      opened();
    },
    stats: () => {
      send({ type: 'openStats' });
      done('later');
    },
    clusters: () => {
      send({ type: 'openClusters' });
      done('later');
    },
    compare: () => {
      const s = store.get();
      const ask = compareMarked(pickedRow(s), s.marks, pageOf(s));
      if (typeof ask === 'string') note(refusalNote(ask, keys));
      else {
        send({ type: 'openCompare', open: ask });
        opened();
      }
    },
  };
}

/** Keys that act on the row under the cursor: copy its uuid or commit, open its link, mark it for `=`. */
function rowKeys({ keys, store, send, note, copy, copyMarked, openWeb }: ListKeyContext) {
  return {
    copyUuid: () => copy('uuid'),
    copyCommit: () => copy('commit'),
    openLink: () => openWeb(),
    markRow: () => {
      if (!pickedRow(store.get())) return note(refusalNote('noRow', keys));
      const before = store.get().marks.length;
      send({ type: 'markRow' });
      const { marks } = store.get();
      note(markNote(marks.length > before ? marks.at(-1)!.view : null, keys, marks.length));
    },
    copyMarked: () => copyMarked(),
  };
}

/** Keys that change what the list shows: the filter and go-to lines, the scope, the times, the wide view. */
function viewKeys({ keys, props, store, send, note, later }: ListKeyContext) {
  // A search's results stay in the history's order: the sort is the page's (said, not done unseen).
  const sortPage = (order: (sort: BrowseState['paging']['sort']) => BrowseState['paging']['sort']) => {
    const s = store.get();
    if (s.search?.kind === 'search')
      return note(`The sort orders the page's rows, not a search's results: ${keys.hint('listBack')} goes back to the page.`);
    send({ type: 'sort', order: order(s.paging.sort) });
  };
  return {
    filter: () => send({ type: 'filterStart' }),
    statusFilter: () => send({ type: 'statusCycle' }),
    jump: () => send({ type: 'jumpStart' }),
    timeMode: () => toggleTime(store, props.configDir, later),
    wide: () => send({ type: 'wideToggle' }),
    sortCycle: () => sortPage(({ field }) => ({ field: nextSortField(field), desc: true })),
    sortReverse: () => sortPage(({ field, desc }) => ({ field, desc: !desc })),
    // Outside the wide view they do nothing (and say so).
    columnsLeft: () => (store.get().wide ? send({ type: 'columnScroll', delta: -1 }) : false),
    columnsRight: () => (store.get().wide ? send({ type: 'columnScroll', delta: 1 }) : false),
  };
}

/** The filter line: Enter searches the whole history for it, Esc clears it; the cursor still moves. */
function filterMode({ keys, send }: ListKeyContext): (e: KeyEvent) => boolean {
  return (e) =>
    keys.run(
      LIST_SCOPES.filter,
      {
        filterApply: () => send({ type: 'filterSearch' }),
        filterClear: () => send({ type: 'filterEnd', keep: false }),
        filterCursorUp: () => send({ type: 'cursor', delta: -1 }),
        filterCursorDown: () => send({ type: 'cursor', delta: 1 }),
        ...lineKeys((command) => send({ type: 'filterLine', command })),
      },
      e.input,
      e.key,
    );
}

/** The go-to line: Enter goes (goToLine), Esc cancels. */
function jumpMode({ keys, props, store, send }: ListKeyContext): (e: KeyEvent) => KeyResult {
  const jumpGo = goToLine(props, store, leave);
  return (e) => {
    let result: KeyResult = true;
    const used = keys.run(
      LIST_SCOPES.jump,
      {
        jumpGo: () => {
          result = jumpGo();
        },
        jumpCancel: () => send({ type: 'jumpEnd', go: false }),
        ...lineKeys((command) => send({ type: 'jumpLine', command })),
      },
      e.input,
      e.key,
    );
    return used ? result : false;
  };
}

/** Enter on the go-to line: a deployment, or `:q`, `:help`, `:noh`, `:ctx` / `:ctx NAME` (command-line.ts). */
function goToLine(props: ListKeyProps, store: Store<BrowseState, BrowseAction>, leave: (go: () => void) => KeyResult): () => KeyResult {
  const send = (a: BrowseAction) => store.dispatch(a);
  // `:noh`: the search's results and the filter gone at once, the page back.
  const clearSearch = () => {
    if (store.get().search) send({ type: 'searchClose' });
    if (store.get().paging.filter) send({ type: 'filter', text: '' });
  };
  return (): KeyResult => {
    const ask = lineAsk(store.get().jumpLine.value);
    send({ type: 'jumpEnd', go: ask.kind === 'go' });
    switch (ask.kind) {
      case 'go':
        return true;
      case 'quit':
        props.onQuit();
        return true;
      case 'help':
        return leave(() => props.onHelp('deployments'));
      case 'clear':
        clearSearch();
        return true;
      case 'view': {
        const { actions, note } = viewCommand(ask, props, store.get());
        for (const a of actions) send(a);
        // In the footer: the line under the table may be taken by a search's reason.
        send({ type: 'keyNote', note });
        return true;
      }
      case 'contexts':
        break;
    }
    const onContext = props.onContext;
    if (!onContext) {
      send({ type: 'notice', message: NO_SWITCHING });
      return true;
    }
    // With no name: the list, or (none saved) why not, said here.
    if (ask.name === undefined)
      return leave(() => {
        void onContext().then((why) => {
          if (why) send({ type: 'notice', message: why });
        });
      });
    send({ type: 'notice', message: switchingNote(ask.name) });
    void onContext(ask.name).then((error) => {
      if (error) send({ type: 'notice', message: switchFailedNote(error) });
    });
    return true;
  };
}
