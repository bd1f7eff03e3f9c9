// The log viewer's key scopes, by mode (searched in this order); the clash check reads them too.
import type { ScopeId } from '../../keys.js';

export const LOG_SCOPES = {
  log: ['log', 'global'],
  search: ['logSearch', 'line'],
  save: ['logSave', 'line'],
} as const satisfies Record<string, readonly ScopeId[]>;
