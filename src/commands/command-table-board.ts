// The command table's entry of `dms board` (command-table.ts lists it in order; kept here for
// the table's size).
import type { CommandDoc } from './command-doc.js';

export const BOARD_DOC: CommandDoc = {
  name: 'board',
  summary: 'every recent application at a glance',
  overview: [
    ['dms board [--all-contexts] [-o table|json|ndjson|csv]', 'every recent application: its history, last deployment and why it ended'],
  ],
  synopsis: ['dms board [--all-contexts] [--no-notify] [-o table|json|ndjson|csv]'],
  body: [
    {
      text: `Every recent application of the connection (those dms opened; in demo mode the sample ones
too): its last ten deployments as marks (oldest left: ✓ finished, ✗ failed, ● running,
○ queued, ⊘ cancelled), its last deployment's status and age, and why it failed or was
cancelled when its log says. One request per application, at most four at a time.
On a terminal without -o it opens the board screen, which reads again while any deployment
runs (every 3 s; every 30 s when none does), tells you when one that was running ends (a
desktop notification where the terminal shows them, else the bell), and opens an
application on Enter. With -o, or when stdout is not a terminal, it prints the board once.`,
    },
    {
      column: 19,
      options: [
        {
          flag: '--all-contexts',
          help: `the recent applications of every saved context too, each with its own
token (one on a server already listed adds nothing: recents are per server)`,
        },
        { flag: '--no-notify', help: 'no notification or bell when a deployment ends (or DMS_NO_NOTIFY=1)' },
        {
          flag: '-o, --output F',
          help: `table (default), json (one array), ndjson (one application per line),
csv (context, uuid, name, status, started, finished, history, why, problem)`,
        },
        { flag: '--json', help: 'the same as -o json' },
      ],
    },
    {
      text: `An application whose page cannot be read is a row saying why in a word (not found, no
access, unreachable) and a line on stderr; exit 1 when none could be read.`,
    },
  ],
  global: true,
};
