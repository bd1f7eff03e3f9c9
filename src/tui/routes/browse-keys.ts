// The browse session's one key listener: keys read together each see what the ones before them
// did (handlers read the store, not props), so one listener routes every key by the screen on top
// as the store has it now — the list's modes (screens/deployments/keys.ts), the detail's
// (screens/detail/keys.ts) — and leaves the log's, the stats' and the comparison's to their own.
import type { KeyTable } from '../keys.js';
import type { KeyListener, KeyResult } from '../input/bus.js';
import { isText, type KeyEvent } from '../input/keypress.js';
import { unboundNote } from '../input/key-note.js';
import type { DetailState } from '../browse/detail.js';
import type { ReasonAt } from '../../model/reason.js';
import { detailKeys, detailSearching } from '../screens/detail/keys.js';
import { listModes, type ListKeyOptions, type ListKeyProps } from '../screens/deployments/keys.js';
import { toggleTime } from '../browse/time-mode.js';

export interface BrowseKeyOptions extends ListKeyOptions {
  /** Where the open detail's reason stands in its log: `l` there opens the log at that line. */
  readonly reasonAt?: (detail: DetailState) => ReasonAt | undefined;
  /** The open detail's lines as last drawn (what its `/` searches). */
  readonly detailLines?: () => readonly string[];
}

/** What a key does on the screen on top, by the session's mode. */
export function browseKeys(keys: KeyTable, props: ListKeyProps, options: BrowseKeyOptions): KeyListener {
  const { store, page, later, reasonAt, detailLines = () => [] } = options;
  const { list, filter, jump, copy, openWeb, send } = listModes(keys, props, options);
  // Leaving a deployment that `:N` opened goes to the page holding it, the cursor on it.
  const detailSend: typeof send = (a) => {
    const { jumped, detail } = store.get();
    // The log of a failure opens at its reason's line.
    const at = a.type === 'openLog' && detail && reasonAt ? reasonAt(detail) : undefined;
    send(at ? { type: 'openLog', at } : a);
    if (a.type === 'close' && jumped) page({ type: 'goTo', index: jumped.index, key: jumped.key });
  };
  const detail = detailKeys(keys, {
    send: detailSend,
    detail: () => store.get().detail,
    lines: detailLines,
    copy,
    openWeb,
    toggleTime: () => toggleTime(store, props.configDir, later),
    onHelp: () => props.onHelp('detail'),
    onQuit: () => props.onQuit(),
    showSecrets: props.showSecrets,
  });
  return {
    key(e: KeyEvent): KeyResult {
      const mode = store.get().mode;
      // The log viewer, the stats view, the failure clusters and the comparison have listeners of their own.
      if (mode === 'log' || mode === 'stats' || mode === 'clusters' || mode === 'compare') return false;
      // A note about the key before goes with this one.
      if (store.get().keyNote !== null) send({ type: 'keyNote', note: null });
      // In the filter and go-to lines every printable key is text; other screens' keys (q, ?) do not apply.
      if (mode === 'filter') return filter(e) || isText(e);
      if (mode === 'jump') return jump(e) || isText(e);
      if (mode === 'detail' && detailSearching(store.get().detail)) return detail(e) || isText(e);
      const used = mode === 'detail' ? detail(e) : list(e);
      if (used !== false) return used;
      // A key that does nothing here says so (Ctrl+C, which quits from anywhere, passes on).
      const note = unboundNote(e, keys);
      if (note === undefined) return false;
      send({ type: 'keyNote', note });
      return true;
    },
    text(run: string): number {
      const mode = store.get().mode;
      if (mode === 'filter') send({ type: 'filterText', text: run });
      else if (mode === 'jump') send({ type: 'jumpText', text: run });
      else if (mode === 'detail' && detailSearching(store.get().detail))
        send({ type: 'detailSearch', search: { op: 'text', text: run, lines: detailLines() } });
      else return 0;
      return run.length;
    },
  };
}
