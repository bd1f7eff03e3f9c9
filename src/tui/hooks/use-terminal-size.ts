// Terminal size from Ink's stdout (so tests can set it), following resizes. It is read on every
// render, so a re-render forced right after a resize (src/tui/run.tsx) already has the new size.
import { useEffect, useMemo, useReducer } from 'react';
import { useStdout } from 'ink';

export interface TerminalSize {
  readonly width: number;
  readonly height: number;
}

export function useTerminalSize(fallback: TerminalSize = { width: 80, height: 24 }): TerminalSize {
  const { stdout } = useStdout();
  const [, resized] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const onResize = () => resized();
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  const width = stdout.columns > 0 ? stdout.columns : fallback.width;
  const height = stdout.rows > 0 ? stdout.rows : fallback.height;
  // The same object while the size stays, for hooks that depend on it.
  return useMemo(() => ({ width, height }), [width, height]);
}
