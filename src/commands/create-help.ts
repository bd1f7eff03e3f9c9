// `dms create app --help` / `dms create docstore --help`: the command table's entries, whose field
// flags come from the forms' field tables (field-help.ts).
import { fieldFlagsHelp, helpText } from './help.js';

export { fieldFlagsHelp };

/** The whole help of `dms create [app|docstore] --help`. */
export function createHelp(kind: string | undefined): string {
  return helpText(kind === 'app' || kind === 'docstore' ? `create ${kind}` : 'create')!;
}
