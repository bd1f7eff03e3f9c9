// `dms context list [--json]`: the saved contexts, their URLs (passwords masked) and where each
// token comes from; never a token, nor a token command's arguments.
import { hasContext, tokenSourceOf, type ConfigFile } from '../config/contexts.js';
import { clean } from '../text/sanitize.js';
import { maskUrlPasswords } from '../text/secrets.js';

/** How a context gets its token, as lists show it: never the token, of a command only the program. */
function tokenText(source: ReturnType<typeof tokenSourceOf>): string {
  switch (source.kind) {
    case 'token':
      return 'token: set';
    case 'command':
      return `token: from ${source.program}`;
    case 'missing':
      return 'token: missing';
  }
}

export function list(config: ConfigFile, say: (line: string) => void, warn: (line: string) => void): void {
  const rows = Object.entries(config.contexts).map(([name, c]) => ({
    mark: name === config.current ? '*' : ' ',
    name,
    url: shownUrl(c.url),
    token: tokenText(tokenSourceOf(c)),
  }));
  if (rows.length === 0) {
    warn('no contexts yet; add one with: dms context add NAME --url URL');
    return;
  }
  // Loops, not Math.max(...rows): a hand-edited file may hold more contexts than a call takes arguments.
  let nameWidth = 0;
  let urlWidth = 0;
  for (const r of rows) {
    nameWidth = Math.max(nameWidth, r.name.length);
    urlWidth = Math.max(urlWidth, r.url.length);
  }
  for (const r of rows) say(`${r.mark} ${r.name.padEnd(nameWidth)}  ${r.url.padEnd(urlWidth)}  ${r.token}`);
  currentMissing(config, warn);
}

/**
 * `[{"name", "url", "current", "token": "set"|"command"|"missing", "token_program"?}]`: an array
 * (empty when there are none), never a token, nor a token command's arguments.
 */
export function listJson(config: ConfigFile, say: (line: string) => void, warn: (line: string) => void): void {
  const rows = Object.entries(config.contexts).map(([name, c]) => {
    const source = tokenSourceOf(c);
    return {
      name,
      url: shownUrl(c.url),
      current: name === config.current,
      token: source.kind === 'token' ? 'set' : source.kind,
      ...(source.kind === 'command' ? { token_program: source.program } : {}),
    };
  });
  say(JSON.stringify(rows, null, 2));
  currentMissing(config, warn);
}

function currentMissing(config: ConfigFile, warn: (line: string) => void): void {
  if (config.current !== undefined && !hasContext(config, config.current)) {
    warn(`the current context "${clean(config.current)}" does not exist; choose one with: dms context use NAME`);
  }
}

/** A context's URL as dms shows it: cleaned, passwords masked. */
export function shownUrl(url: string): string {
  return clean(maskUrlPasswords(url));
}
