// A size only Ink's layout knows (the rows a box got, where a line starts): read after every
// commit, kept in state, and rendered again only when it changed, so it settles in one pass.
import { useLayoutEffect, useState } from 'react';

/** What `measure` reads once the frame is laid out (undefined: nothing to read yet), starting at `initial`. */
export function useMeasured<T>(measure: () => T | undefined, initial: T): T {
  const [value, setValue] = useState(initial);
  // No dependency list: any prop or state may move the layout, and it is known only after a commit.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- measured after every commit (above); set only when it changed, so it settles.
  useLayoutEffect(() => {
    const next = measure();
    // Layout read in a layout effect, before the frame is shown: the case React documents for it.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- measuring layout (above); it settles.
    if (next !== undefined && !Object.is(next, value)) setValue(next);
  });
  return value;
}
