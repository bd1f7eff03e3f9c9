// The deployment detail's key scopes (searched in this order); the clash check reads them too.
import type { ScopeId } from '../../keys.js';

export const DETAIL_SCOPES = {
  detail: ['detail', 'global'],
} as const satisfies Record<string, readonly ScopeId[]>;
