// Help's key scopes (searched in this order); the clash check reads them too.
import type { ScopeId } from '../../keys.js';

export const HELP_SCOPES = {
  help: ['help', 'global'],
} as const satisfies Record<string, readonly ScopeId[]>;
