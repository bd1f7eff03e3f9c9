// The Review step: the request as JSON with secrets masked, and the command to send it later.
import { Box, Text } from 'ink';
import { useKeyTable } from '../../input/key-table.js';
import { useTheme } from '../../theme.js';
import { REVIEW_TITLE, moreLines, reviewLines, sendLater, sendLaterLines } from './lines.js';

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

export function Review({ body, noun, file, maxLines, width }: ReviewProps) {
  const theme = useTheme();
  const keys = useKeyTable();
  const lines = reviewLines(body);
  const room = Math.max(1, maxLines);
  const shown = lines.length > room ? [...lines.slice(0, room - 1), moreLines(lines.length - room + 1)] : lines;
  // The command in the key colour, the words around it muted, whichever lines it falls on.
  const { from, to } = sendLater(noun, file, keys);
  const later = sendLaterLines(noun, file, width, keys);
  // Where each line of the command starts in the whole of it.
  const starts = later.map((_, i) => later.slice(0, i).reduce((n, l) => n + l.length, 0));
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text color={theme.ui.title}>{REVIEW_TITLE}</Text>
      {shown.map((l, i) => (
        <Text key={i} wrap="truncate-end">{`  ${l}`}</Text>
      ))}
      {later.map((line, i) => {
        const start = starts[i]!;
        const cut = (a: number, b: number) =>
          line.slice(Math.max(0, Math.min(line.length, a - start)), Math.max(0, Math.min(line.length, b - start)));
        return (
          <Text key={`s${i}`} color={theme.ui.muted} wrap="truncate-end">
            {cut(0, from)}
            <Text color={theme.ui.key}>{cut(from, to)}</Text>
            {cut(to, Infinity)}
          </Text>
        );
      })}
    </Box>
  );
}
