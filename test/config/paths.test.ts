import { describe, expect, it } from 'vitest';
import { configDir } from '../../src/config/paths.js';

describe('configDir', () => {
  it('uses DMS_CONFIG_DIR before anything else', () => {
    expect(configDir({ DMS_CONFIG_DIR: '/a/dms', XDG_CONFIG_HOME: '/x', HOME: '/h' })).toBe('/a/dms');
  });

  it('uses $XDG_CONFIG_HOME/dms when DMS_CONFIG_DIR is not set', () => {
    expect(configDir({ XDG_CONFIG_HOME: '/x', HOME: '/h' })).toBe('/x/dms');
  });

  it('falls back to ~/.config/dms', () => {
    expect(configDir({ HOME: '/h' })).toBe('/h/.config/dms');
  });

  it('ignores empty variables and a relative XDG_CONFIG_HOME', () => {
    expect(configDir({ DMS_CONFIG_DIR: '', XDG_CONFIG_HOME: 'rel', HOME: '/h' })).toBe('/h/.config/dms');
  });
});
