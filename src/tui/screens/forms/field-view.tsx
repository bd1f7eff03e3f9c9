// One field of a create form: label, value by kind, help when focused, messages under it. An
// empty field says what the server does with it (`not sent — …`), a default says it is one and is
// sent: nothing on screen looks like a value that is not sent.
import { Box, Text } from 'ink';
import type { ComposeRow, FieldMeta, FieldValue } from '../../../forms/types.js';
import { filePathOf } from '../../../forms/values.js';
import { widthOf, wrapCells } from '../../../text/cells.js';
import { clean } from '../../../text/sanitize.js';
import { useKeyTable } from '../../input/key-table.js';
import { useTheme } from '../../theme.js';
import { emptyText, fieldKeysNote, markText, messageText, suggestedText } from './lines.js';
import type { ValueMark } from './state.js';
import { TextValue } from './text-value.js';

export const LABEL_WIDTH = 32;
/** The most lines a message under a field takes (the rest reads `…`). */
const MESSAGE_LINES = 4;
const INDENT = '    ';

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
  /** The value is the form's default, or was recalled from a recent creation (both are sent). */
  readonly mark?: ValueMark;
  /** A pointer shown under the field (e.g. "turn this on to use the domain anyway"). */
  readonly note?: string;
  /** Columns of the terminal: messages wrap at it. */
  readonly width?: number;
}

/** A message as the lines it takes at `width` columns, broken between words, at most MESSAGE_LINES. */
export function messageLines(text: string, width = 100): string[] {
  const room = Math.max(20, width - INDENT.length - 1);
  const lines: string[] = [];
  let cur = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    const next = cur === '' ? word : `${cur} ${word}`;
    if (widthOf(next) <= room) {
      cur = next;
      continue;
    }
    if (cur !== '') lines.push(cur);
    const pieces = wrapCells(word, room);
    cur = pieces.pop() ?? '';
    lines.push(...pieces);
  }
  if (cur !== '' || lines.length === 0) lines.push(cur);
  if (lines.length <= MESSAGE_LINES) return lines;
  return [...lines.slice(0, MESSAGE_LINES - 1), `${lines[MESSAGE_LINES - 1]!.slice(0, Math.max(0, room - 2))} …`];
}

type HeightProps = Pick<FieldViewProps, 'meta' | 'value' | 'focused' | 'error' | 'serverError' | 'suggestions' | 'note' | 'width'>;

/** Lines a field takes on screen (for fitting a step into the terminal). */
export function fieldHeight(p: HeightProps): number {
  let h = 1;
  if (p.meta.kind === 'domains') h += Array.isArray(p.value) ? p.value.length : 0;
  if (p.focused) h += 1;
  if (p.focused && p.suggestions && p.suggestions.length > 0) h += 1;
  if (p.error) h += messageLines(`✗ ${messageText(p.meta.label, p.error)}`, p.width).length;
  if (p.serverError) h += messageLines(`✗ server: ${p.serverError}`, p.width).length;
  if (p.note) h += messageLines(`→ ${p.note}`, p.width).length;
  return h;
}

function BooleanValue({ value, focused, empty }: { value: FieldValue | undefined; focused: boolean; empty: string }) {
  const theme = useTheme();
  if (value === undefined) {
    return (
      <Text wrap="truncate-end">
        <Text inverse={focused}>[ ]</Text>
        <Text color={theme.ui.muted} dimColor={!theme.colour}>
          {' '}
          {empty}
        </Text>
      </Text>
    );
  }
  return <Text inverse={focused}>{value === true ? '[x] yes' : '[ ] no'}</Text>;
}

function ChoiceValue({ meta, value, focused, empty }: { meta: FieldMeta; value: FieldValue | undefined; focused: boolean; empty: string }) {
  const theme = useTheme();
  const current = typeof value === 'string' && value !== '' ? clean(value) : undefined;
  return (
    <Text wrap="truncate-end">
      {(meta.choices ?? []).map((c) => (
        <Text key={c} inverse={c === current && focused} bold={c === current} color={c === current ? undefined : theme.ui.muted}>
          {c === current ? `[${c}]` : ` ${c} `}
        </Text>
      ))}
      {current !== undefined && !(meta.choices ?? []).includes(current) ? <Text color={theme.ui.error}> [{current}]</Text> : null}
      {current === undefined ? <Text color={theme.ui.muted} dimColor={!theme.colour}>{`  ${empty}`}</Text> : null}
    </Text>
  );
}

function MultilineValue({ value, focused, cursor, empty }: { value: string; focused: boolean; cursor: number; empty: string }) {
  const theme = useTheme();
  const path = filePathOf(value);
  const lines = value.split('\n');
  if (path !== undefined || lines.length <= 1) {
    return (
      <Text wrap="truncate-end">
        <TextValue value={clean(value)} cursor={cursor} focused={focused} hint={`${empty} (paste text, or @path)`} />
        {path !== undefined ? <Text color={theme.ui.muted}> (file, read when sent)</Text> : null}
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
        const hints = ['‹service›', '‹https://…›', '‹redirect›'];
        return (
          <Text key={i} wrap="truncate-end">
            <Text color={theme.ui.muted}>{i + 1}. </Text>
            {cells.map((c, j) => {
              const here = focused && cell === i * 3 + j;
              return (
                <Text key={j}>
                  {j > 0 ? '  ' : ''}
                  {here ? (
                    <TextValue value={clean(c)} cursor={c.length} focused hint={hints[j]} />
                  ) : (
                    <Text color={c === '' ? theme.ui.muted : undefined}>{c === '' ? hints[j] : clean(c)}</Text>
                  )}
                </Text>
              );
            })}
          </Text>
        );
      })}
    </Box>
  );
}

function Message({ text, color, width }: { text: string; color: string | undefined; width?: number }) {
  return (
    <>
      {messageLines(text, width).map((l, i) => (
        <Text key={i} color={color} wrap="truncate-end">
          {INDENT}
          {l}
        </Text>
      ))}
    </>
  );
}

export function FieldView({
  meta,
  value,
  focused,
  cursor,
  cell,
  required,
  error,
  serverError,
  suggestions,
  mark,
  note,
  width,
}: FieldViewProps) {
  const theme = useTheme();
  const keys = useKeyTable();
  const label = `${meta.label}${required ? ' *' : ''}`;
  const empty = emptyText(meta, required);
  let body;
  switch (meta.kind) {
    case 'boolean':
      body = <BooleanValue value={value} focused={focused} empty={empty} />;
      break;
    case 'choice':
      body = <ChoiceValue meta={meta} value={value} focused={focused} empty={empty} />;
      break;
    case 'multiline':
      body = <MultilineValue value={typeof value === 'string' ? value : ''} focused={focused} cursor={cursor} empty={empty} />;
      break;
    case 'domains': {
      const rows = Array.isArray(value) ? value : [];
      body =
        rows.length === 0 ? (
          <Text color={theme.ui.muted} inverse={focused} wrap="truncate-end">
            {empty} (type a service name to start a row)
          </Text>
        ) : (
          <Text color={theme.ui.muted}>
            {rows.length} row{rows.length === 1 ? '' : 's'}
          </Text>
        );
      break;
    }
    default:
      body = (
        <TextValue
          value={clean(typeof value === 'string' ? value : '')}
          cursor={cursor}
          focused={focused}
          hint={empty}
          masked={meta.kind === 'secret'}
        />
      );
  }
  return (
    <Box flexDirection="column">
      <Box>
        <Box width={LABEL_WIDTH} flexShrink={0}>
          <Text color={focused ? theme.ui.focus : undefined} bold={focused} wrap="truncate-end">
            {focused ? '› ' : '  '}
            {label}
          </Text>
        </Box>
        <Box flexShrink={1}>{body}</Box>
        {mark ? (
          <Box flexShrink={0}>
            <Text color={theme.ui.muted} dimColor={!theme.colour}>{`  ${markText(mark, keys)}`}</Text>
          </Box>
        ) : null}
      </Box>
      {meta.kind === 'domains' && Array.isArray(value) && value.length > 0 ? (
        <DomainsRows rows={value as readonly ComposeRow[]} focused={focused} cell={cell} />
      ) : null}
      {focused ? (
        <Text color={theme.ui.muted} wrap="truncate-end">
          {INDENT}
          {meta.help}
          {fieldKeysNote(meta.kind, keys)}
          {meta.kind === 'save-as' ? null : <Text dimColor> ({meta.name})</Text>}
        </Text>
      ) : null}
      {focused && suggestions && suggestions.length > 0 ? (
        <Text color={theme.ui.muted} wrap="truncate-end">
          {INDENT}
          {suggestedText(suggestions, keys)}
        </Text>
      ) : null}
      {error ? <Message text={`✗ ${messageText(meta.label, error)}`} color={theme.ui.error} width={width} /> : null}
      {serverError ? <Message text={`✗ server: ${serverError}`} color={theme.ui.error} width={width} /> : null}
      {note ? <Message text={`→ ${note}`} color={theme.ui.warning} width={width} /> : null}
    </Box>
  );
}
