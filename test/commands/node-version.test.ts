import { describe, expect, it } from 'vitest';
import { MIN_NODE_MAJOR, nodeTooOld } from '../../src/commands/node-version.js';
import pkg from '../../package.json' with { type: 'json' };

describe('the Node dms runs on', () => {
  it('22 and newer will do; older lines are named, with what to do', () => {
    for (const v of ['22.0.0', '22.23.5', '24.22.3', '26.12.1', '30.0.0']) expect(nodeTooOld(v), v).toBeUndefined();
    for (const v of ['20.20.2', '18.0.0', '21.7.3']) {
      expect(nodeTooOld(v)).toBe(
        `this is Node.js ${v}; dms needs Node.js 22 or newer (24 recommended). Install a current Node.js, or run dms from its clone with npm start, which brings its own.`,
      );
    }
  });

  it("is package.json's engines", () => {
    expect(pkg.engines.node).toBe(`>=${MIN_NODE_MAJOR}`);
  });
});
