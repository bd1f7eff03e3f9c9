// The key table's commands of the application picker and of the context list it opens.
// One part of COMMANDS (keys.ts joins the parts in table order: help, footers and docs follow it).
import { ch, named, ctrl, type CommandEntry } from './command.js';

export const PICKER_COMMANDS = [
  // Picker
  {
    id: 'pickerOpen',
    hint: 'open',
    keys: [named('return')],
    label: 'Enter',
    description:
      'open the selected application; on the typed line: the first one the text matches, else the uuid typed (on an empty line: the first listed)',
    screens: ['picker'],
    footer: ['picker'],
  },
  {
    id: 'pickerUp',
    keys: [named('upArrow')],
    label: '↑',
    description: 'previous entry (back to the typed line at the top)',
    screens: ['picker'],
  },
  {
    id: 'pickerDown',
    hint: 'recent',
    keys: [named('downArrow')],
    label: '↓',
    description: 'next entry (the list shows the applications whose name or uuid holds what is typed)',
    screens: ['picker'],
    footer: ['picker'],
  },
  {
    id: 'pickerContexts',
    hint: 'contexts',
    keys: [ctrl('x')],
    label: 'Ctrl+X',
    description: 'switch to another saved context (lists them)',
    screens: ['picker'],
    footer: ['picker'],
  },
  {
    id: 'pickerBoard',
    hint: 'board',
    keys: [ctrl('t')],
    label: 'Ctrl+T',
    description: 'the board: every recent application, its last deployments and why the last one failed, kept up to date',
    screens: ['picker'],
    footer: ['picker'],
  },
  {
    id: 'pickerClear',
    keys: [named('escape')],
    label: 'Esc',
    description: 'clear the typed line, or go back to it from the list; never quits',
    screens: ['picker'],
  },

  // The context list (Ctrl+X in the picker, :ctx on the deployments screen)
  { id: 'contextUp', keys: [named('upArrow'), ch('k')], label: '↑/k', description: 'previous context', screens: ['contexts'] },
  { id: 'contextDown', keys: [named('downArrow'), ch('j')], label: '↓/j', description: 'next context', screens: ['contexts'] },
  {
    id: 'contextPick',
    hint: 'switch',
    keys: [named('return')],
    label: 'Enter',
    description: 'switch to it: a new connection, then its recent applications',
    screens: ['contexts'],
    footer: ['contexts'],
  },
  {
    id: 'contextCancel',
    hint: 'back',
    keys: [named('escape')],
    label: 'Esc',
    description: 'back to the application picker, same context',
    screens: ['contexts'],
    footer: ['contexts'],
  },
] as const satisfies readonly CommandEntry[];
