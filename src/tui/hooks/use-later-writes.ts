// File writes a screen asks for (the application into recents, the time mode, a page size) are
// made after the frame that shows what changed, off the key's path. One still waiting when the
// screen goes (a quit right after a key or the first page) is made then: nothing of a screen
// writes once it is gone (a test's config folder may be removed by then).
import { useCallback, useEffect, useRef } from 'react';

/** Makes `write` after the frame, or when the screen goes, whichever comes first. */
export type Later = (write: () => void) => void;

export function useLaterWrites(): Later {
  const waiting = useRef(new Map<NodeJS.Timeout, () => void>());
  useEffect(() => {
    const pending = waiting.current;
    return () => {
      for (const [timer, write] of pending) {
        clearTimeout(timer);
        write();
      }
      pending.clear();
    };
  }, []);
  return useCallback((write) => {
    const timer = setTimeout(() => {
      waiting.current.delete(timer);
      write();
    }, 0);
    waiting.current.set(timer, write);
  }, []);
}
