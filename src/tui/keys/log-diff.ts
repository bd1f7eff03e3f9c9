// The key table's commands of a failed deployment's log against its last green build: the key
// that opens it from the detail, and its own (the scroll keys are the detail's, keys/detail.ts).
// One part of COMMANDS (keys.ts joins the parts in table order: help, footers and docs follow it).
import { ch, named, type CommandEntry } from './command.js';

export const LOG_DIFF_COMMANDS = [
  {
    id: 'logDiff',
    hint: 'vs last green',
    keys: [ch('D')],
    label: 'D',
    description:
      "a failed or cancelled deployment's log against its last green build (the newest finished one before it of its branch, not a preview), step by step",
    screens: ['detail'],
    footer: ['detail'],
    footerRank: 3,
  },
  // The log against the last green build (and the scroll keys above)
  {
    id: 'logDiffBack',
    hint: 'back',
    keys: [named('escape')],
    label: 'Esc',
    description: 'stop reading the history; back to the detail',
    screens: ['logDiff'],
    footer: ['logDiff'],
    footerRank: 1,
  },
  {
    id: 'logDiffNext',
    hint: 'next/prev step',
    keys: [ch('n'), named('rightArrow')],
    label: 'n/→',
    footerWith: 'logDiffPrev',
    description: 'next step',
    screens: ['logDiff'],
    footer: ['logDiff'],
    footerRank: 2,
  },
  { id: 'logDiffPrev', keys: [ch('p'), named('leftArrow')], label: 'p/←', description: 'previous step', screens: ['logDiff'] },
  {
    id: 'logDiffChange',
    hint: 'next/prev change',
    keys: [ch('c')],
    label: 'c',
    footerWith: 'logDiffChangeBack',
    description: 'next line that differs (in the next step that differs past the last)',
    screens: ['logDiff'],
    footer: ['logDiff'],
    footerRank: 3,
  },
  { id: 'logDiffChangeBack', keys: [ch('C')], label: 'C', description: 'previous line that differs', screens: ['logDiff'] },
] as const satisfies readonly CommandEntry[];
