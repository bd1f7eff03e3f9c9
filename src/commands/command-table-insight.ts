// `dms stats` and `dms reasons`, as data: entries of command-table.ts's COMMAND_TABLE (kept apart
// for its length), and the time forms every --since and --until takes.
import type { CommandDoc } from './command-doc.js';

export const TIME_FORMS = `7d, 36h, 90m (ago), 2026-11-01 (midnight UTC),
2026-11-01T10:00:00Z (UTC unless it has an offset)`;

export const STATS_COMMAND: CommandDoc = {
  name: 'stats',
  summary: "an application's history in numbers and pictures",
  overview: [['dms stats APP_UUID [--since T] [--until T] [-o table|json]', 'the history in numbers and pictures']],
  synopsis: ['dms stats APP_UUID [--since TIME] [--until TIME] [-o table|json]'],
  body: [
    {
      text: `Reads the whole history (as dms deployments --all reads it: a few MB per request, within the
server's rate limit; on a terminal, stderr shows how far it got) and prints, for the deployments
created in the window: how often the application deploys, its change failure rate, the median
and p90 duration of the finished ones and the time to restore after a failure, each with its
trend (first half of the window against the second); deployments per day as a calendar, the
duration over time with its p90, the failure rate by week; and the same figures by source
(manual, webhook, API, rollback, PR) and by branch where the rows say it.`,
    },
    {
      column: 19,
      options: [
        {
          flag: '--since TIME',
          help: `the window starts at TIME: ${TIME_FORMS}; reading stops at the
first older deployment. Default: the oldest deployment's day`,
        },
        { flag: '--until TIME', help: 'the window ends before TIME (same forms). Default: now' },
        { flag: '-o, --output F', help: 'table (default; as wide as the terminal, 80 columns when piped) or json' },
        { flag: '--json', help: 'the same as -o json' },
      ],
    },
    {
      text: `Ctrl+C, or a failure that retries do not get past, prints the stats of what was read, says
"stopped after N of M deployments" and exits by its cause (130 for Ctrl+C).`,
    },
  ],
  global: true,
};

export const REASONS_COMMAND: CommandDoc = {
  name: 'reasons',
  summary: 'why deployments failed: the reasons grouped and counted',
  overview: [['dms reasons APP_UUID [--since T] [-o table|json|ndjson|csv]', 'failed deployments grouped by why they failed']],
  synopsis: ['dms reasons APP_UUID [--since TIME] [-o table|json|ndjson|csv]'],
  body: [
    {
      text: `Reads the history newest first (as dms deployments --all reads it; on a terminal, stderr shows
how far it got) back to --since, and groups the failed deployments by the reason their log gives
(the line the list shows as "why"), folded so that one cause reads the same every time: numbers,
hashes, uuids, times and paths that are not quoted become <n>, <hash>, <uuid>, <time>, <path>;
exit codes, HTTP statuses and quoted names (a missing module, a variable) are kept. Each cluster:
Module not found: Can't resolve '@/lib/analytics' ×7 (last 1d, first 12d), the one seen last
first. Rows without logs (a token that may not read sensitive data) are counted as "no log".`,
    },
    {
      column: 19,
      options: [
        { flag: '--since TIME', help: `the window starts at TIME: ${TIME_FORMS}. Default: 30d` },
        {
          flag: '-o, --output F',
          help: `table (default), json (a list of {reason, count, first, last, deployments,
kind, example}), ndjson (one cluster a line) or csv`,
        },
        { flag: '--json', help: 'the same as -o json' },
      ],
    },
    {
      text: `Ctrl+C, or a failure that retries do not get past, prints the clusters of what was read, says
"stopped after N of M deployments" and exits by its cause (130 for Ctrl+C).`,
    },
  ],
  global: true,
};
