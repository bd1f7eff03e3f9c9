// Keys and what they do (`y leave · n stay`), and the one dialog every yes/no question of the
// form uses: its sentences, then its answers (or the answers at the end of its last sentence).
import { Text } from 'ink';
import { useTheme } from '../../theme.js';
import type { KeyAction, Question as Asked } from './lines.js';

/** `key does · key does`, the keys in the key colour; inside a Text that gives the rest its colour. */
export function KeyChoices({ actions }: { readonly actions: readonly KeyAction[] }) {
  const theme = useTheme();
  return (
    <>
      {actions.map((a, i) => (
        <Text key={`${a.key} ${a.does}`}>
          {i > 0 ? ' · ' : ''}
          <Text color={theme.ui.key}>{a.key}</Text> {a.does}
        </Text>
      ))}
    </>
  );
}

export interface QuestionProps {
  readonly question: Asked;
  /** The answers end the last sentence instead of taking a line of their own. */
  readonly inline?: boolean;
}

/** The question's lines, for a column Box to hold. */
export function Question({ question, inline = false }: QuestionProps) {
  const theme = useTheme();
  const { say, answers } = question;
  return (
    <>
      {say.map((line, i) => (
        <Text key={i} color={theme.ui.warning} wrap="wrap">
          {line}
          {inline && i === say.length - 1 ? (
            <>
              {' '}
              <KeyChoices actions={answers} />
            </>
          ) : null}
        </Text>
      ))}
      {inline ? null : (
        <Text>
          <KeyChoices actions={answers} />
        </Text>
      )}
    </>
  );
}
