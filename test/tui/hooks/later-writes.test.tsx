// A screen's file writes (use-later-writes.ts): after the frame, or when the screen goes, once.
import React, { useEffect } from 'react';
import { Text } from 'ink';
import { renderTui } from '../../support/render.js';
import { describe, expect, it } from 'vitest';
import { useLaterWrites } from '../../../src/tui/hooks/use-later-writes.js';

function Writer({ writes }: { readonly writes: string[] }) {
  const later = useLaterWrites();
  useEffect(() => {
    later(() => writes.push('a'));
    later(() => writes.push('b'));
  }, [later, writes]);
  return <Text>x</Text>;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('useLaterWrites', () => {
  it('makes each write after the frame, in order, not at once', async () => {
    const writes: string[] = [];
    const shown = renderTui(<Writer writes={writes} />);
    expect(writes).toEqual([]);
    await tick();
    expect(writes).toEqual(['a', 'b']);
    shown.unmount();
    await tick();
    expect(writes).toEqual(['a', 'b']);
  });

  it('a write still waiting when the screen goes is made then, and never after', async () => {
    const writes: string[] = [];
    const shown = renderTui(<Writer writes={writes} />);
    shown.unmount();
    expect(writes).toEqual(['a', 'b']);
    await tick();
    expect(writes).toEqual(['a', 'b']);
  });
});
