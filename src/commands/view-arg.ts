// `dms deployments APP --view NAME`: the view saved in the TUI (`:view save NAME`) for the
// application on the session's server; one usage line naming the saved ones when there is none.
import { recentsServer } from '../config/recents.js';
import { listViews, type SavedView } from '../config/views.js';
import { UsageError } from './exit-codes.js';
import type { Session } from './connect.js';

export function savedView(session: Session, app: string, name: string): SavedView {
  const views = listViews(session.configDir, recentsServer(session.connection), app);
  const view = views.find((v) => v.name === name);
  if (view) return view;
  const saved = views.length > 0 ? `the saved ones are ${views.map((v) => v.name).join(', ')}` : 'none is saved for it';
  throw new UsageError(`no view ${name} for this application on this server (${saved}): save one in the TUI with :view save ${name}.`);
}
