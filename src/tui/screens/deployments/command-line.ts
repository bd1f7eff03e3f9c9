// What the `:` line asks for: a deployment to go to (an id, uuid or commit prefix), or one of the
// few commands people type there out of habit from vim and k9s. Pure: the keys (keys.ts) act on it.

export type LineAsk =
  /** `:q`, `:q!`, `:quit`, `:qa`, `:wq`, `:x`, `:exit` (vim, k9s). */
  | { readonly kind: 'quit' }
  /** `:h`, `:help` (vim). */
  | { readonly kind: 'help' }
  /** `:noh`, `:nohlsearch` (vim): the search and the filter cleared, the page back. */
  | { readonly kind: 'clear' }
  /** `:ctx`, `:context` (k9s), with a name or without (the list). */
  | { readonly kind: 'contexts'; readonly name?: string }
  /** `:view` (the saved views), `:view NAME` (show one), `:view save NAME` (save the filter and sort as one). */
  | { readonly kind: 'view'; readonly name?: string; readonly save: boolean }
  /** Anything else: a deployment's id, uuid or commit prefix. */
  | { readonly kind: 'go' };

const QUIT = /^(?:q|quit|qa|qall|quita|quitall|wq|wqa|x|xa|exit)!?$/;
const HELP = /^(?:h|help)$/;
const CLEAR = /^noh(?:l(?:s(?:e(?:a(?:r(?:c(?:h)?)?)?)?)?)?)?$/;
const CONTEXTS = /^(?:ctx|contexts?)(?:\s+(\S+))?$/i;
const VIEW = /^view(?:\s+(save)(?:\s+(\S+))?|\s+(\S+))?$/i;

/** The line as typed; a command may follow a second `:` typed out of habit (`::q`). */
export function lineAsk(typed: string): LineAsk {
  const command = typed.trim().replace(/^:+\s*/, '');
  const word = command.toLowerCase();
  if (QUIT.test(word)) return { kind: 'quit' };
  if (HELP.test(word)) return { kind: 'help' };
  if (CLEAR.test(word)) return { kind: 'clear' };
  const ctx = CONTEXTS.exec(command);
  if (ctx) return ctx[1] === undefined ? { kind: 'contexts' } : { kind: 'contexts', name: ctx[1] };
  const view = VIEW.exec(command);
  if (view) {
    const name = view[2] ?? view[3];
    return { kind: 'view', save: view[1] !== undefined, ...(name !== undefined ? { name } : {}) };
  }
  return { kind: 'go' };
}
