// Where Ink laid a box out, read from its layout after a render (for what cannot be a flex box).
import type { DOMElement } from 'ink';

interface Laid {
  readonly parentNode?: Laid;
  readonly yogaNode?: { getComputedTop(): number };
}

/** How many lines below the top of `within` the box `node` starts; undefined when it is not inside it. */
export function offsetTop(node: DOMElement | null, within: DOMElement | null): number | undefined {
  let top = 0;
  let n = node as unknown as Laid | undefined;
  for (; n && n !== (within as unknown as Laid); n = n.parentNode) top += n.yogaNode?.getComputedTop() ?? 0;
  return n ? top : undefined;
}
