// The key table's commands of the deployment detail: its scroll keys (which the log, stats, help
// and a comparison share), its search, copying and opening the deployment, and the time mode.
// One part of COMMANDS (keys.ts joins the parts in table order: help, footers and docs follow it).
import { ch, named, type CommandEntry } from './command.js';

export const DETAIL_COMMANDS = [
  // Detail
  {
    id: 'detailBack',
    hint: 'back',
    keys: [named('escape')],
    label: 'Esc',
    description: 'back to the list, same page and row',
    screens: ['detail'],
    footer: ['detail'],
  },
  {
    id: 'scrollUp',
    keys: [named('upArrow'), ch('k')],
    label: '↑/k',
    description: 'scroll up',
    screens: ['detail', 'log', 'stats', 'help', 'compare', 'logDiff'],
  },
  {
    id: 'scrollDown',
    hint: 'scroll',
    keys: [named('downArrow'), ch('j')],
    label: '↓/j',
    description: 'scroll down',
    screens: ['detail', 'log', 'stats', 'help', 'compare', 'logDiff'],
    footer: ['detail', 'stats', 'compare', 'logDiff'],
  },
  {
    id: 'pageUp',
    keys: [named('pageUp')],
    label: 'PgUp',
    description: 'scroll a page up',
    screens: ['detail', 'log', 'stats', 'help', 'compare', 'logDiff'],
  },
  {
    id: 'pageDown',
    keys: [named('pageDown'), ch(' ')],
    label: 'PgDn',
    description: 'scroll a page down',
    screens: ['detail', 'log', 'stats', 'help', 'compare', 'logDiff'],
  },
  {
    id: 'top',
    keys: [ch('g'), named('home')],
    label: 'g',
    description: 'top',
    screens: ['detail', 'log', 'stats', 'help', 'compare', 'logDiff'],
  },
  {
    id: 'bottom',
    keys: [ch('G'), named('end')],
    label: 'G',
    description: 'bottom',
    screens: ['detail', 'log', 'stats', 'help', 'compare', 'logDiff'],
  },
  {
    id: 'rawJson',
    hint: 'raw JSON',
    keys: [ch('y')],
    label: 'y',
    description: 'raw JSON on/off (secrets still masked)',
    screens: ['detail'],
    footer: ['detail'],
  },
  {
    id: 'absentFields',
    keys: [ch('f')],
    label: 'f',
    description: 'list / fold the interface fields the record does not carry',
    screens: ['detail'],
  },
  {
    id: 'reveal',
    hint: 'secrets',
    keys: [ch('s')],
    label: 's',
    description: 'show/hide secrets (needs --show-secrets)',
    screens: ['detail'],
    footer: ['detail'],
  },
  {
    id: 'detailSearch',
    hint: 'search',
    keys: [ch('/')],
    label: '/',
    description: "search the detail's lines, labels and values (smart case: a capital letter makes it exact); Esc clears it",
    screens: ['detail'],
    footer: ['detail'],
  },
  {
    id: 'detailNext',
    hint: 'next/prev match',
    keys: [ch('n')],
    label: 'n',
    footerWith: 'detailPrev',
    description: 'next matching line',
    screens: ['detail'],
  },
  { id: 'detailPrev', keys: [ch('N')], label: 'N', description: 'previous matching line', screens: ['detail'] },

  // The deployment under the cursor (list) or open (detail): copy and open
  {
    id: 'copyUuid',
    keys: [ch('Y')],
    label: 'Y',
    description: "copy the deployment's uuid to the clipboard (a clipboard program, else OSC 52)",
    screens: ['deployments', 'detail'],
  },
  {
    id: 'copyCommit',
    keys: [ch('C')],
    label: 'C',
    description: "copy the deployment's commit sha to the clipboard (a clipboard program, else OSC 52)",
    screens: ['deployments', 'detail'],
  },
  {
    id: 'openLink',
    hint: 'browser',
    keys: [ch('o')],
    label: 'o',
    description: "open the deployment's web page in the browser (only a link on the service's own host)",
    screens: ['deployments', 'detail'],
    footer: ['detail'],
    footerRank: 6,
  },

  // Times in the list, the detail and the log: relative or the local date and time (remembered for the user)
  {
    id: 'timeMode',
    hint: 'ago/date',
    keys: [ch('T')],
    label: 'T',
    description: 'times as "3d 4h ago" or as the local date and time with the zone (remembered)',
    screens: ['deployments', 'detail', 'log'],
    footer: ['deployments', 'detail', 'log'],
    footerRank: 4,
  },
] as const satisfies readonly CommandEntry[];
