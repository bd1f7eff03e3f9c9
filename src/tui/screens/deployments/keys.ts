// The deployments list's key scopes, by mode: what one key listener reads together (searched in
// this order). The clash check of keys.json (key-bindings.ts) reads the same groups.
import type { ScopeId } from '../../keys.js';

export const LIST_SCOPES = {
  list: ['deployments', 'global'],
  filter: ['filter', 'line'],
  jump: ['jump', 'line'],
} as const satisfies Record<string, readonly ScopeId[]>;
