// The application picker's key scopes, by mode (searched in this order); the clash check reads them too.
import type { ScopeId } from '../../keys.js';

export const PICKER_SCOPES = {
  apps: ['picker', 'line'],
  contexts: ['contexts'],
} as const satisfies Record<string, readonly ScopeId[]>;
