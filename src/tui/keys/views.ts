// The key table's commands of the other scrolled views: stats, a comparison, help.
// One part of COMMANDS (keys.ts joins the parts in table order: help, footers and docs follow it).
import { ch, named, type CommandEntry } from './command.js';

export const VIEW_COMMANDS = [
  // Stats (S on the deployments list; and the scroll keys above)
  {
    id: 'statsBack',
    hint: 'back',
    keys: [named('escape')],
    label: 'Esc',
    description: 'stop reading the history (what was read stays); then back to the list',
    screens: ['stats'],
    footer: ['stats'],
    footerRank: 1,
  },
  // Failure clusters (F on the deployments list)
  { id: 'clusterUp', keys: [named('upArrow'), ch('k')], label: '↑/k', description: 'previous cluster', screens: ['clusters'] },
  {
    id: 'clusterDown',
    hint: 'move',
    keys: [named('downArrow'), ch('j')],
    label: '↓/j',
    description: 'next cluster',
    screens: ['clusters'],
    footer: ['clusters'],
    footerRank: 3,
  },
  {
    id: 'clusterShow',
    hint: 'its deployments',
    keys: [named('return')],
    label: 'Enter',
    description: "back to the list, showing only this cluster's deployments (Esc there shows the page again)",
    screens: ['clusters'],
    footer: ['clusters'],
    footerRank: 1,
  },
  {
    id: 'clustersBack',
    hint: 'back',
    keys: [named('escape')],
    label: 'Esc',
    description: 'stop reading the history (what was read stays); then back to the list',
    screens: ['clusters'],
    footer: ['clusters'],
    footerRank: 1,
  },
  // Comparing two deployments (and the scroll keys above)
  {
    id: 'compareBack',
    hint: 'back',
    keys: [named('escape')],
    label: 'Esc',
    description: 'back to the list (the mark stays)',
    screens: ['compare'],
    footer: ['compare'],
  },

  // The board (Ctrl+T in the picker, dms board)
  { id: 'boardUp', keys: [named('upArrow'), ch('k')], label: '↑/k', description: 'previous application', screens: ['board'] },
  { id: 'boardDown', keys: [named('downArrow'), ch('j')], label: '↓/j', description: 'next application', screens: ['board'] },
  {
    id: 'boardOpen',
    hint: 'open',
    keys: [named('return')],
    label: 'Enter',
    description: "open the application's deployments, where its list was left (another context's: switches to it)",
    screens: ['board'],
    footer: ['board'],
    footerRank: 1,
  },
  {
    id: 'boardBack',
    hint: 'picker',
    keys: [named('escape')],
    label: 'Esc',
    description: 'back to the application picker',
    screens: ['board'],
    footer: ['board'],
    footerRank: 1,
  },

  // Help
  { id: 'helpClose', keys: [named('escape'), ch('?')], label: 'Esc/?', description: 'close help', screens: ['help'] },
] as const satisfies readonly CommandEntry[];
