// A text value with a block cursor on the grapheme under it (focused), or its placeholder. Render only.
import { Text } from 'ink';
import { cursorParts } from '../../../forms/line-edit.js';
import { useTheme } from '../../theme.js';

export interface TextValueProps {
  /** Already sanitised for one line. */
  readonly value: string;
  /** UTF-16 index into `value`, at a grapheme boundary. */
  readonly cursor: number;
  readonly focused: boolean;
  readonly placeholder?: string;
  /** Shows one `•` per character instead of the text. */
  readonly masked?: boolean;
}

const dots = (s: string) => '•'.repeat([...new Intl.Segmenter().segment(s)].length);

export function TextValue({ value, cursor, focused, placeholder = '', masked = false }: TextValueProps) {
  const theme = useTheme();
  if (value === '') {
    // A placeholder is the server's default, not a value: set apart even without colour.
    const hint = placeholder === '' ? '' : `(${placeholder})`;
    if (!focused) return <Text color={theme.ui.muted} dimColor={!theme.colour}>{hint}</Text>;
    return (
      <Text>
        <Text inverse> </Text>
        <Text color={theme.ui.muted} dimColor={!theme.colour}>{hint}</Text>
      </Text>
    );
  }
  const [before, at, after] = cursorParts({ value, cursor });
  const show = masked ? dots : (s: string) => s;
  if (!focused) return <Text wrap="truncate-end">{show(value)}</Text>;
  return (
    <Text wrap="truncate-start">
      {show(before)}
      <Text inverse>{show(at) || ' '}</Text>
      {show(after)}
    </Text>
  );
}
