// Where dms keeps its files.
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/** $DMS_CONFIG_DIR, else $XDG_CONFIG_HOME/dms, else ~/.config/dms */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DMS_CONFIG_DIR) return env.DMS_CONFIG_DIR;
  // The XDG spec says a relative XDG_CONFIG_HOME is invalid and must be ignored.
  if (env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME)) return join(env.XDG_CONFIG_HOME, 'dms');
  return join(env.HOME || homedir(), '.config', 'dms');
}
