// The pieces a build log is written with: a writer that numbers batches, and the kinds of line
// build tools print (BuildKit steps, npm, apt, compilers, test runners), with their colours,
// progress runs and the odd escape sequence a client has to strip.
import { between, hex, pick, type Random } from './random.js';

export type Stream = 'stdout' | 'stderr';

/** Where in the deployment a line was written: what a failure at that point says. */
export type Phase = 'prepare' | 'clone' | 'build' | 'rollout';

/** One entry before it has a time and an order. */
export interface LogLine {
  readonly command: string | null;
  readonly output: string;
  readonly type: Stream;
  readonly hidden: boolean;
  readonly batch: number;
  /** How long it took to get here from the line before, in relative units. */
  readonly weight: number;
  readonly phase: Phase;
}

export interface LineOptions {
  readonly type?: Stream;
  readonly hidden?: boolean;
  readonly weight?: number;
}

export interface Writer {
  readonly lines: LogLine[];
  phase: Phase;
  /** A message of the deployer itself, in a batch of such messages. */
  say(output: string, options?: LineOptions): void;
  /** Starts one command's output: a new batch, the command on its first line. */
  run(command: string): void;
  /** A chunk of the running command's output. */
  out(output: string, options?: LineOptions): void;
}

export function createWriter(firstBatch = 1): Writer {
  const lines: LogLine[] = [];
  let batch = firstBatch - 1;
  let command: string | null = null;
  let inCommand = true;
  const push = (output: string, from: string | null, o: LineOptions = {}) => {
    lines.push({
      command: from,
      output,
      type: o.type ?? 'stdout',
      hidden: o.hidden ?? false,
      batch,
      weight: o.weight ?? 1,
      phase: writer.phase,
    });
  };
  const writer: Writer = {
    lines,
    phase: 'prepare',
    say(output, options) {
      if (inCommand) {
        batch++;
        inCommand = false;
      }
      push(output, null, options);
    },
    run(cmd) {
      batch++;
      inCommand = true;
      command = cmd;
    },
    out(output, options) {
      push(output, command, options);
      command = null;
    },
  };
  return writer;
}

const ESC = '\u001b';
export const sgr = (code: string, text: string, off = '0') => `${ESC}[${code}m${text}${ESC}[${off}m`;
export const green = (t: string) => sgr('32', t, '39');
export const red = (t: string) => sgr('31', t, '39');
export const yellow = (t: string) => sgr('33', t, '39');
export const cyan = (t: string) => sgr('36', t, '39');
export const bold = (t: string) => sgr('1', t, '22');
export const dim = (t: string) => sgr('2', t, '22');
/** 256-colour foreground, as newer tools print it. */
export const c256 = (n: number, t: string) => sgr(`38;5;${n}`, t, '39');

/** Escape sequences that do more than colour: a client must strip them before they reach a terminal. */
export const HOSTILE = {
  title: (t: string) => `${ESC}]0;${t}\u0007`,
  clear: `${ESC}[2J${ESC}[H`,
  up: `${ESC}[1A${ESC}[2K`,
  moveTo: (row: number, col: number) => `${ESC}[${row};${col}H`,
} as const;

/** The password-bearing URL some logs print (masking must hide it). */
export const DB_URL = 'postgres://app:s3cretPass@db:5432/app';

const PACKAGES = [
  'react',
  'react-dom',
  'next',
  '@babel/core',
  '@babel/runtime',
  'typescript',
  'eslint',
  'postcss',
  'autoprefixer',
  'tailwindcss',
  'zod',
  'date-fns',
  'lodash',
  'axios',
  'undici',
  'semver',
  'glob',
  'rimraf',
  'inflight',
  'minimatch',
  'chalk',
  'debug',
  'ms',
  'uuid',
  'pg',
  'pg-pool',
  'ioredis',
  'bullmq',
  'pino',
  'pino-pretty',
  'express',
  'body-parser',
  'qs',
  'cookie',
  'jsonwebtoken',
  '@types/node',
  '@types/react',
  'vite',
  'esbuild',
  'rollup',
  'terser',
  'sharp',
  'caniuse-lite',
  'browserslist',
  'source-map',
  'source-map-js',
  'picocolors',
  'nanoid',
  'cross-spawn',
  'which',
  '@swc/helpers',
  'styled-jsx',
  'scheduler',
  'loose-envify',
  'js-tokens',
  'tslib',
  'prettier',
  'vitest',
  'chai',
];

const DEPRECATIONS = [
  'This module is not supported, and leaks memory. Do not use it. Check out lru-cache if you want a good and tested way to coalesce async requests by a key value, which is much more comprehensive and powerful.',
  'Rimraf versions prior to v4 are no longer supported',
  'Glob versions prior to v9 are no longer supported',
  "Use your platform's native DOMException instead",
  'This package is no longer supported.',
];

const DIRS = [
  'components',
  'pages',
  'lib',
  'hooks',
  'app/(shop)',
  'app/api',
  'features/cart',
  'features/checkout',
  'jobs',
  'queues',
  'utils',
];
const FILES = [
  'ProductCard',
  'CartTotals',
  'CheckoutForm',
  'Header',
  'Footer',
  'SearchBox',
  'Price',
  'useCart',
  'useSession',
  'refunds',
  'webhooks',
  'payments',
  'emails',
  'format',
  'money',
];
const APT = [
  'ca-certificates',
  'curl',
  'git',
  'libssl3',
  'openssl',
  'tzdata',
  'libc6',
  'libstdc++6',
  'zlib1g',
  'libgcc-s1',
  'libcurl4',
  'libexpat1',
  'python3-minimal',
  'make',
  'g++',
];
const LINT_RULES = [
  ["'session' is assigned a value but never used", '@typescript-eslint/no-unused-vars'],
  ["React Hook useEffect has a missing dependency: 'cart'", 'react-hooks/exhaustive-deps'],
  ['Unexpected console statement', 'no-console'],
  ['Do not use an `<a>` element to navigate to `/cart/`. Use `<Link />` from `next/link` instead', '@next/next/no-html-link-for-pages'],
] as const;

const version = (r: Random) => `${between(r, 0, 9)}.${between(r, 0, 30)}.${between(r, 0, 20)}`;
const secs = (t: number) => t.toFixed(3);

/** What a line maker knows: the BuildKit step it is in, and the build's clock in seconds. */
export interface BuildClock {
  step: number;
  seconds: number;
}

type Made = readonly [output: string, options: LineOptions];

/** The kinds of line the bulk of a build is made of, each with how often it shows up. */
const MAKERS: ReadonlyArray<readonly [number, (r: Random, c: BuildClock) => Made]> = [
  // npm's debug fetches: hidden in the web UI unless debug logs are on.
  [
    18,
    (r, c) => {
      const p = pick(r, PACKAGES);
      const base = p.split('/').at(-1)!;
      return [
        `#${c.step} ${secs(c.seconds)} npm http fetch GET 200 https://registry.npmjs.org/${p}/-/${base}-${version(r)}.tgz ${between(r, 8, 900)}ms (cache miss)`,
        { hidden: true },
      ];
    },
  ],
  [
    10,
    (r, c) => [
      `#${c.step} sha256:${hex(r, 64)} ${(r() * 30).toFixed(2)}MB / ${(30 + r() * 60).toFixed(2)}MB ${(r() * 9).toFixed(1)}s`,
      { hidden: true, type: 'stderr' },
    ],
  ],
  [6, (r, c) => [`#${c.step} ${secs(c.seconds)} [debug] cache key ${hex(r, 16)} -> ${pick(r, ['hit', 'miss', 'miss'])}`, { hidden: true }]],
  [
    9,
    (r, c) => [
      `#${c.step} ${secs(c.seconds)} npm warn deprecated ${pick(r, PACKAGES)}@${version(r)}: ${pick(r, DEPRECATIONS)}`,
      { type: 'stderr' },
    ],
  ],
  [
    24,
    (r, c) => [
      `#${c.step} ${secs(c.seconds)} ${cyan('compiling')} src/${pick(r, DIRS)}/${pick(r, FILES)}.tsx ${dim(`(${between(r, 2, 900)} modules)`)}`,
      {},
    ],
  ],
  [
    12,
    (r, c) => {
      const pkg = pick(r, APT);
      const v = `${version(r)}-${between(r, 1, 4)}~deb12u${between(r, 1, 3)}`;
      const kind = between(r, 0, 2);
      const text =
        kind === 0
          ? `Get:${between(r, 1, 120)} http://deb.debian.org/debian bookworm/main amd64 ${pkg} amd64 ${v} [${between(r, 12, 4000)} kB]`
          : kind === 1
            ? `Unpacking ${pkg}:amd64 (${v}) ...`
            : `Setting up ${pkg}:amd64 (${v}) ...`;
      return [`#${c.step} ${secs(c.seconds)} ${text}`, {}];
    },
  ],
  [
    8,
    (r, c) => [
      `#${c.step} ${secs(c.seconds)}  ${green('✓')} src/${pick(r, DIRS)}/${pick(r, FILES)}.test.ts ${dim(`(${between(r, 1, 40)} tests)`)} ${yellow(`${between(r, 2, 400)}ms`)}`,
      {},
    ],
  ],
  [
    5,
    (r, c) => {
      const [message, rule] = pick(r, LINT_RULES);
      return [
        `#${c.step} ${secs(c.seconds)} ./src/${pick(r, DIRS)}/${pick(r, FILES)}.tsx\n${between(r, 2, 300)}:${between(r, 1, 60)}  ${sgr('1;38;5;214', 'Warning')}: ${message}  ${c256(244, rule)}`,
        {},
      ];
    },
  ],
  // Layer downloads: one entry, the progress overwritten with carriage returns.
  [
    4,
    (r, c) => {
      const steps = [between(r, 1, 15), between(r, 30, 60), between(r, 70, 95), 100];
      const run = steps.map((p) => `Downloading ${String(p).padStart(3)}%`).join('\r ');
      return [`#${c.step} sha256:${hex(r, 12)} ${run}`, { type: 'stderr' }];
    },
  ],
  [
    2,
    (r, c) => [
      `#${c.step} ${secs(c.seconds)} ${c256(39, 'info')}  - Collecting page data ${dim(`(${between(r, 1, 60)}/${between(r, 61, 90)})`)}`,
      {},
    ],
  ],
];

const TOTAL_WEIGHT = MAKERS.reduce((s, [w]) => s + w, 0);

/** One line of the bulk of a build (its options say how long it took: `weight`). */
export function buildLine(r: Random, clock: BuildClock): Made {
  const took = r() * 0.08;
  clock.seconds += took;
  if (r() < 0.004) clock.step++;
  let x = r() * TOTAL_WEIGHT;
  let made: Made | undefined;
  for (const [w, make] of MAKERS) {
    x -= w;
    if (x < 0) {
      made = make(r, clock);
      break;
    }
  }
  const [output, options] = made ?? MAKERS[0]![1](r, clock);
  return [output, { type: options.type, hidden: options.hidden, weight: 0.4 + took * 12 }];
}

/** A line over 300 characters: a warning with the whole import trace on one line. */
export function longLine(r: Random, clock: BuildClock): string {
  const trace = Array.from(
    { length: between(r, 9, 14) },
    () => `./node_modules/${pick(r, PACKAGES)}/dist/${pick(r, ['index', 'esm/index', 'cjs/main', 'lib/core'])}.js`,
  );
  return `#${clock.step} ${secs(clock.seconds)} ${yellow('warn')}  - ./src/${pick(r, DIRS)}/${pick(r, FILES)}.tsx Critical dependency: the request of a dependency is an expression. Import trace for requested module: ${trace.join(' -> ')}`;
}

/** npm's summary after an install: several lines in one entry. */
export function npmSummary(r: Random, clock: BuildClock): string {
  const n = between(r, 300, 1600);
  return [
    `#${clock.step} ${secs(clock.seconds)} `,
    `added ${n} packages, and audited ${n + 1} packages in ${between(r, 8, 90)}s`,
    '',
    `${between(r, 20, 260)} packages are looking for funding`,
    '  run `npm fund` for details',
    '',
    `${between(r, 1, 6)} ${sgr('1;33', 'moderate')} severity vulnerabilities`,
    '',
    'To address all issues, run:',
    '  npm audit fix',
  ].join('\n');
}
