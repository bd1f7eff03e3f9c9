// One deployment's detail as a pure reducer: which deployment (it follows its row through
// refreshes), the scroll position and the toggles (raw JSON, absent fields, secrets). The list's
// reducer (screens/deployments/state.ts) opens and closes it and hands it these actions.
import type { Deployment } from '../../../api/schemas/deployment.js';

export interface DetailState {
  /** The deployment's row key: the detail follows it through refreshes. */
  readonly key: string;
  /** The record as it was opened (shown when a refresh no longer has the row). */
  readonly record: Deployment;
  /** First line shown; Infinity for "the end" until the view has measured itself. */
  readonly offset: number;
  readonly raw: boolean;
  readonly reveal: boolean;
  readonly showAbsent: boolean;
  readonly note: string | null;
  /** The largest offset and the lines of a page, as last drawn. */
  readonly size: { readonly max: number; readonly page: number };
}

export type DetailScroll = 'up' | 'down' | 'pageUp' | 'pageDown' | 'top' | 'bottom';

export type DetailAction =
  | { type: 'scroll'; to: DetailScroll }
  | { type: 'toggle'; what: 'raw' | 'absent' }
  /** Secrets shown or hidden; `allowed` false says why not. */
  | { type: 'reveal'; allowed: boolean }
  /** What the detail view measured when drawn. */
  | { type: 'detailSize'; max: number; page: number };

const NO_SECRETS = 'Secrets stay hidden: restart dms with --show-secrets to allow revealing them.';

/** A deployment's detail as it opens: at the top, masked, absent fields folded. */
export function openDetail(key: string, record: Deployment): DetailState {
  return { key, record, offset: 0, raw: false, reveal: false, showAbsent: false, note: null, size: { max: 0, page: 1 } };
}

function scrolled(d: DetailState, to: DetailScroll): number {
  const at = Math.min(d.offset, d.size.max);
  const page = Math.max(1, d.size.page - 1);
  switch (to) {
    case 'up': return Math.max(0, at - 1);
    case 'down': return Number.isFinite(d.offset) ? Math.min(d.size.max, at + 1) : d.offset;
    case 'pageUp': return Math.max(0, at - page);
    case 'pageDown': return Number.isFinite(d.offset) ? Math.min(d.size.max, at + page) : d.offset;
    case 'top': return 0;
    case 'bottom': return Infinity;
  }
}

/** The detail after an action; the same object when nothing changed. */
export function detailReducer(d: DetailState, action: DetailAction): DetailState {
  switch (action.type) {
    case 'scroll': {
      const offset = scrolled(d, action.to);
      return offset === d.offset && d.note === null ? d : { ...d, offset, note: null };
    }
    case 'toggle':
      return action.what === 'raw' ? { ...d, raw: !d.raw, offset: 0, note: null } : { ...d, showAbsent: !d.showAbsent, note: null };
    case 'reveal':
      return action.allowed ? { ...d, reveal: !d.reveal, note: null } : { ...d, note: NO_SECRETS };
    case 'detailSize':
      if (d.size.max === action.max && d.size.page === action.page && d.offset <= action.max) return d;
      return { ...d, size: { max: action.max, page: action.page }, offset: Math.min(d.offset, action.max) };
  }
}
