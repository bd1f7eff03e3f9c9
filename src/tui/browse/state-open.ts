// A view opened over the list and closed again: a row's detail or log, the stats, a comparison, or
// a search result or a jump's find, fetched whole first (`fetching`) and then opened.
import type { Deployment } from '../../api/schemas/deployment.js';
import { keyOfRecord } from '../../model/deployment.js';
import { visibleRows } from './paging.js';
import { openDetail } from './detail.js';
import { startSearch } from './search.js';
import type { BrowseAction, BrowseState, LogOpen } from './state-shape.js';

export type OpenAction = Extract<
  BrowseAction,
  {
    type:
      | 'open'
      | 'close'
      | 'openLog'
      | 'closeLog'
      | 'openStats'
      | 'closeStats'
      | 'openClusters'
      | 'closeClusters'
      | 'showCluster'
      | 'openCompare'
      | 'closeCompare'
      | 'openResult'
      | 'openRecord'
      | 'fetchFailed';
  }
>;

export function openReducer(state: BrowseState, action: OpenAction): BrowseState {
  switch (action.type) {
    case 'open': {
      if (state.mode !== 'list') return state;
      const row = visibleRows(state.paging)[state.paging.cursor];
      if (!row) return state;
      const key = state.paging.keys[state.paging.rows.indexOf(row)] ?? '';
      return { ...state, mode: 'detail', detail: openDetail(key, row.record) };
    }
    case 'close':
      return state.mode === 'detail' ? { ...state, mode: 'list', detail: null, jumped: null } : state;
    case 'openLog': {
      const p = state.paging;
      let key: string;
      let record: Deployment;
      if (state.mode === 'detail' && state.detail) {
        ({ key, record } = state.detail);
      } else if (state.mode === 'list') {
        const row = visibleRows(p)[p.cursor];
        if (!row) return state;
        key = p.keys[p.rows.indexOf(row)] ?? '';
        record = row.record;
      } else {
        return state;
      }
      const at = p.keys.indexOf(key);
      const index = (p.shown?.skip ?? 0) + Math.max(0, at);
      const fresh = at >= 0 ? p.rows[at]!.record : record;
      const log: LogOpen = { key, record: fresh, index, total: p.total, from: state.mode, ...(action.at ? { at: action.at } : {}) };
      return { ...state, mode: 'log', log };
    }
    case 'closeLog':
      return state.mode === 'log' && state.log ? { ...state, mode: state.log.from, log: null } : state;
    case 'openStats':
      return state.mode === 'list' ? { ...state, mode: 'stats' } : state;
    case 'closeStats':
      return state.mode === 'stats' ? { ...state, mode: 'list' } : state;
    case 'openClusters':
      return state.mode === 'list' ? { ...state, mode: 'clusters' } : state;
    case 'closeClusters':
      return state.mode === 'clusters' ? { ...state, mode: 'list' } : state;
    case 'showCluster': {
      if (state.mode !== 'clusters') return state;
      const searches = state.searches + 1;
      const search = { ...startSearch('search', '', 'all', searches), scanning: false, results: action.results, cluster: action.reason };
      return { ...state, mode: 'list', searches, search, status: 'all' };
    }
    case 'openCompare':
      return state.mode === 'list' ? { ...state, mode: 'compare', compare: action.open } : state;
    case 'closeCompare':
      return state.mode === 'compare' ? { ...state, mode: 'list', compare: null } : state;
    case 'openResult': {
      const s = state.search;
      const summary = s?.results[s.cursor];
      if (state.mode !== 'list' || !summary || state.fetching) return state;
      return { ...state, fetching: { summary, then: action.then } };
    }
    case 'openRecord': {
      const key = `found:${action.index}`;
      const detail = openDetail(key, action.record);
      // A jump has done its work once it opens what it found: Esc goes back to the list, on its page.
      const jump = state.search?.kind === 'jump';
      const search = jump ? null : state.search;
      const jumped = jump ? { index: action.index, key: keyOfRecord(action.record, 0) } : null;
      if (action.then === 'log') {
        return {
          ...state,
          search,
          jumped,
          fetching: null,
          mode: 'log',
          log: { key, record: action.record, index: action.index, total: action.total, from: 'list' },
        };
      }
      return { ...state, search, jumped, fetching: null, mode: 'detail', detail };
    }
    case 'fetchFailed':
      return { ...state, fetching: null, paging: { ...state.paging, notice: { kind: 'said', text: action.message } } };
  }
}
