// ESLint: JavaScript's and TypeScript's recommended rules, and React's hook rules (the rules of
// hooks, exhaustive-deps, and the React Compiler's checks: no impure calls or refs read in render,
// no state set straight from an effect) over the sources, tests, bench and scripts. `npm run lint`;
// `npm test` runs it first.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default defineConfig(
  { ignores: ['dist/', 'coverage/', '.tmp/', 'node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      globals: Object.fromEntries([
        'process', 'console', 'Buffer', 'URL', 'URLSearchParams', 'AbortController', 'AbortSignal', 'TextDecoder',
        'TextEncoder', 'performance', 'structuredClone', 'fetch', 'queueMicrotask', 'setTimeout', 'clearTimeout',
        'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval',
      ].map((name) => [name, 'readonly'])),
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // `_` names a value left out on purpose (`const { type: _, ...rest } = action`).
      '@typescript-eslint/no-unused-vars': ['error', {
        argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true,
      }],
      // Matching control characters is the point of sanitising server text and reading keys.
      'no-control-regex': 'off',
    },
  },
  {
    // The UI reads the environment in one place (src/tui/options.ts), which makes its settings.
    files: ['src/tui/**'],
    ignores: ['src/tui/options.ts'],
    rules: {
      'no-restricted-properties': ['error', {
        object: 'process', property: 'env', message: 'src/tui reads the environment through its settings (options.ts settingsOf, settings.ts useSettings).',
      }],
    },
  },
  {
    // Tests read answers of any shape (a demo's JSON, a hostile server's) and poke at them.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
