// What a deployment's log says, in the order a deployed server writes it: prepare the helper
// container, clone, build (per build pack), roll out; then the ending of its outcome (health
// check and "New container started.", the failure (log-script-failures.ts), or the cancellation).
// Times come later (logs.ts).
import { factsOf, HELPER_IMAGE, type Facts } from './log-facts.js';
import {
  bold,
  buildLine,
  createWriter,
  DB_URL,
  dim,
  green,
  HOSTILE,
  longLine,
  npmSummary,
  sgr,
  yellow,
  type BuildClock,
  type LogLine,
  type Writer,
} from './log-lines.js';
import { commandFailed, FAILURE_PHASE, failure, failureAt, SEPARATOR, type FailureKind } from './log-script-failures.js';
import type { DemoApp, DemoDeployment } from './model.js';
import { between, hex, pick, type Random } from './random.js';

export type Outcome = 'finished' | 'failed' | 'cancelled-by-user';

function prepare(w: Writer, f: Facts, d: DemoDeployment, r: Random): void {
  w.phase = 'prepare';
  w.say(`Starting deployment of ${f.repo}:${f.branch} to ${f.server}.`, { weight: 0 });
  if (d.rollback) w.say(`Rolling back to commit ${f.short}.`);
  if (d.forceRebuild) w.say('Force rebuild: the build cache is not used.');
  w.say(`Preparing container with helper image: ${HELPER_IMAGE}.`, { hidden: true });
  w.run(`docker rm -f ${f.helper}`);
  w.out(`Error response from daemon: No such container: ${f.helper}`, { type: 'stderr', hidden: true });
  w.run(`docker run -d --network dms --name ${f.helper} --rm -v /var/run/docker.sock:/var/run/docker.sock ${HELPER_IMAGE}`);
  w.out(hex(r, 64), { hidden: true, weight: 3 });
}

function clone(w: Writer, f: Facts, d: DemoDeployment, r: Random): void {
  w.phase = 'clone';
  w.run(`git ls-remote ${f.cloneUrl} refs/heads/${f.branch}`);
  w.out(`${f.sha}\trefs/heads/${f.branch}`, { hidden: true, weight: 2 });
  w.say(`Importing ${f.repo}:${f.branch} (commit sha ${f.sha}) to ${f.work}.`);
  w.run(`git clone --depth=1 --recurse-submodules --shallow-submodules -b '${f.branch}' '${f.cloneUrl}' '${f.work}'`);
  w.out(`Cloning into '${f.work}'...`, { type: 'stderr' });
  const objects = between(r, 300, 9000);
  const percents = [0, between(r, 5, 20), between(r, 30, 60), between(r, 65, 90), 100];
  const counting = percents.map(
    (p) => `remote: Counting objects: ${String(p).padStart(3)}% (${Math.round((objects * p) / 100)}/${objects})`,
  );
  w.out(`remote: Enumerating objects: ${objects}, done.\n${counting.join('\r')}, done.`, { type: 'stderr', weight: 3 });
  const mib = (r() * 40 + 1).toFixed(2);
  const receiving = percents.map((p) => `Receiving objects: ${String(p).padStart(3)}% (${Math.round((objects * p) / 100)}/${objects})`);
  w.out(`${receiving.join('\r')}, ${mib} MiB | ${(r() * 30 + 2).toFixed(2)} MiB/s, done.`, { type: 'stderr', weight: 6 });
  w.out(`Resolving deltas: 100% (${between(r, 10, objects)}/${objects}), done.`, { type: 'stderr' });
  w.run(`cd ${f.work} && git -c advice.detachedHead=false checkout ${f.sha} >/dev/null 2>&1 && git log -1 ${f.sha} --pretty=%B`);
  // The whole commit message: several lines when it has a body.
  w.out(d.commitMessage.trim() === '' ? '(no commit message)' : d.commitMessage, { hidden: true });
}

/** The bulk of the build: `count` lines of tool output, with the occasional long, multi-line or hostile entry. */
function bulk(w: Writer, r: Random, clock: BuildClock, count: number, extras: { hostile: boolean; secret: boolean }): void {
  const at = (share: number) => Math.floor(count * share);
  const specials = new Map<number, () => void>([
    [at(0.05), () => w.out(npmSummary(r, clock))],
    [at(0.3), () => w.out(longLine(r, clock), { type: 'stderr' })],
    [at(0.7), () => w.out(longLine(r, clock))],
  ]);
  if (extras.hostile) {
    specials.set(at(0.4) + 1, () => w.out(`${HOSTILE.title('npm run build')}> build`, {}));
    specials.set(at(0.5) + 1, () => w.out(`${HOSTILE.clear}${bold('Creating an optimized production build ...')}`));
    specials.set(at(0.6) + 1, () => w.out(`${HOSTILE.up}${HOSTILE.moveTo(3, 1)}Collecting build traces ...`));
  }
  if (extras.secret)
    specials.set(at(0.2) + 2, () => w.out(`#${clock.step} ${clock.seconds.toFixed(3)} [debug] DATABASE_URL=${DB_URL}`, { hidden: true }));
  for (let i = 0; i < count; i++) {
    const special = specials.get(i);
    if (special) {
      special();
      continue;
    }
    const [output, options] = buildLine(r, clock);
    w.out(output, options);
  }
}

/** The build itself; `lines`: about how many entries it should write. */
function build(w: Writer, f: Facts, r: Random, lines: number, extras: { hostile: boolean; secret: boolean }): void {
  w.phase = 'build';
  const pack = String(f.settings.build_pack ?? 'nixpacks');
  const clock: BuildClock = { step: 1, seconds: 0 };
  const tag = `${f.image}:${f.sha}`;
  if (pack === 'containercompose') {
    w.run(
      `docker compose --project-name ${f.appUuid} --project-directory ${f.work} -f ${f.work}${String(f.settings.container_compose_location ?? '/compose.yaml')} config`,
    );
    w.out(
      [
        'name: app',
        'services:',
        '  web:',
        '    environment:',
        '      DATABASE_HOST: db',
        `      DATABASE_URL: ${DB_URL}`,
        '    image: registry.example.com/acme/admin:1.8.2',
        '  db:',
        '    image: postgres:16.4',
      ].join('\n'),
      { hidden: true },
    );
    w.say('Pulling & building required images.');
    w.run(
      `docker compose --project-name ${f.appUuid} --project-directory ${f.work} -f ${f.work}/compose.yaml build --pull --progress plain`,
    );
    w.out(` db ${green('Pulled')}\n web Pulling`, { type: 'stderr', weight: 8 });
  } else {
    if (pack === 'nixpacks' || pack === 'static' || pack === 'railpack') {
      w.say(`Generating nixpacks configuration with: nixpacks plan -f toml --env SOURCE_COMMIT=${f.sha} ${f.work}`, { hidden: true });
      w.run(`nixpacks plan -f toml --env SOURCE_COMMIT=${f.sha} ${f.work}`);
      w.out(
        [
          'providers = []',
          'buildImage = "ghcr.io/railwayapp/nixpacks:ubuntu-1727136237"',
          '',
          '[variables]',
          'CI = "true"',
          'NIXPACKS_METADATA = "node"',
          'NODE_ENV = "production"',
          '',
          '[phases.build]',
          `cmds = ["${String(f.settings.build_command ?? 'npm run build')}"]`,
          '',
          '[phases.install]',
          `cmds = ["${String(f.settings.install_command ?? 'npm ci')}"]`,
          '',
          '[start]',
          `cmd = "${String(f.settings.start_command ?? 'npm run start')}"`,
        ].join('\n'),
        { hidden: true },
      );
    }
    w.say('Building docker image started.');
    w.say('To check the current progress, click on Show Debug Logs.');
    const target = f.settings.containerfile_target_build ? ` --target ${String(f.settings.containerfile_target_build)}` : '';
    w.run(
      `docker build --network host -f ${f.work}/${pack === 'containerfile' ? 'Containerfile' : '.nixpacks/Dockerfile'}${target} --build-arg SOURCE_COMMIT=${f.sha} --build-arg DMS_BRANCH=${f.branch} --build-arg DMS_RESOURCE_UUID=${f.appUuid} --build-arg NODE_ENV=production --build-arg CI=true --progress plain -t ${tag} ${f.work}`,
    );
    if (pack !== 'containerfile') {
      w.out(
        [
          '',
          sgr('1;35', '╔══════════════════════════════ Nixpacks v1.29.1 ══════════════════════════════╗'),
          `║ ${bold('setup')}      │ nodejs_20, npm-9_x                                               ║`,
          '║──────────────────────────────────────────────────────────────────────────────║',
          `║ ${bold('install')}    │ ${String(f.settings.install_command ?? 'npm ci').padEnd(64)} ║`,
          '║──────────────────────────────────────────────────────────────────────────────║',
          `║ ${bold('build')}      │ ${String(f.settings.build_command ?? 'npm run build').padEnd(64)} ║`,
          '║──────────────────────────────────────────────────────────────────────────────║',
          `║ ${bold('start')}      │ ${String(f.settings.start_command ?? 'npm run start')
            .slice(0, 64)
            .padEnd(64)} ║`,
          sgr('1;35', '╚══════════════════════════════════════════════════════════════════════════════╝'),
        ].join('\n'),
        { weight: 2 },
      );
    }
  }
  w.out('#0 building with "default" instance using docker driver', { type: 'stderr' });
  w.out(
    `#1 [internal] load build definition from ${pack === 'containerfile' ? 'Containerfile' : 'Dockerfile'}\n#1 transferring dockerfile: ${between(r, 400, 2400)}B done\n#1 DONE 0.0s`,
    { type: 'stderr' },
  );
  w.out(`#2 [internal] load metadata for docker.io/library/node:20-alpine\n#2 DONE ${(r() * 2).toFixed(1)}s`, {
    type: 'stderr',
    weight: 4,
  });
  clock.step = 3;
  bulk(w, r, clock, Math.max(20, lines), extras);
  w.out(
    `#${clock.step + 1} exporting to image\n#${clock.step + 1} exporting layers ${(r() * 9).toFixed(1)}s done\n#${clock.step + 1} writing image sha256:${hex(r, 64)} done\n#${clock.step + 1} naming to ${tag} done\n#${clock.step + 1} DONE ${(r() * 9).toFixed(1)}s`,
    { type: 'stderr', weight: 5 },
  );
  w.say('Building docker image completed.');
}

function rollout(w: Writer, f: Facts, r: Random, secret: boolean): void {
  w.phase = 'rollout';
  const pre = f.settings.pre_deployment_command;
  if (typeof pre === 'string' && pre !== '') {
    w.say('Executing pre-deployment command (see debug log for output).');
    w.run(`docker exec ${f.container} sh -c '${pre}'`);
    w.out(`${bold(`> ${pre}`)}\n${secret ? `Running migrations on ${DB_URL}\n` : ''}${green('✔')} ${between(r, 0, 4)} migrations applied`, {
      hidden: true,
      weight: 6,
    });
  }
  w.say('Rolling update started.');
  w.run(`docker compose --project-name ${f.appUuid} --project-directory ${f.work} -f ${f.work}/docker-compose.yaml up --build -d`);
  w.out(
    [
      ' Network dms  Found',
      ` Container ${f.container}  Creating`,
      ` Container ${f.container}  Created`,
      ` Container ${f.container}  Starting`,
      ` Container ${f.container}  Started`,
    ].join('\n'),
    { type: 'stderr', weight: 8 },
  );
}

export interface Body {
  readonly lines: readonly LogLine[];
  readonly facts: Facts;
}

/**
 * Everything a deployment writes before its outcome is known, about `size` entries. The same
 * for the same deployment and size, whatever its status: a running log is a prefix of it.
 */
export function logBody(app: DemoApp, d: DemoDeployment, size: number, r: Random): Body {
  const facts = factsOf(app, d, r);
  const w = createWriter();
  const extras = { hostile: r() < 0.3, secret: r() < 0.2 || facts.settings.build_pack === 'containercompose' };
  prepare(w, facts, d, r);
  clone(w, facts, d, r);
  const before = w.lines.length;
  build(w, facts, r, size - before - 40, extras);
  rollout(w, facts, r, extras.secret);
  return { lines: w.lines, facts };
}

function healthy(w: Writer, f: Facts, r: Random): void {
  const s = f.settings;
  w.say('Waiting for healthcheck to pass on the new container.', { weight: 4 });
  if (s.health_check_enabled === true) {
    const url = `${String(s.health_check_scheme ?? 'http')}://${String(s.health_check_host ?? 'localhost')}:${String(s.health_check_port ?? s.ports_exposes ?? '80')}${String(s.health_check_path ?? '/')}`;
    w.say(`Healthcheck URL (inside the container): ${String(s.health_check_method ?? 'GET')}: ${url}`);
    const retries = Number(s.health_check_retries ?? 10);
    const attempts = between(r, 1, Math.min(4, retries));
    for (let i = 1; i <= attempts; i++) {
      const status = i === attempts ? 'healthy' : 'starting';
      w.say(`Attempt ${i} of ${retries} | Healthcheck status: "${status}"`, { weight: Number(s.health_check_interval ?? 5) });
      w.say(
        `Healthcheck logs: ${i === attempts ? `${String(s.health_check_response_text ?? 'ok')} | Return code: 0` : 'connection refused | Return code: 7'}`,
        { hidden: true },
      );
    }
  } else {
    w.say('Healthcheck is not configured: checking that the container is running.');
    w.say(`Container ${f.container} is running.`, { weight: 5 });
  }
  w.say(green('New container is healthy.'));
  w.say('Removing old containers.');
  w.run(`docker stop --time=30 ${f.appUuid}-${between(r, 100000, 235959)}`);
  w.out(`${f.appUuid}-old`, { hidden: true, weight: 3 });
  const post = s.post_deployment_command;
  if (typeof post === 'string' && post !== '') {
    w.say('Executing post-deployment command (see debug log for output).');
    w.run(`docker exec ${f.container} sh -c '${post}'`);
    w.out(`${bold(`> ${post}`)}\n${dim(`warmed ${between(r, 20, 400)} pages`)}`, { hidden: true, weight: 5 });
  }
  w.say('Rolling update completed.');
  w.say('New container started.');
}

/**
 * How the log ends, after the first `kept` lines of the body: the rest of the body and the health
 * check for a finished deployment, the failure where it stopped, or the cancellation.
 */
export function logEnding(outcome: Outcome, body: Body, kept: number, r: Random, kind?: FailureKind): LogLine[] {
  const last = body.lines[Math.max(0, kept - 1)];
  if (outcome === 'finished') {
    const w = createWriter((body.lines.at(-1)?.batch ?? 0) + 1);
    w.phase = 'rollout';
    healthy(w, body.facts, r);
    return [...body.lines.slice(kept), ...w.lines];
  }
  const w = createWriter((last?.batch ?? 0) + 1);
  if (outcome === 'failed') {
    w.phase = kind !== undefined ? FAILURE_PHASE[kind] : (last?.phase ?? 'prepare');
    failure(w, body.facts, kind ?? failureAt(w.phase, r), r);
    return w.lines;
  }
  w.say(yellow('Deployment cancelled by user.'), { type: 'stderr', weight: 3 });
  return w.lines;
}

/**
 * A whole log in a handful of entries (~1 KB): what a CI deployment of a long history says when
 * its build output stays in the CI system. Ends by `outcome`; undefined: still running (the lines
 * before the ending).
 */
export function shortLog(app: DemoApp, d: DemoDeployment, outcome: Outcome | undefined, r: Random): LogLine[] {
  const f = factsOf(app, d, r);
  const w = createWriter();
  w.say(`Starting deployment of ${f.repo}:${f.branch} (${f.short}) to ${f.server}.`, { weight: 0 });
  if (d.rollback) w.say(`Rolling back to commit ${f.short}.`);
  w.phase = 'build';
  w.say('Building docker image started.', { weight: 3 });
  w.out(`#${between(r, 9, 14)} [build 6/9] RUN pnpm turbo run build ${dim(`${between(r, 3, 41)} packages, ${between(r, 0, 41)} cached`)}`, {
    type: 'stderr',
    weight: 20,
  });
  if (outcome === undefined) return w.lines;
  if (outcome === 'cancelled-by-user') {
    w.say(yellow('Deployment cancelled by user.'), { type: 'stderr', weight: 3 });
    return w.lines;
  }
  if (outcome === 'failed') {
    // The epilogue, short: the CI system keeps the rest (one debug entry, no stack trace).
    const err = { type: 'stderr' as const };
    const why = pick(r, [
      `@acme/web#build: command (/repo/apps/web) /usr/local/bin/pnpm run build exited (1)`,
      `@acme/api#test: command (/repo/apps/api) /usr/local/bin/pnpm run test exited (1)`,
      'Missing required environment variable TURBO_TEAM',
    ]);
    w.say(SEPARATOR, { ...err, weight: 4 });
    w.say(`Deployment failed: ${commandFailed(1, 'pnpm turbo run build', why)}`, err);
    w.say('Error type: RuntimeException', { ...err, hidden: true, weight: 0.2 });
    w.say(SEPARATOR, err);
    w.say('Deployment failed. Removing the new version of your application.', err);
    return w.lines;
  }
  w.phase = 'rollout';
  w.say('Building docker image completed. Rolling update started.', { weight: 4 });
  w.say(green('New container started.'), { weight: 6 });
  return w.lines;
}
