// A text value with a block cursor on the grapheme under it (focused), or, when empty, a hint
// that is plainly not a value. Render only.
import { Text } from 'ink';
import { cursorParts } from '../../input/line-edit.js';
import { useTheme } from '../../theme.js';

export interface TextValueProps {
  /** Already sanitised for one line. */
  readonly value: string;
  /** UTF-16 index into `value`, at a grapheme boundary. */
  readonly cursor: number;
  readonly focused: boolean;
  /** Shown muted when the value is empty, as it is: it must read as words, never as a value. */
  readonly hint?: string;
  /** Shows one `•` per character instead of the text. */
  readonly masked?: boolean;
}

const dots = (s: string) => '•'.repeat([...new Intl.Segmenter().segment(s)].length);

export function TextValue({ value, cursor, focused, hint = '', masked = false }: TextValueProps) {
  const theme = useTheme();
  if (value === '') {
    if (!focused)
      return (
        <Text color={theme.ui.muted} dimColor={!theme.colour} wrap="truncate-end">
          {hint}
        </Text>
      );
    return (
      <Text wrap="truncate-end">
        <Text inverse> </Text>
        {hint !== '' ? (
          <Text color={theme.ui.muted} dimColor={!theme.colour}>
            {' '}
            {hint}
          </Text>
        ) : null}
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
