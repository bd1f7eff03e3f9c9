// Moved to screens/deployments/state.ts. Kept, types only, for use-history-scan.ts (changed in
// another branch at the same time): delete once it imports from the room.
export type { BrowseAction, BrowseState, Fetching } from '../screens/deployments/state.js';
