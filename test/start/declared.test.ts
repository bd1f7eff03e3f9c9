// Every package dms's code imports is declared in package.json (it is bundled: the build needs it
// installed, and the bundle must not lean on what another package happens to bring).
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** The package a bare specifier names: `ink`, `@alcalzone/ink-table`, `react` of `react/jsx-runtime`. */
const packageOf = (spec: string) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

describe('declared packages', () => {
  it('each package src/ imports is in package.json', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const declared = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
    const imported = new Set<string>();
    for (const file of sources(join(ROOT, 'src'))) {
      const text = readFileSync(file, 'utf8');
      const specs = [
        // A specifier has no space in it: English such as "medians from';" in a string is not one.
        ...text.matchAll(/^\s*(?:import|export)\b[^;]*?from\s*'([^'.\s][^'\s]*)'/gm),
        ...text.matchAll(/^\s*import\s*'([^'.\s][^'\s]*)'/gm),
        ...text.matchAll(/\bimport\(\s*'([^'.\s][^'\s]*)'\s*\)/g),
      ];
      for (const [, spec] of specs) {
        if (spec!.startsWith('node:') || builtinModules.includes(spec!)) continue;
        imported.add(packageOf(spec!));
      }
    }
    expect(imported.size).toBeGreaterThan(4);
    expect([...imported].filter((p) => !declared.has(p))).toEqual([]);
  });
});
