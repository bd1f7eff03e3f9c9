// What a run of the UI is tuned with: intervals, page and strip sizes (everything a test tunes),
// and the environment the UI reads (clipboard and browser programs, NO_COLOR, contexts). Made once
// from the options (options.ts: settingsOf) and provided to every screen by app.tsx.
import { createContext, useContext } from 'react';

export interface Settings {
  /** The list's auto-refresh period, ms (undefined: the screen's default, 5 s). */
  readonly refreshMs?: number;
  /** The log viewer's follow period, ms (undefined: 2 s; DMS_FOLLOW_INTERVAL_MS). */
  readonly followMs?: number;
  /** Deployments the strip at a glance reads back (undefined: 200; 0: no strip). */
  readonly stripRows?: number;
  /** Rows a page holds while none was chosen for the application, instead of the rows that fit. */
  readonly pageRows?: number;
  /** How often the picker's overview reads each application's newest deployment, ms (undefined: 10 s). */
  readonly overviewMs?: number;
  /** Says when a deployment the board or the log followed ends (false: --no-notify, DMS_NO_NOTIFY). */
  readonly notify?: boolean;
  /** How often the board reads again while a deployment runs, ms (undefined: 3 s; 10× that when none runs). */
  readonly boardMs?: number;
  /** The environment the UI reads (what the process was started with). */
  readonly env: NodeJS.ProcessEnv;
}

const SettingsContext = createContext<Settings>({ env: {} });
export const SettingsProvider = SettingsContext.Provider;

export function useSettings(): Settings {
  return useContext(SettingsContext);
}
