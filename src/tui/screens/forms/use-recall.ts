// Values the form offers per field: the recent ones (recents.json) of the server the form sends
// to, and those the caller gives (the demo's sample data), cleaned for display, newest first.
import { useCallback, useMemo } from 'react';
import { loadRecentValues } from '../../../config/recents.js';
import { clean } from '../../../text/sanitize.js';
import type { Recall, ValueOrigin } from './state.js';

export interface Recalled {
  readonly recall: Recall;
  /** Recent and given values of a field, newest first, each once. */
  readonly suggestionsFor: (field: string) => readonly string[];
  /** Whether a value of a field is one of its recent values, or one given (the demo's sample data). */
  readonly recalledFrom: (field: string, value: string) => ValueOrigin | undefined;
}

/** `server`: what recents are kept under for the form's connection (config/recents.ts recentsServer). */
export function useRecall(
  configDir: string,
  server: string | undefined,
  suggestions?: Readonly<Record<string, readonly string[]>>,
): Recalled {
  const recent = useMemo(() => {
    try {
      return loadRecentValues(configDir, server);
    } catch {
      return {};
    }
  }, [configDir, server]);
  const recall = useMemo<Recall>(() => {
    const list = (values: readonly string[] | undefined) => (values ?? []).map(clean).filter((v) => v !== '');
    return { recent: (field) => list(recent[field]), given: (field) => list(suggestions?.[field]) };
  }, [recent, suggestions]);
  const suggestionsFor = useCallback((field: string) => [...new Set([...recall.recent(field), ...recall.given(field)])], [recall]);
  const recalledFrom = useCallback(
    (field: string, value: string): ValueOrigin | undefined => {
      if (recall.recent(field).includes(value)) return 'recent';
      return recall.given(field).includes(value) ? 'sample' : undefined;
    },
    [recall],
  );
  return { recall, suggestionsFor, recalledFrom };
}
