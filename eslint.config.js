// ESLint: JavaScript's and TypeScript's recommended rules, and React's hook rules (the rules of
// hooks, exhaustive-deps, and the React Compiler's checks: no impure calls or refs read in render,
// no state set straight from an effect) over the sources, tests, bench and scripts, and small pieces:
// a bound on a file's and a function's lines. `npm run lint`; `npm test` runs it first.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * Lines of code a file and a function may hold. Blank lines and comments are not counted: the why
 * stays written down, and a long comment is no reason to split.
 */
const size = (file, fn) => ({
  'max-lines': ['error', { max: file, skipBlankLines: true, skipComments: true }],
  'max-lines-per-function': ['error', { max: fn, skipBlankLines: true, skipComments: true }],
});

export default defineConfig(
  { ignores: ['dist/', 'coverage/', '.tmp/', 'node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: {
      globals: Object.fromEntries(
        [
          'process',
          'console',
          'Buffer',
          'URL',
          'URLSearchParams',
          'AbortController',
          'AbortSignal',
          'TextDecoder',
          'TextEncoder',
          'performance',
          'structuredClone',
          'fetch',
          'queueMicrotask',
          'setTimeout',
          'clearTimeout',
          'setImmediate',
          'clearImmediate',
          'setInterval',
          'clearInterval',
        ].map((name) => [name, 'readonly']),
      ),
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // `_` names a value left out on purpose (`const { type: _, ...rest } = action`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // Matching control characters is the point of sanitising server text and reading keys.
      'no-control-regex': 'off',
      // Ink draws every space, and Prettier folds a run of spaces in JSX text into one.
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXText[value=/(^|\\S) {2,}(\\S|$)/]', message: "Write a run of spaces Ink should draw as a string: {'  '}." },
      ],
    },
  },
  // Small pieces: a file of more than 400 lines, or a function of more than 100, is split.
  { rules: size(400, 100) },
  // Views (React components, *.tsx): the JSX is the layout, an element or a prop a line: 150 a function.
  { files: ['src/**/*.tsx'], rules: size(400, 150) },
  // Tests and bench: a describe block is a list of cases, a bench a script of steps: 800 a file, 250 a function.
  { files: ['test/**', 'bench/**'], rules: size(800, 250) },
  {
    // The UI reads the environment in one place (src/tui/options.ts), which makes its settings.
    files: ['src/tui/**'],
    ignores: ['src/tui/options.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'src/tui reads the environment through its settings (options.ts settingsOf, settings.ts useSettings).',
        },
      ],
    },
  },
  {
    // Tests read answers of any shape (a demo's JSON, a hostile server's) and poke at them.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
