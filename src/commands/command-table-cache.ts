// `dms cache`, as data: one entry of command-table.ts's COMMAND_TABLE (kept apart for its length).
import type { CommandDoc } from './command-doc.js';

export const CACHE_COMMAND: CommandDoc = {
  name: 'cache',
  summary: 'the page cache: what it keeps, and emptying it',
  overview: [['dms cache [info] | clear [APP_UUID|NAME]', "what the page cache keeps; clear empties it (or an application's part)"]],
  synopsis: ['dms cache [info] [--json]', 'dms cache clear [APP_UUID|NAME]'],
  body: [
    {
      text: `dms keeps what it has shown of each application: the rows of each page (without their logs;
secrets masked), the lines that say why a deployment failed, the total and when the page was
read, and the logs you opened (their last 8 MB). The next dms browse APP draws the last-seen page
at once, and dms deployments APP --cached reads it when the server is down. It is kept per
server (its URL without the token) in $XDG_CACHE_HOME/dms, else ~/.cache/dms: files of mode
0600 in folders of mode 0700, at most DMS_CACHE_MB MB together (default 100; the oldest files
go first). DMS_NO_CACHE=1 turns it off: nothing is read or written.`,
    },
    {
      column: 24,
      options: [
        {
          flag: 'info',
          help: `(the default) the folder, its size, and each application kept: name,
uuid, server, pages, logs, when it was read. --json: {"dir", "bytes",
"limit", "apps": [{"server", "uuid", "name", "pages", "logs", "bytes",
"read_at"}]}`,
        },
        {
          flag: 'clear [APP]',
          help: `removes all it keeps; with APP (a uuid, or the name the cache knows it
by), only that application's pages and logs on the connection's server
(--url, --context, DMS_URL or the current context; no token needed).
Says what it removed; exit 0, also when there was nothing to remove`,
        },
      ],
    },
  ],
  global: true,
};
