// The form engine's vocabulary: field metadata beside the zod schemas, steps, values.
// Pure data; nothing here knows Ink.
import type { BUILD_PACKS } from '../api/schemas/constants.js';

export type BuildPack = (typeof BUILD_PACKS)[number];

export type FieldKind =
  | 'text'
  | 'secret'
  | 'integer'
  | 'boolean'
  | 'choice'
  /** Multi-line text, or `@path` to read a file when the request is built. */
  | 'multiline'
  /** The list editor of `container_compose_domains`. */
  | 'domains'
  /** Not part of the request: a path to save the request body to (Review). */
  | 'save-as';

export interface FieldMeta {
  readonly name: string;
  readonly label: string;
  /** One line shown under the focused field. */
  readonly help: string;
  readonly kind: FieldKind;
  /** Index into the form's steps. */
  readonly step: number;
  /**
   * What the server does when the field is left empty (it is then not sent), said on screen in
   * place of a value: `not sent — the server names it after the repository`. Never a placeholder
   * that looks like a value.
   */
  readonly unset?: string;
  /** A typical value, as the request body carries it (`--example`). */
  readonly example: unknown;
  readonly choices?: readonly string[];
  /** Shown only for these build packs (unless it holds a value). */
  readonly buildPacks?: readonly BuildPack[];
  /** Offered suggestions from recent values. */
  readonly recent?: boolean;
}

export interface StepDef {
  readonly title: string;
  /** The first step: what is required and what people set every time; Ctrl+S sends from it. */
  readonly quick?: boolean;
  /** Field names in display order. */
  readonly fields: readonly string[];
  /** The last step: request preview and submit. */
  readonly review?: boolean;
}

/** One row of the compose domains editor: all text while edited. */
export interface ComposeRow {
  readonly name: string;
  readonly domain: string;
  readonly redirect: string;
}

export type FieldValue = string | boolean | readonly ComposeRow[];
export type FormValues = Readonly<Record<string, FieldValue | undefined>>;

export type FormId = 'create-app' | 'create-docstore';

export interface Problem {
  readonly field: string;
  readonly message: string;
}

/** A request's fields as shown (zod-free): what the form, the flags, their help and `--example` read. */
export interface FieldTable {
  /** `app` or `docstore`: the word in `dms create <noun> --file FILE`. */
  readonly noun: 'app' | 'docstore';
  readonly steps: readonly StepDef[];
  readonly fields: Readonly<Record<string, FieldMeta>>;
  /** Fields that must be set (beyond cross-field rules). */
  readonly required: readonly string[];
  /**
   * The value a field starts with when the form opens empty (sent unless changed: build pack
   * nixpacks, port 3000 — 80 for a static site); undefined when the field starts empty.
   */
  readonly defaultOf: (name: string, values: FormValues) => FieldValue | undefined;
}

export interface FormDef extends FieldTable {
  readonly id: FormId;
  /** Every field of the request, in schema order. */
  readonly requestFields: readonly string[];
  /** Per-field zod schema (the request schema's own, not optional). */
  readonly schemaOf: (name: string) => import('zod').ZodType | undefined;
  /** The whole-body check (same function as the client and the demo service). */
  readonly validateBody: (body: unknown) => { success: true } | { success: false; problems: readonly Problem[] };
}
