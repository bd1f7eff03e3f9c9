// Which help to print: `dms --help`, `dms COMMAND --help`, `dms help [COMMAND]`.
import { quotedArg, type Parsed } from './args.js';
import { UsageError } from './exit-codes.js';
import { helpText } from './help.js';

/** The help asked for; a usage error for `dms help NOSUCH`. */
export function helpOf(parsed: Parsed): string {
  if (parsed.command !== 'help') {
    // `dms create app --help`: the help of the request named; `dms create --help`: of both.
    const noun = parsed.positionals[0];
    const name = parsed.command === 'create' && (noun === 'app' || noun === 'docstore') ? `create ${noun}` : parsed.command;
    return helpText(name) ?? helpText()!;
  }
  // `dms help --help` is help's own help.
  if (parsed.values.help) return helpText('help')!;
  if (parsed.positionals.length === 0) return helpText()!;
  const name = parsed.positionals.join(' ');
  const text = helpText(name);
  if (text !== undefined) return text;
  const shown = quotedArg(name, 30);
  throw new UsageError(
    shown
      ? `${shown} is not a command. Run dms help for the commands.`
      : 'the argument of dms help is not a command; it is not repeated here, in case it is a secret. Run dms help for the commands.',
  );
}
