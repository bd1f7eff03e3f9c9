// One field of a create form: label, value by kind, help when focused, messages under it.
import { Box, Text } from 'ink';
import type { ComposeRow, FieldMeta, FieldValue } from '../../../forms/types.js';
import { filePathOf } from '../../../forms/values.js';
import { clean } from '../../../text/sanitize.js';
import { useTheme } from '../../theme.js';
import { TextValue } from './text-value.js';

export const LABEL_WIDTH = 32;

export interface FieldViewProps {
  readonly meta: FieldMeta;
  readonly value: FieldValue | undefined;
  readonly focused: boolean;
  readonly cursor: number;
  /** Focused cell of the compose domains editor. */
  readonly cell: number;
  readonly required: boolean;
  readonly error?: string;
  readonly serverError?: string;
  readonly suggestions?: readonly string[];
}

/** Lines a field takes on screen (for fitting a step into the terminal). */
export function fieldHeight(p: Pick<FieldViewProps, 'meta' | 'value' | 'focused' | 'error' | 'serverError' | 'suggestions'>): number {
  let h = 1;
  if (p.meta.kind === 'domains') h += Array.isArray(p.value) ? p.value.length : 0;
  if (p.focused) h += 1;
  if (p.focused && p.suggestions && p.suggestions.length > 0) h += 1;
  if (p.error) h += 1;
  if (p.serverError) h += 1;
  return h;
}

function messageText(label: string, message: string): string {
  // Local messages are fragments ("is required."); server messages are sentences.
  return /^[a-z(]/.test(message) && !message.startsWith('(') ? `${label} ${message}` : message;
}

function BooleanValue({ value, focused }: { value: FieldValue | undefined; focused: boolean }) {
  const theme = useTheme();
  const text = value === true ? '[x] yes' : value === false ? '[ ] no' : '[ ] (server default)';
  return <Text inverse={focused} color={value === undefined ? theme.ui.muted : undefined}>{text}</Text>;
}

function ChoiceValue({ meta, value, focused }: { meta: FieldMeta; value: FieldValue | undefined; focused: boolean }) {
  const theme = useTheme();
  const current = typeof value === 'string' && value !== '' ? clean(value) : undefined;
  return (
    <Text>
      {(meta.choices ?? []).map((c) => (
        <Text key={c} inverse={c === current && focused} bold={c === current} color={c === current ? undefined : theme.ui.muted}>
          {c === current ? `[${c}]` : ` ${c} `}
        </Text>
      ))}
      {current !== undefined && !(meta.choices ?? []).includes(current)
        ? <Text color={theme.ui.error}> [{current}]</Text> : null}
    </Text>
  );
}

function MultilineValue({ value, focused, cursor, placeholder }: { value: string; focused: boolean; cursor: number; placeholder?: string }) {
  const theme = useTheme();
  const path = filePathOf(value);
  const lines = value.split('\n');
  if (path !== undefined || lines.length <= 1) {
    return (
      <Text>
        <TextValue value={clean(value)} cursor={cursor} focused={focused} placeholder={placeholder ?? 'paste text, or @path'} />
        {path !== undefined ? <Text color={theme.ui.muted}> (file)</Text> : null}
      </Text>
    );
  }
  const last = clean(lines[lines.length - 1] ?? '');
  return (
    <Text>
      <Text color={theme.ui.muted}>{lines.length} lines, last: </Text>
      <TextValue value={last} cursor={last.length} focused={focused} />
    </Text>
  );
}

function DomainsRows({ rows, focused, cell }: { rows: readonly ComposeRow[]; focused: boolean; cell: number }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" marginLeft={4}>
      {rows.map((r, i) => {
        const cells = [r.name, r.domain, r.redirect];
        const hints = ['service', 'https://…', 'redirect'];
        return (
          <Text key={i} wrap="truncate-end">
            <Text color={theme.ui.muted}>{i + 1}. </Text>
            {cells.map((c, j) => {
              const here = focused && cell === i * 3 + j;
              return (
                <Text key={j}>
                  {j > 0 ? '  ' : ''}
                  {here
                    ? <TextValue value={clean(c)} cursor={c.length} focused placeholder={hints[j]} />
                    : <Text color={c === '' ? theme.ui.muted : undefined}>{c === '' ? hints[j] : clean(c)}</Text>}
                </Text>
              );
            })}
          </Text>
        );
      })}
    </Box>
  );
}

export function FieldView({ meta, value, focused, cursor, cell, required, error, serverError, suggestions }: FieldViewProps) {
  const theme = useTheme();
  const label = `${meta.label}${required ? ' *' : ''}`;
  let body;
  switch (meta.kind) {
    case 'boolean':
      body = <BooleanValue value={value} focused={focused} />;
      break;
    case 'choice':
      body = <ChoiceValue meta={meta} value={value} focused={focused} />;
      break;
    case 'multiline':
      body = <MultilineValue value={typeof value === 'string' ? value : ''} focused={focused} cursor={cursor} placeholder={meta.placeholder} />;
      break;
    case 'domains': {
      const rows = Array.isArray(value) ? value : [];
      body = rows.length === 0
        ? <Text color={theme.ui.muted} inverse={focused}>(none: type a service name to start a row)</Text>
        : <Text color={theme.ui.muted}>{rows.length} row{rows.length === 1 ? '' : 's'}</Text>;
      break;
    }
    default:
      body = (
        <TextValue
          value={clean(typeof value === 'string' ? value : '')}
          cursor={cursor}
          focused={focused}
          placeholder={meta.placeholder}
          masked={meta.kind === 'secret'}
        />
      );
  }
  return (
    <Box flexDirection="column">
      <Box>
        <Box width={LABEL_WIDTH} flexShrink={0}>
          <Text color={focused ? theme.ui.focus : undefined} bold={focused} wrap="truncate-end">
            {focused ? '› ' : '  '}{label}
          </Text>
        </Box>
        <Box flexGrow={1}>{body}</Box>
      </Box>
      {meta.kind === 'domains' && Array.isArray(value) && value.length > 0
        ? <DomainsRows rows={value as readonly ComposeRow[]} focused={focused} cell={cell} /> : null}
      {focused ? <Text color={theme.ui.muted} wrap="truncate-end">    {meta.help} <Text dimColor>({meta.name})</Text></Text> : null}
      {focused && suggestions && suggestions.length > 0
        ? <Text color={theme.ui.muted} wrap="truncate-end">    recent: {suggestions.slice(0, 5).join(' · ')}  (Ctrl+R fills)</Text> : null}
      {error ? <Text color={theme.ui.error} wrap="truncate-end">    ✗ {messageText(meta.label, error)}</Text> : null}
      {serverError ? <Text color={theme.ui.error} wrap="truncate-end">    ✗ server: {serverError}</Text> : null}
    </Box>
  );
}
