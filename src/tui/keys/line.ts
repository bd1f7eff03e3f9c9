// The key table's line-editing commands: every text line (the searches, the go-to line, form fields).
// One part of COMMANDS (keys.ts joins the parts in table order: help, footers and docs follow it).
import { named, ctrl, type CommandEntry } from './command.js';

export const LINE_COMMANDS = [
  // Line editing: the filter line and the forms' text fields
  { id: 'lineLeft', keys: [named('leftArrow')], label: '←', description: 'cursor left', screens: ['line'] },
  { id: 'lineRight', keys: [named('rightArrow')], label: '→', description: 'cursor right', screens: ['line'] },
  { id: 'lineStart', keys: [named('home'), ctrl('a')], label: 'Home/Ctrl+A', description: 'start of the line', screens: ['line'] },
  { id: 'lineEnd', keys: [named('end'), ctrl('e')], label: 'End/Ctrl+E', description: 'end of the line', screens: ['line'] },
  // Terminals send DEL (0x7f) for Backspace; Ink reports it as `delete`. Both erase backwards.
  {
    id: 'lineBackspace',
    keys: [named('backspace'), named('delete')],
    label: 'Backspace',
    description: 'erase the character before the cursor',
    screens: ['line'],
  },
  { id: 'lineKillBefore', keys: [ctrl('u')], label: 'Ctrl+U', description: 'erase to the start of the line', screens: ['line'] },
  { id: 'lineKillAfter', keys: [ctrl('k')], label: 'Ctrl+K', description: 'erase to the end of the line', screens: ['line'] },
] as const satisfies readonly CommandEntry[];
