// The property of test/forms/flags.test.ts: the form, the flags and the draft give the same body
// for random field values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, type Parsed } from '../../src/commands/args.js';
import { FORMS, checkCreateArgs, headlessBody, valuesFromFlags, type CreateKind } from '../../src/commands/create.js';
import { loadDraft, saveDraft } from '../../src/config/drafts.js';
import { buildBody, valuesFromDraft } from '../../src/forms/body.js';
import { flagOf } from '../../src/forms/field-flags.js';
import { createFormReducer, initialFormState } from '../../src/tui/screens/forms/state-fields.js';
import type { ComposeRow, FieldMeta, FieldValue, FormDef, FormValues } from '../../src/forms/types.js';
import { runs } from '../support/arbitraries.js';
import { tempDir } from '../support/temp.js';

const dir = tempDir('dms-flags-');

/** `dms create KIND ARGS…` as the argument parser reads it (a docstore says what becomes of its password: shown). */
function argv(kind: CreateKind, ...args: string[]): Parsed {
  return parse(['create', kind, ...args, ...(kind === 'docstore' ? ['--show-secrets'] : [])]);
}

const text = fc.string({ unit: 'grapheme', maxLength: 12 });
const noFile = text.filter((s) => !s.trim().startsWith('@'));
const rows: fc.Arbitrary<ComposeRow[]> = fc.array(
  fc.record({ name: text, domain: text, redirect: fc.constantFrom('', 'www', 'non-www', 'both') }),
  { maxLength: 3 },
);

function valueOf(meta: FieldMeta): fc.Arbitrary<FieldValue> {
  switch (meta.kind) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 70_000 }).map(String), text);
    case 'choice':
      return fc.oneof(fc.constantFrom(...(meta.choices ?? [])), text);
    case 'domains':
      return rows;
    case 'multiline':
      return noFile;
    default:
      return text;
  }
}

/** Random values for a random set of the request's fields. */
function valuesOf(def: FormDef): fc.Arbitrary<FormValues> {
  const metas = def.requestFields.map((f) => def.fields[f]!);
  return fc.record(Object.fromEntries(metas.map((m) => [m.name, valueOf(m)])), { requiredKeys: [] }) as fc.Arbitrary<FormValues>;
}

/** The flags that give these values, as typed on a command line. */
function flagsFor(def: FormDef, values: FormValues): string[] {
  const out: string[] = [];
  for (const field of def.requestFields) {
    const v = values[field];
    if (v === undefined) continue;
    const meta = def.fields[field]!;
    if (meta.kind === 'boolean') out.push(v === true ? `--${flagOf(field)}` : `--no-${flagOf(field)}`);
    else if (meta.kind === 'domains') out.push(`--${flagOf(field)}=${JSON.stringify(v)}`);
    else out.push(`--${flagOf(field)}=${String(v)}`);
  }
  return out;
}

describe('property: form → body, flags → body and the draft agree', () => {
  for (const kind of ['app', 'docstore'] as const) {
    it(`${kind}: random field values give the same body (and the same problems) by the form, by flags and from the draft`, () => {
      const def = FORMS[kind];
      const reduce = createFormReducer(def);
      const draftDir = tempDir('dms-flags-draft-');
      fc.assert(
        fc.property(valuesOf(def), (values) => {
          // The form: each value set as an edit would set it, in the form's order.
          let state = initialFormState(def, {});
          for (const field of def.requestFields)
            if (values[field] !== undefined) state = reduce(state, { type: 'set', name: field, value: values[field] });
          const form = buildBody(def, state.values);

          // The flags: parsed as the command line is, checked, built and validated as headless.
          const parsed = argv(kind, ...flagsFor(def, values));
          checkCreateArgs(kind, parsed, dir);
          const headless = headlessBody(def, {}, valuesFromFlags(def, parsed));
          expect(headless.body).toEqual(form.body);
          for (const p of form.problems) expect(headless.problems).toContainEqual(p);

          // The draft: saved and read back, it builds the same body.
          saveDraft(draftDir, def.id, { values: state.values as Record<string, unknown>, step: 0 });
          const restored = valuesFromDraft(def, loadDraft(draftDir, def.id)!.values);
          expect(buildBody(def, restored).body).toEqual(form.body);
        }),
        { numRuns: runs(150) },
      );
    });
  }
});
