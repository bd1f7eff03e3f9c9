// The Review step: the request as JSON with secrets masked, and the command to send it later.
import { Box, Text } from 'ink';
import { wrapCells } from '../../../text/cells.js';
import { maskRecord } from '../../../text/secrets.js';
import { clean } from '../../../text/sanitize.js';
import { useTheme } from '../../theme.js';

export interface ReviewProps {
  readonly body: Record<string, unknown>;
  readonly noun: 'app' | 'docstore';
  /** The save-as path typed so far (FILE when empty). */
  readonly file: string;
  /** Lines available for the JSON. */
  readonly maxLines: number;
  /** Columns of the terminal: the command to send it later wraps there. */
  readonly width: number;
}

export function reviewLines(body: Record<string, unknown>): string[] {
  return JSON.stringify(maskRecord(body), null, 2).split('\n').map(clean);
}

const PREFIX = 'Send later: ';
const SUFFIX = '   Ctrl+S sends it now.';

function command(noun: string, file: string): string {
  return `dms create ${noun} --file ${file.trim() === '' ? 'FILE' : clean(file.trim())}`;
}

/** The "Send later" line as it is drawn at `width` columns: wrapped, never cut (the path is to be copied). */
export function sendLaterLines(noun: string, file: string, width: number): string[] {
  return wrapCells(`${PREFIX}${command(noun, file)}${SUFFIX}`, Math.max(20, width - 1));
}

export function Review({ body, noun, file, maxLines, width }: ReviewProps) {
  const theme = useTheme();
  const lines = reviewLines(body);
  const room = Math.max(1, maxLines);
  const shown = lines.length > room ? [...lines.slice(0, room - 1), `… ${lines.length - room + 1} more lines`] : lines;
  // The command in the key colour, the words around it muted, whichever lines it falls on.
  const from = PREFIX.length;
  const to = from + command(noun, file).length;
  const later = sendLaterLines(noun, file, width);
  // Where each line of the command starts in the whole of it.
  const starts = later.map((_, i) => later.slice(0, i).reduce((n, l) => n + l.length, 0));
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text color={theme.ui.title}>Request (secrets masked):</Text>
      {shown.map((l, i) => <Text key={i} wrap="truncate-end">  {l}</Text>)}
      {later.map((line, i) => {
        const start = starts[i]!;
        const cut = (a: number, b: number) => line.slice(Math.max(0, Math.min(line.length, a - start)), Math.max(0, Math.min(line.length, b - start)));
        return (
          <Text key={`s${i}`} color={theme.ui.muted} wrap="truncate-end">
            {cut(0, from)}<Text color={theme.ui.key}>{cut(from, to)}</Text>{cut(to, Infinity)}
          </Text>
        );
      })}
    </Box>
  );
}
