// The key table's first commands: Ctrl+C anywhere, and the keys of every screen that is not typing
// into a field (help, quit, the create screens).
// One part of COMMANDS (keys.ts joins the parts in table order: help, footers and docs follow it).
import { ch, ctrl, type CommandEntry } from './command.js';

export const APP_COMMANDS = [
  // Anywhere, text fields included
  {
    id: 'interrupt',
    hint: 'quit',
    keys: [ctrl('c')],
    label: 'Ctrl+C',
    description: 'quit',
    screens: ['app'],
    footer: ['picker'],
    footerRank: 6,
  },
  // The screens that are not typing into a field
  {
    id: 'help',
    hint: 'help',
    keys: [ch('?')],
    label: '?',
    description: 'help (Esc closes)',
    screens: ['global'],
    footer: ['picker', 'deployments', 'detail', 'log', 'stats', 'clusters', 'compare', 'logDiff', 'board'],
    footerRank: 0,
  },
  {
    id: 'quit',
    hint: 'quit',
    keys: [ch('q')],
    label: 'q',
    description: 'quit',
    screens: ['global'],
    footer: ['deployments', 'detail', 'log', 'stats', 'clusters', 'compare', 'logDiff', 'board'],
    footerRank: 2,
  },
  {
    id: 'createApp',
    hint: 'new app',
    keys: [ch('c')],
    label: 'c',
    description: 'create a public application',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 7,
  },
  {
    id: 'createDocstore',
    hint: 'new docstore',
    keys: [ch('d')],
    label: 'd',
    description: 'create a docstore database',
    screens: ['deployments'],
    footer: ['deployments'],
    footerRank: 7,
  },
] as const satisfies readonly CommandEntry[];
