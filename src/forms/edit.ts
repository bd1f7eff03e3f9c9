// What a key does to the focused field, by kind: a pure function from key to reducer action.
import { REDIRECTS } from '../api/schemas/rules.js';
import { editLine, type EditKey } from './line-edit.js';
import { CELLS, type FormAction, type FormState } from './reducer.js';
import type { ComposeRow, FormDef } from './types.js';
import { emptyRow } from './values.js';

function cycle(options: readonly string[], current: string | undefined, delta: number): string | undefined {
  // Positions: unset, then each option.
  const all = [undefined, ...options];
  const i = Math.max(0, all.indexOf(current));
  return all[(i + delta + all.length) % all.length];
}

function choiceKey(options: readonly string[], current: string | undefined, input: string, key: EditKey): string | undefined | null {
  if (key.rightArrow || input === ' ') return cycle(options, current, 1);
  if (key.leftArrow) return cycle(options, current, -1);
  if (key.backspace || key.delete) return undefined;
  if (!key.ctrl && !key.meta && input.length === 1) {
    const c = input.toLowerCase();
    const matching = options.filter((o) => o.toLowerCase().startsWith(c));
    if (matching.length === 0) return null;
    const i = current ? matching.indexOf(current) : -1;
    return matching[(i + 1) % matching.length];
  }
  return null;
}

/** The action for a key on the focused field; undefined when the key does nothing there. */
export function editAction(def: FormDef, state: FormState, input: string, key: EditKey): FormAction | undefined {
  const name = state.focus;
  const meta = name ? def.fields[name] : undefined;
  if (!name || !meta) return undefined;
  const value = state.values[name];
  switch (meta.kind) {
    case 'boolean': {
      if (key.backspace || key.delete) return value === undefined ? undefined : { type: 'set', name, value: undefined };
      if (input === ' ' || key.leftArrow || key.rightArrow) return { type: 'set', name, value: value !== true };
      if (!key.ctrl && /^[yt1]$/i.test(input)) return { type: 'set', name, value: true };
      if (!key.ctrl && /^[nf0]$/i.test(input)) return { type: 'set', name, value: false };
      return undefined;
    }
    case 'choice': {
      const next = choiceKey(meta.choices ?? [], typeof value === 'string' && value !== '' ? value : undefined, input, key);
      if (next === null) return undefined;
      return { type: 'set', name, value: next };
    }
    case 'domains': {
      const rows: ComposeRow[] = Array.isArray(value) ? [...(value as ComposeRow[])] : [];
      if (rows.length === 0) {
        // Typing into an empty list starts its first row.
        if (key.ctrl || key.meta || input === '' || key.backspace || key.delete) return undefined;
        const started = editLine({ value: '', cursor: 0 }, input, key);
        if (started.value === '') return undefined;
        return { type: 'set', name, value: [{ ...emptyRow(), name: started.value }] };
      }
      const row = Math.floor(state.cell / CELLS);
      const col = state.cell % CELLS;
      const r = rows[row];
      if (!r) return undefined;
      if (col === 2) {
        const next = choiceKey(REDIRECTS, r.redirect || undefined, input, key);
        if (next === null) return undefined;
        rows[row] = { ...r, redirect: next ?? '' };
        return { type: 'set', name, value: rows };
      }
      const prop = col === 0 ? 'name' : 'domain';
      const edited = editLine({ value: r[prop], cursor: r[prop].length }, input, key);
      if (edited.value === r[prop]) return undefined;
      rows[row] = { ...r, [prop]: edited.value };
      return { type: 'set', name, value: rows };
    }
    default: {
      const text = typeof value === 'string' ? value : '';
      const edited = editLine({ value: text, cursor: state.cursor }, input, key, meta.kind === 'multiline');
      if (edited.value === text && edited.cursor === state.cursor) return undefined;
      if (edited.value === text) return { type: 'cursor', cursor: edited.cursor };
      return { type: 'set', name, value: edited.value === '' ? undefined : edited.value, cursor: edited.cursor };
    }
  }
}
