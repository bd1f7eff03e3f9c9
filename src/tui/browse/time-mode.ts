// T: times as ages or as the local time with its zone, in the list, the detail and the log of the
// session; remembered for the user (a file write: after the frame).
import { saveTimeMode } from '../../config/display.js';
import type { Store } from '../state/store.js';
import type { Later } from '../hooks/use-later-writes.js';
import type { BrowseAction, BrowseState } from './state.js';

/** T: times relative or absolute, in the list, the detail and the log; remembered for the user (a file write: after the frame). */
export function toggleTime(store: Store<BrowseState, BrowseAction>, configDir: string | undefined, later: Later): void {
  store.dispatch({ type: 'timeMode' });
  if (configDir) later(() => saveTimeMode(configDir, store.get().time));
}
