// The Review step: the request as JSON with secrets masked, and the command to send it later.
import { Box, Text } from 'ink';
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
}

export function reviewLines(body: Record<string, unknown>): string[] {
  return JSON.stringify(maskRecord(body), null, 2).split('\n').map(clean);
}

export function Review({ body, noun, file, maxLines }: ReviewProps) {
  const theme = useTheme();
  const lines = reviewLines(body);
  const room = Math.max(1, maxLines);
  const shown = lines.length > room ? [...lines.slice(0, room - 1), `… ${lines.length - room + 1} more lines`] : lines;
  const target = file.trim() === '' ? 'FILE' : clean(file.trim());
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text color={theme.ui.title}>Request (secrets masked):</Text>
      {shown.map((l, i) => <Text key={i} wrap="truncate-end">  {l}</Text>)}
      <Text color={theme.ui.muted} wrap="truncate-end">
        Send later: <Text color={theme.ui.key}>dms create {noun} --file {target}</Text>   Ctrl+S sends it now.
      </Text>
    </Box>
  );
}
