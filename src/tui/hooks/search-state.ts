// Moved to screens/deployments/search.ts. Kept, types only, for use-history-scan.ts (changed in
// another branch at the same time): delete once it imports from the room.
export type { SearchState } from '../screens/deployments/search.js';
