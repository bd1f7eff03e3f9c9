// What an edit does to the focused field, by kind: a pure function from an edit to a reducer
// action. Edits are already commands (keys.ts maps keys to them through the key table).
import { REDIRECTS } from '../../../api/schemas/constants.js';
import { applyLine, insertLine, lineAt, type LineCommand } from '../../input/line-edit.js';
import { CELLS, type FormAction, type FormState } from './state-fields.js';
import type { ComposeRow, FormDef } from '../../../forms/types.js';
import { emptyRow } from '../../../forms/values.js';

/** One edit of the focused field. */
export type FieldEdit =
  /** A line-editing command (text fields). */
  | { readonly type: 'line'; readonly command: LineCommand }
  /** Text typed or pasted. */
  | { readonly type: 'text'; readonly text: string }
  /** Choice and on/off fields: next, previous, back to the server default. */
  | { readonly type: 'choice'; readonly command: 'next' | 'prev' | 'clear' };

/** Whether the field takes line edits (its ←/→ move a cursor) rather than choice edits. */
export function isTextField(def: FormDef, state: FormState): boolean {
  const meta = state.focus ? def.fields[state.focus] : undefined;
  if (!meta) return false;
  if (meta.kind === 'boolean' || meta.kind === 'choice') return false;
  if (meta.kind === 'domains') return state.cell % CELLS !== 2;
  return true;
}

function cycle(options: readonly string[], current: string | undefined, delta: number): string | undefined {
  // Positions: unset, then each option.
  const all = [undefined, ...options];
  const i = Math.max(0, all.indexOf(current));
  return all[(i + delta + all.length) % all.length];
}

/** The new choice for an edit; null when the edit does nothing. */
function choiceEdit(options: readonly string[], current: string | undefined, edit: FieldEdit): string | undefined | null {
  if (edit.type === 'choice') {
    if (edit.command === 'clear') return undefined;
    return cycle(options, current, edit.command === 'next' ? 1 : -1);
  }
  if (edit.type === 'text') {
    // A letter picks the next choice that starts with it.
    const c = [...edit.text][0]?.toLowerCase() ?? '';
    const matching = options.filter((o) => o.toLowerCase().startsWith(c));
    if (c === '' || matching.length === 0) return null;
    const i = current ? matching.indexOf(current) : -1;
    return matching[(i + 1) % matching.length];
  }
  return null;
}

/** The action for an edit of the focused field; undefined when it does nothing there. */
export function editAction(def: FormDef, state: FormState, edit: FieldEdit): FormAction | undefined {
  const name = state.focus;
  const meta = name ? def.fields[name] : undefined;
  if (!name || !meta) return undefined;
  const value = state.values[name];
  switch (meta.kind) {
    case 'boolean': {
      if (edit.type === 'choice') {
        if (edit.command === 'clear') return value === undefined ? undefined : { type: 'set', name, value: undefined };
        return { type: 'set', name, value: value !== true };
      }
      if (edit.type === 'text' && /^[yt1]/i.test(edit.text)) return { type: 'set', name, value: true };
      if (edit.type === 'text' && /^[nf0]/i.test(edit.text)) return { type: 'set', name, value: false };
      return undefined;
    }
    case 'choice': {
      const next = choiceEdit(meta.choices ?? [], typeof value === 'string' && value !== '' ? value : undefined, edit);
      if (next === null) return undefined;
      return { type: 'set', name, value: next };
    }
    case 'domains': {
      const rows: ComposeRow[] = Array.isArray(value) ? [...(value as ComposeRow[])] : [];
      if (rows.length === 0) {
        // Typing into an empty list starts its first row.
        if (edit.type !== 'text') return undefined;
        const started = insertLine(lineAt(''), edit.text);
        if (started.value === '') return undefined;
        return { type: 'set', name, value: [{ ...emptyRow(), name: started.value }] };
      }
      const row = Math.floor(state.cell / CELLS);
      const col = state.cell % CELLS;
      const r = rows[row];
      if (!r) return undefined;
      if (col === 2) {
        const next = choiceEdit(REDIRECTS, r.redirect || undefined, edit);
        if (next === null) return undefined;
        rows[row] = { ...r, redirect: next ?? '' };
        return { type: 'set', name, value: rows };
      }
      const prop = col === 0 ? 'name' : 'domain';
      const at = lineAt(r[prop]);
      const edited = edit.type === 'line' ? applyLine(at, edit.command) : edit.type === 'text' ? insertLine(at, edit.text) : at;
      if (edited.value === r[prop]) return undefined;
      rows[row] = { ...r, [prop]: edited.value };
      return { type: 'set', name, value: rows };
    }
    default: {
      const text = typeof value === 'string' ? value : '';
      const at = lineAt(text, state.cursor);
      const edited =
        edit.type === 'line'
          ? applyLine(at, edit.command)
          : edit.type === 'text'
            ? insertLine(at, edit.text, meta.kind === 'multiline')
            : at;
      if (edited.value === text && edited.cursor === state.cursor) return undefined;
      if (edited.value === text) return { type: 'cursor', cursor: edited.cursor };
      return { type: 'set', name, value: edited.value === '' ? undefined : edited.value, cursor: edited.cursor };
    }
  }
}
