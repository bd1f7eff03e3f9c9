// How a failed deployment's log ends: the kinds of failure, where each happens and how often, what
// the failing step writes (one script a kind), and the service's epilogue after it
// (service-behaviour.md, "How a failed deployment's log ends"). log-script.ts writes the rest.
import { HELPER_IMAGE, type Facts } from './log-facts.js';
import { c256, cyan, dim, red, sgr, type LogLine, type Writer } from './log-lines.js';
import { between, pick, weighted, type Random } from './random.js';

/** How a deployment fails: what the failing step writes, and the message of the epilogue. */
export type FailureKind = 'helper-pull' | 'clone' | 'build-exit' | 'missing-env' | 'out-of-memory' | 'image-pull' | 'health-check';

/** Where each kind of failure happens. */
export const FAILURE_PHASE: Readonly<Record<FailureKind, LogLine['phase']>> = {
  'helper-pull': 'prepare',
  clone: 'clone',
  'build-exit': 'build',
  'missing-env': 'build',
  'out-of-memory': 'build',
  'image-pull': 'build',
  'health-check': 'rollout',
};

/** How often each kind of failure is seen in a seed history. */
export const FAILURE_WEIGHTS: ReadonlyArray<readonly [FailureKind, number]> = [
  ['build-exit', 3],
  ['missing-env', 2],
  ['out-of-memory', 2],
  ['image-pull', 1.5],
  ['health-check', 2],
  ['clone', 1],
  ['helper-pull', 0.5],
];

export const SEPARATOR = '========================================';
const DEBUG_FRAMES = [
  '#0 /var/www/html/app/Traits/RunsRemoteCommands.php(104): App\\Jobs\\DeploymentJob->runCommand()',
  '#1 /var/www/html/app/Jobs/DeploymentJob.php(2114): App\\Jobs\\DeploymentJob->execute_remote_command()',
  '#2 /var/www/html/app/Jobs/DeploymentJob.php(431): App\\Jobs\\DeploymentJob->build_image()',
  '#3 /var/www/html/app/Jobs/DeploymentJob.php(262): App\\Jobs\\DeploymentJob->deploy_nixpacks_buildpack()',
  '#4 /var/www/html/vendor/laravel/framework/src/Illuminate/Container/BoundMethod.php(36): App\\Jobs\\DeploymentJob->handle()',
];

const err = { type: 'stderr' as const };

/**
 * The service's epilogue (service-behaviour.md, "How a failed deployment's log ends"): a
 * separator, `Deployment failed: <message>`, debug entries, a separator, and the closing line
 * unless the old version is kept running.
 */
function epilogue(w: Writer, message: string, r: Random, keptOld = false): void {
  const debug = { type: 'stderr' as const, hidden: true, weight: 0.2 };
  w.say(SEPARATOR, err);
  w.say(`Deployment failed: ${message}`, err);
  w.say('Error type: RuntimeException', debug);
  w.say(`Error code: ${between(r, 0, 1) === 0 ? 0 : 255}`, debug);
  w.say(`Location: /var/www/html/app/Traits/RunsRemoteCommands.php:${between(r, 170, 260)}`, debug);
  w.say('Stack trace (first 5 lines):', debug);
  w.say(DEBUG_FRAMES.join('\n'), debug);
  w.say(SEPARATOR, err);
  if (!keptOld) w.say('Deployment failed. Removing the new version of your application.', err);
}

/** `Command execution failed (exit code N): <command>`, with the command's error output when it has some. */
export const commandFailed = (code: number, command: string, error?: string) =>
  `Command execution failed (exit code ${code}): ${command}${error === undefined ? '' : `\nError: ${error}`}`;

/** What every failure script may name: the build's step and command, worked out before the kind's own. */
interface Build {
  readonly step: number;
  readonly command: string;
  readonly docker: string;
  /** A time in the step, in seconds (drawn when asked). */
  readonly at: () => string;
}

/** BuildKit's last words on a build command that failed. */
const solveFailed = (b: Build, code: number) =>
  `${sgr('1;31', 'ERROR')}: failed to solve: process "/bin/sh -c ${b.command}" did not complete successfully: exit code: ${code}`;
const stepFailed = (b: Build, code: number) =>
  `#${b.step} ${sgr('1;31', 'ERROR')}: process "/bin/sh -c ${b.command}" did not complete successfully: exit code: ${code}`;

type Script = (w: Writer, f: Facts, b: Build, r: Random) => void;

const helperPull: Script = (w, _f, _b, r) => {
  const command = `docker pull ${HELPER_IMAGE}`;
  const denied = 'Error response from daemon: Head "https://ghcr.io/v2/acme/dms-helper/manifests/1.0.8": denied: denied';
  w.run(command);
  w.out(denied, { ...err, weight: 6 });
  epilogue(w, commandFailed(1, command, denied), r);
};

const clone: Script = (w, f, _b, r) => {
  const command = `git ls-remote ${f.cloneUrl} refs/heads/${f.branch}`;
  const fatal = `fatal: unable to access '${f.cloneUrl}/': The requested URL returned error: 502`;
  w.run(command);
  w.out(fatal, { ...err, weight: 20 });
  epilogue(w, commandFailed(128, command, fatal), r);
};

/** A compiler's error (one of two), then BuildKit's; the error output's last lines carry both. */
const buildExit: Script = (w, _f, b, r) => {
  const file = `./src/${pick(r, ['components', 'lib', 'features/cart'])}/${pick(r, ['Cart', 'Price', 'refunds'])}.ts`;
  const missingModule = r() < 0.4;
  const headline = missingModule
    ? "Module not found: Can't resolve '@/lib/analytics'"
    : "Type error: Property 'totalCents' does not exist on type 'Cart'.";
  w.out(
    (missingModule
      ? [
          red('Failed to compile.'),
          '',
          cyan('./src/app/layout.tsx'),
          headline,
          '',
          'https://nextjs.org/docs/messages/module-not-found',
          '',
          'Import trace for requested module:',
          './src/app/layout.tsx',
        ]
      : [
          red('Failed to compile.'),
          '',
          `${cyan(file)}:${between(r, 10, 200)}:${between(r, 2, 40)}`,
          `${red('Type error')}: Property 'totalCents' does not exist on type 'Cart'.`,
          '',
          `${dim('  40 |')}   const subtotal = sum(cart.items)`,
          `${c256(196, '> 41 |')}   const total = cart.totalCents + shipping`,
          `${dim('     |')}                      ${red('^')}`,
        ]
    ).join('\n'),
    { ...err, weight: 6 },
  );
  w.out(stepFailed(b, 1), err);
  w.out(solveFailed(b, 1), err);
  epilogue(
    w,
    commandFailed(
      1,
      b.docker,
      `${headline}\nfailed to solve: process "/bin/sh -c ${b.command}" did not complete successfully: exit code: 1`,
    ),
    r,
  );
};

const missingEnv: Script = (w, _f, b, r) => {
  const name = pick(r, ['STRIPE_SECRET_KEY', 'DATABASE_URL', 'NEXT_PUBLIC_API_URL', 'SESSION_SECRET']);
  const t = b.at();
  w.out(
    [
      `#${b.step} ${t} ${red('Error')}: Missing required environment variable ${name}`,
      `#${b.step} ${t}     at requireEnv (/app/src/lib/env.ts:9:11)`,
      `#${b.step} ${t}     at Object.<anonymous> (/app/src/lib/${pick(r, ['payments', 'db', 'session'])}.ts:4:22)`,
      `#${b.step} ${t}     at Module._compile (node:internal/modules/cjs/loader:1358:14)`,
    ].join('\n'),
    { ...err, weight: 4 },
  );
  w.out(stepFailed(b, 1), err);
  w.out(solveFailed(b, 1), err);
  epilogue(w, commandFailed(1, b.docker, `Missing required environment variable ${name}`), r);
};

const outOfMemory: Script = (w, _f, b, r) => {
  const t = b.at();
  w.out(
    [
      `#${b.step} ${t} <--- Last few GCs --->`,
      `#${b.step} ${t} [38:0x6a1c000]    ${between(r, 40000, 90000)} ms: Mark-Compact 1021.4 (1045.2) -> 1019.8 (1046.7) MB, 1411.20 / 0.00 ms  (average mu = 0.112, current mu = 0.021) allocation failure`,
      `#${b.step} ${t} FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory`,
      `#${b.step} ${t} Killed`,
    ].join('\n'),
    { ...err, weight: 12 },
  );
  w.out(stepFailed(b, 137), err);
  // The message names only the command: the cause is in the stderr just before the epilogue.
  epilogue(w, commandFailed(137, b.docker), r);
};

const imagePull: Script = (w, _f, b, r) => {
  const ref = 'docker.io/library/node:20-alpine';
  const status =
    'unexpected status from HEAD request to https://registry-1.docker.io/v2/library/node/manifests/20-alpine: 429 Too Many Requests';
  const solve = `failed to solve: node:20-alpine: failed to resolve source metadata for ${ref}: ${status}`;
  w.out(`#2 [internal] load metadata for ${ref}\n#2 ERROR: ${status}`, { ...err, weight: 8 });
  w.out(`${sgr('1;31', 'ERROR')}: ${solve}`, err);
  epilogue(w, commandFailed(1, b.docker, solve), r);
};

const healthCheck: Script = (w, f, _b, r) => {
  const s = f.settings;
  const retries = Math.max(1, Number(s.health_check_retries ?? 10) || 10);
  const url = `${String(s.health_check_scheme ?? 'http')}://${String(s.health_check_host ?? 'localhost')}:${String(s.health_check_port ?? s.ports_exposes ?? '80')}${String(s.health_check_path ?? '/')}`;
  const method = String(s.health_check_method ?? 'GET');
  w.say('Waiting for healthcheck to pass on the new container.', { weight: 4 });
  w.say(`Healthcheck URL (inside the container): ${method}: ${url}`);
  const shown = Math.min(3, retries);
  for (let i = 1; i <= shown; i++) {
    const last = i === shown;
    w.say(`Attempt ${last ? retries : i} of ${retries} | Healthcheck status: "${last ? 'unhealthy' : 'starting'}"`, {
      ...(last ? err : {}),
      weight: Number(s.health_check_interval ?? 5) || 5,
    });
    w.say("Healthcheck logs: curl: (7) Failed to connect to localhost port 3000 after 0 ms: Couldn't connect to server | Return code: 7", {
      hidden: true,
    });
  }
  w.say('New container is not healthy, rolling back to the old container.', err);
  epilogue(
    w,
    `Health check failed: the new container did not become healthy after ${retries} attempt${retries === 1 ? '' : 's'} (${method} ${url}).`,
    r,
    true,
  );
};

const SCRIPTS: Readonly<Record<FailureKind, Script>> = {
  'helper-pull': helperPull,
  clone,
  'build-exit': buildExit,
  'missing-env': missingEnv,
  'out-of-memory': outOfMemory,
  'image-pull': imagePull,
  'health-check': healthCheck,
};

/** The failure of `kind`: what the failing step writes, then the epilogue. */
export function failure(w: Writer, f: Facts, kind: FailureKind, r: Random): void {
  // The build's step is drawn for every kind, so each kind's draws follow from the same point.
  const build: Build = {
    step: between(r, 9, 16),
    command: String(f.settings.build_command ?? 'npm run build'),
    docker: `docker build --network host -f ${f.work}/Dockerfile --progress plain -t ${f.image}:${f.sha} ${f.work}`,
    at: () => (between(r, 8000, 90000) / 1000).toFixed(3),
  };
  SCRIPTS[kind](w, f, build, r);
}

/** A failure that fits where the log stopped (a deployment the demo runs fails wherever it is). */
export function failureAt(phase: LogLine['phase'], r: Random): FailureKind {
  const fitting = FAILURE_WEIGHTS.filter(([k]) => FAILURE_PHASE[k] === phase && k !== 'image-pull');
  return weighted(fitting, r);
}
