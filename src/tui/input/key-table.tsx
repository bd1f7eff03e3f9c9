// The key map in force, handed down by a React context: the App provides the table it was started
// with (the defaults, or keys.json laid over them); key handlers, the footer, help and every
// sentence that names a key read it with useKeyTable().
import React, { createContext, useContext } from 'react';
import { DEFAULT_KEYS, type KeyTable } from '../keys.js';

const KeyTableContext = createContext<KeyTable>(DEFAULT_KEYS);

export function KeyTableProvider({ table, children }: { readonly table: KeyTable; readonly children: React.ReactNode }) {
  return <KeyTableContext.Provider value={table}>{children}</KeyTableContext.Provider>;
}

/** The key map in force (the defaults when no provider is above: a component rendered alone). */
export function useKeyTable(): KeyTable {
  return useContext(KeyTableContext);
}
