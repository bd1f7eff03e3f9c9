// Opening a deployment's web page in the browser: only a link on the service's own host (a
// server could put any URL in `deployment_url`), with `xdg-open` (Linux) or `open` (macOS) —
// or the program in $DMS_BROWSER — started without a shell, detached (it may outlive dms), with
// no stdio of dms's and an environment without dms's own variables (no DMS_TOKEN).
import { spawn } from 'node:child_process';
import { withoutDmsVariables } from './child-env.js';

export type LinkCheck = { readonly url: string } | { readonly refused: string };

/** The link as the browser gets it, or why it is not opened. */
export function checkLink(link: string, origin: string | undefined): LinkCheck {
  if (link === '') return { refused: 'This deployment has no web link (deployment_url).' };
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { refused: "The deployment's web link is not a URL: not opened." };
  }
  let home: URL | undefined;
  try {
    home = origin ? new URL(origin) : undefined;
  } catch {
    /* below */
  }
  if (!home) return { refused: "The service's own host is not known here: the link is not opened." };
  if (!/^https?:$/.test(url.protocol)) return { refused: `Not opened: ${url.protocol} links are not web pages.` };
  if (url.host !== home.host) {
    return { refused: `Not opened: the link is on ${url.host}, not on the service's host ${home.host}.` };
  }
  return { url: url.href };
}

export type OpenResult = { readonly ok: true; readonly program: string } | { readonly ok: false; readonly reason: string };

export interface OpenOptions {
  /** The environment the UI reads (settings.ts): DMS_BROWSER, DISPLAY. */
  readonly env: NodeJS.ProcessEnv;
  readonly platform?: NodeJS.Platform;
  /** Called when the program started but reported failure (exit code other than 0), with why. */
  readonly onFail?: (reason: string) => void;
}

/** Starts the browser on `url` (checked by checkLink); resolves once the program started, or why it did not (without the link: the caller shows it). */
export function openLink(url: string, { env, platform = process.platform, onFail }: OpenOptions): Promise<OpenResult> {
  const program = env.DMS_BROWSER || (platform === 'darwin' ? 'open' : platform === 'win32' ? '' : 'xdg-open');
  if (program === '') return Promise.resolve({ ok: false, reason: `No browser opener on ${platform}` });
  if (!env.DMS_BROWSER && platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return Promise.resolve({ ok: false, reason: 'No browser can start here (no DISPLAY)' });
  }
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(program, [url], { detached: true, stdio: 'ignore', shell: false, env: withoutDmsVariables(env) });
    } catch (error) {
      resolve({
        ok: false,
        reason: `No browser could start: ${program} could not start (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      });
      return;
    }
    child.once('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'ENOENT' ? `${program} is not installed` : `${program} could not start (${error.code ?? error.message})`;
      resolve({ ok: false, reason: `No browser could start: ${why}` });
    });
    child.once('spawn', () => {
      child.unref();
      resolve({ ok: true, program });
    });
    child.once('exit', (code) => {
      if (code !== 0 && code !== null) onFail?.(`${program} could not open it (exit ${code})`);
    });
  });
}
