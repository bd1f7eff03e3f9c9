// Terminal size from Ink's stdout (so tests can set it), following resizes.
import { useEffect, useState } from 'react';
import { useStdout } from 'ink';

export interface TerminalSize { readonly width: number; readonly height: number }

export function useTerminalSize(fallback: TerminalSize = { width: 80, height: 24 }): TerminalSize {
  const { stdout } = useStdout();
  const read = (): TerminalSize => ({
    width: stdout.columns > 0 ? stdout.columns : fallback.width,
    height: stdout.rows > 0 ? stdout.rows : fallback.height,
  });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize((old) => {
      const next = read();
      return next.width === old.width && next.height === old.height ? old : next;
    });
    stdout.on('resize', onResize);
    return () => { stdout.off('resize', onResize); };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stdout]);
  return size;
}
