// A text value with a block cursor (focused), or its placeholder. Render only.
import { Text } from 'ink';
import { useTheme } from '../../theme.js';

export interface TextValueProps {
  /** Already sanitised for one line. */
  readonly value: string;
  readonly cursor: number;
  readonly focused: boolean;
  readonly placeholder?: string;
  /** Shows one `•` per character instead of the text. */
  readonly masked?: boolean;
}

export function TextValue({ value, cursor, focused, placeholder = '', masked = false }: TextValueProps) {
  const theme = useTheme();
  const shown = masked ? '•'.repeat([...value].length) : value;
  if (shown === '') {
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
  if (!focused) return <Text wrap="truncate-end">{shown}</Text>;
  const at = Math.max(0, Math.min(cursor, shown.length));
  return (
    <Text wrap="truncate-start">
      {shown.slice(0, at)}
      <Text inverse>{shown.slice(at, at + 1) || ' '}</Text>
      {shown.slice(at + 1)}
    </Text>
  );
}
