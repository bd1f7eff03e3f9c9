// Steps of a form: numbers, the current one with its title, steps with problems marked.
import { Text } from 'ink';
import type { StepDef } from '../../../forms/types.js';
import { useTheme } from '../../theme.js';

export interface StepBarProps {
  readonly steps: readonly StepDef[];
  readonly current: number;
  /** Step indexes with a message in them. */
  readonly failing: ReadonlySet<number>;
}

export function StepBar({ steps, current, failing }: StepBarProps) {
  const theme = useTheme();
  return (
    <Text wrap="truncate-end">
      {steps.map((s, i) => (
        <Text key={s.title}>
          {i > 0 ? <Text color={theme.ui.muted}> · </Text> : null}
          <Text
            inverse={i === current}
            bold={i === current}
            color={failing.has(i) ? theme.ui.error : i === current ? theme.ui.focus : theme.ui.muted}
          >
            {i === current ? ` ${i + 1} ${s.title} ` : `${i + 1}${failing.has(i) ? '!' : ''}`}
          </Text>
        </Text>
      ))}
    </Text>
  );
}
