// `:view` on the deployments list: save the query (the search's shown, else the page's filter) and
// the sort as a named view of the application on this server (config/views.ts), show one (its
// query searched over the whole history as Enter on / does, its sort on the page), or list them.
// What happened is said in the footer's note.
import { listViews, loadView, saveView, VIEW_NAME, VIEW_NAME_HELP } from '../../../config/views.js';
import { DEFAULT_SORT, sortOfText, type SortOrder } from '../../../model/sort.js';
import { clean } from '../../../text/sanitize.js';
import { filterProblem } from '../../browse/paging-state.js';
import type { BrowseAction, BrowseState } from '../../browse/state.js';

export interface ViewAsk {
  readonly name?: string;
  readonly save: boolean;
}

export interface ViewPlace {
  readonly configDir?: string;
  readonly appUuid: string;
  /** What the application is kept under for this connection (config/recents.ts recentsServer). */
  readonly recentsServer?: string;
}

const sortText = (o: SortOrder) => `${o.field}:${o.desc ? 'desc' : 'asc'}`;
const sortShown = (sort: SortOrder) => `${sort.field} ${sort.desc ? '↓' : '↑'}`;
const described = (filter: string, sort: SortOrder) =>
  `${filter.trim() ? `filter “${clean(filter.trim())}”` : 'no filter'} · sort ${sortShown(sort)}`;

/** What `:view …` does: the actions to send (none for a save or a list) and the line saying it. */
export function viewCommand(ask: ViewAsk, place: ViewPlace, state: BrowseState): { actions: BrowseAction[]; note: string } {
  const say = (note: string) => ({ actions: [], note });
  const { configDir, appUuid } = place;
  const server = place.recentsServer ?? '';
  if (!configDir) return say('Views are kept in the config folder, and there is none here: nothing saved or read.');
  if (ask.save) {
    if (ask.name === undefined || !VIEW_NAME.test(ask.name)) return say(`Name the view: :view save NAME (${VIEW_NAME_HELP}).`);
    const { sort } = state.paging;
    const filter = state.search?.kind === 'search' ? state.search.text : state.paging.filter;
    const problem = filterProblem(filter);
    if (problem) return say(`Not saved: the filter does not read (${problem})`);
    try {
      saveView(configDir, server, appUuid, { name: ask.name, filter: filter.trim(), sort: sortText(sort) });
    } catch (error) {
      return say(
        `Could not save the view ${ask.name}: ${error instanceof Error ? clean(error.message) : 'the file could not be written'}.`,
      );
    }
    return say(
      `Saved the view ${ask.name}: ${described(filter, sort)} (:view ${ask.name} shows it; dms deployments --view ${ask.name} too).`,
    );
  }
  if (ask.name === undefined) {
    const names = listViews(configDir, server, appUuid).map((v) => v.name);
    return say(
      names.length > 0
        ? `Saved views: ${names.join(', ')} (:view NAME shows one).`
        : 'No saved views for this application: :view save NAME keeps the filter and sort as one.',
    );
  }
  const view = loadView(configDir, server, appUuid, ask.name);
  if (!view) {
    const names = listViews(configDir, server, appUuid).map((v) => v.name);
    return say(`No view ${ask.name} for this application${names.length > 0 ? ` (saved: ${names.join(', ')})` : ''}.`);
  }
  const sort = sortOfText(view.sort) ?? DEFAULT_SORT;
  // As `/`, the query typed, then Enter: the whole history searched for it.
  const actions: BrowseAction[] = [
    { type: 'sort', order: sort },
    { type: 'filterStart' },
    { type: 'filter', text: view.filter },
    { type: 'filterSearch' },
  ];
  return { actions, note: `View ${view.name}: ${described(view.filter, sort)}.` };
}
