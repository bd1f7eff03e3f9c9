// A create form on screen: step bar, the fields of the step that fit, review, outcome.
// State lives in useForm (a pure reducer + effects); keys come from useFormKeys.
import { Box, Text, useStdout, type Key } from 'ink';
import type { TuiConnection } from '../../options.js';
import { ConnectionLine } from '../header.js';
import { useMemo, useState } from 'react';
import type { DmsClient } from '../../../api/client.js';
import { buildBody } from '../../../forms/body.js';
import type { FormDef, FormValues } from '../../../forms/types.js';
import { isSet, visibleFields } from '../../../forms/values.js';
import { clean } from '../../../text/sanitize.js';
import { maskUrlPasswords } from '../../../text/secrets.js';
import { footerOf } from '../../keys.js';
import { useTheme } from '../../theme.js';
import { useForm, type FormController } from '../../hooks/use-form.js';
import { useFormKeys, type FormKeyCommand } from '../../hooks/use-form-keys.js';
import { FieldView, fieldHeight } from './field-view.js';
import { Review } from './review.js';
import { StepBar } from './step-bar.js';

export interface CreateScreenProps {
  readonly client: DmsClient;
  /** Where drafts and recent values live. */
  readonly configDir: string;
  /** `--from FILE`: a request body to start from (counts as the draft). */
  readonly from?: Record<string, unknown>;
  /** Values offered for where-fields besides the recent ones (e.g. the demo's seed). */
  readonly suggestions?: Readonly<Record<string, readonly string[]>>;
  /** Started with --show-secrets: the reveal key may show connection URLs. */
  readonly showSecrets: boolean;
  /** Leaves the screen; `result` after a successful creation. */
  onExit(result?: { uuid: string }): void;
  /** Opens the deployments of the new application. */
  onOpenDeployments(appUuid: string): void;
  /** False while another part of the UI owns the keyboard. */
  readonly isActive?: boolean;
  /** Where the request goes, shown on the first line (DEMO or context and server). */
  readonly connection?: TuiConnection;
}

export interface CreateFormProps extends CreateScreenProps {
  readonly def: FormDef;
  readonly title: string;
}

/** Whether anything beyond the defaults was typed. */
export function typedAnything(values: FormValues): boolean {
  return Object.entries(values).some(([k, v]) => isSet(v) && !(k === 'git_branch' && v === 'main'));
}

const FOOTER = footerOf('form');

const REVIEW_PROBE = (path: string) => `<contents of ${path}>`;

function handleEditKey(form: FormController, props: CreateFormProps, command: FormKeyCommand, input: string, key: Key): void {
  const { def } = props;
  const { dispatch } = form;
  const state = form.current();
  const focusMeta = state.focus ? def.fields[state.focus] : undefined;
  switch (command) {
    case 'submit': form.submit(); return;
    case 'back':
      if (state.step > 0) dispatch({ type: 'step', delta: -1 });
      else if (typedAnything(state.values)) form.setPhase({ kind: 'confirm-leave' });
      else { form.flush(); props.onExit(); }
      return;
    case 'next': dispatch({ type: 'next' }); return;
    case 'prev': dispatch({ type: 'prev' }); return;
    case 'nextStep': dispatch({ type: 'step', delta: 1 }); return;
    case 'prevStep': dispatch({ type: 'step', delta: -1 }); return;
    case 'addRow': dispatch({ type: 'row-add' }); return;
    case 'removeRow': dispatch({ type: 'row-remove' }); return;
    case 'enter': {
      if (focusMeta?.kind === 'save-as') {
        const v = state.values[focusMeta.name];
        if (typeof v === 'string' && v.trim() !== '') form.saveAs(v);
        else form.setNotice({ tone: 'info', text: 'Type a file name first, then Enter saves the request body there.' });
        return;
      }
      const fields = visibleFields(def, state.step, state.values);
      if (state.step === def.steps.length - 1 && state.focus === fields[fields.length - 1]) {
        form.setNotice({ tone: 'info', text: 'Press Ctrl+S to send the request.' });
        return;
      }
      dispatch({ type: 'next' });
      return;
    }
    case 'suggest': {
      if (!state.focus) return;
      dispatch({ type: 'suggest', list: form.suggestionsFor(state.focus) });
      return;
    }
    case 'edit':
      dispatch({ type: 'edit', input, key });
  }
}

export function CreateForm(props: CreateFormProps) {
  const { def, title, showSecrets, isActive = true } = props;
  const theme = useTheme();
  const { stdout } = useStdout();
  const rows = Math.max(12, (stdout?.rows ?? 24) - (props.connection ? 1 : 0));
  const form = useForm({ def, client: props.client, configDir: props.configDir, from: props.from, suggestions: props.suggestions });
  const { state, phase, notice } = form;
  const [revealed, setRevealed] = useState(false);

  useFormKeys((command, input, key) => {
    switch (phase.kind) {
      case 'edit':
        handleEditKey(form, props, command, input, key);
        return;
      case 'sending':
        return; // one POST per Ctrl+S: nothing else until it is answered
      case 'confirm-leave':
        if (input === 'y') { form.flush(); props.onExit(); }
        else if (input === 'd') { form.discard(); props.onExit(); }
        else if (input === 'n' || key.escape) form.setPhase({ kind: 'edit' });
        return;
      case 'failed':
        if (input === 'r') form.submit();
        else if (key.escape) form.setPhase({ kind: 'edit' });
        return;
      case 'success': {
        const uuid = phase.uuid;
        if ((input === 'o' || key.return) && uuid && def.id === 'create-app') props.onOpenDeployments(uuid);
        else if (input === 's' && showSecrets) setRevealed((r) => !r);
        else if (key.escape || input === 'q') props.onExit(uuid ? { uuid } : undefined);
      }
    }
  }, { isActive });

  const errors = useMemo(() => ({ ...state.errors, ...state.serverErrors }), [state.errors, state.serverErrors]);
  const failing = useMemo(() => new Set(Object.keys(errors).filter((f) => def.fields[f]).map((f) => def.fields[f]!.step)), [errors, def]);
  const step = def.steps[state.step]!;
  const reviewBody = useMemo(
    () => (step.review ? buildBody(def, state.values, REVIEW_PROBE).body : {}),
    [step.review, def, state.values],
  );

  const header = (
    <Box flexDirection="column">
      {props.connection ? <ConnectionLine connection={props.connection} /> : null}
      <Text bold color={theme.ui.title} wrap="truncate-end">
        {title} <Text color={theme.ui.muted}>— step {state.step + 1} of {def.steps.length}: {step.title}</Text>
      </Text>
      <StepBar steps={def.steps} current={state.step} failing={failing} />
    </Box>
  );

  if (phase.kind === 'success') {
    const canOpen = def.id === 'create-app' && phase.uuid;
    return (
      <Box flexDirection="column">
        <Text bold color={theme.ui.success}>✓ {def.id === 'create-app' ? 'Application created.' : 'Docstore database created.'}</Text>
        {phase.uuid
          ? <Text>uuid: {clean(phase.uuid)}</Text>
          : <Text color={theme.ui.muted}>The server answered "Database updated" without details.</Text>}
        {phase.urls.map((u) => (
          <Text key={u.label} wrap="wrap">{u.label} URL: {clean(revealed ? u.url : maskUrlPasswords(u.url))}</Text>
        ))}
        <Box marginTop={1}>
          <Text color={theme.ui.muted}>
            {canOpen ? <><Text color={theme.ui.key}>Enter/o</Text> opens its deployments · </> : null}
            {phase.urls.length > 0 && showSecrets ? <><Text color={theme.ui.key}>s</Text> {revealed ? 'hides' : 'shows'} the passwords · </> : null}
            {phase.urls.length > 0 && !showSecrets ? <>passwords hidden (start with --show-secrets to reveal) · </> : null}
            <Text color={theme.ui.key}>Esc</Text> closes
          </Text>
        </Box>
      </Box>
    );
  }

  if (phase.kind === 'failed') {
    return (
      <Box flexDirection="column">
        {header}
        <Box marginTop={1} flexDirection="column">
          <Text color={theme.ui.error} wrap="wrap">✗ Not created: {phase.message}</Text>
          {phase.hint ? <Text color={theme.ui.muted}>{phase.hint}</Text> : null}
          <Text color={theme.ui.muted}>Your input is kept in the draft.</Text>
          <Text><Text color={theme.ui.key}>r</Text> sends again · <Text color={theme.ui.key}>Esc</Text> back to the form</Text>
        </Box>
      </Box>
    );
  }

  if (phase.kind === 'confirm-leave') {
    return (
      <Box flexDirection="column">
        {header}
        <Box marginTop={1} flexDirection="column">
          <Text color={theme.ui.warning}>Leave the form? What you typed is kept as a draft.</Text>
          <Text>
            <Text color={theme.ui.key}>y</Text> leave · <Text color={theme.ui.key}>d</Text> discard the draft and leave ·{' '}
            <Text color={theme.ui.key}>n</Text> stay
          </Text>
        </Box>
      </Box>
    );
  }

  // Fit the step into the terminal: header 2, notice 1, status 1, footer 1, spare 1.
  const names = visibleFields(def, state.step, state.values);
  const heights = names.map((n) => fieldHeight({
    meta: def.fields[n]!, value: state.values[n], focused: n === state.focus, error: state.errors[n],
    serverError: state.serverErrors[n], suggestions: n === state.focus ? form.suggestionsFor(n) : undefined,
  }));
  const fieldsTotal = heights.reduce((a, b) => a + b, 0);
  // Review: its few fields always show; the request JSON gets the rest of the screen.
  const reviewRoom = step.review ? Math.max(3, rows - 10 - fieldsTotal) : 0;
  const budget = step.review ? fieldsTotal + 2 : rows - 7;
  const f = Math.max(0, names.indexOf(state.focus ?? ''));
  let lo = f;
  let hi = f;
  let used = heights[f] ?? 0;
  for (let grew = true; grew;) {
    grew = false;
    if (hi + 1 < names.length && used + heights[hi + 1]! <= budget - 2) { hi += 1; used += heights[hi]!; grew = true; }
    if (lo > 0 && used + heights[lo - 1]! <= budget - 2) { lo -= 1; used += heights[lo]!; grew = true; }
  }
  const shown = names.slice(lo, hi + 1);
  const saveAsValue = state.values.$save_as;
  const bodyError = errors['(body)'];

  return (
    <Box flexDirection="column">
      {header}
      {notice
        ? <Text wrap="truncate-end" color={notice.tone === 'error' ? theme.ui.error : notice.tone === 'warning' ? theme.ui.warning : notice.tone === 'success' ? theme.ui.success : theme.ui.muted}>{notice.text}</Text>
        : <Text> </Text>}
      {lo > 0 ? <Text color={theme.ui.muted}>  ↑ {lo} more</Text> : null}
      {shown.map((n) => (
        <FieldView
          key={n}
          meta={def.fields[n]!}
          value={state.values[n]}
          focused={n === state.focus}
          cursor={state.cursor}
          cell={state.cell}
          required={def.required.includes(n)}
          error={state.errors[n]}
          serverError={state.serverErrors[n]}
          suggestions={n === state.focus ? form.suggestionsFor(n) : undefined}
        />
      ))}
      {hi < names.length - 1 ? <Text color={theme.ui.muted}>  ↓ {names.length - 1 - hi} more</Text> : null}
      {step.review
        ? <Review body={reviewBody} noun={def.noun} file={typeof saveAsValue === 'string' ? saveAsValue : ''} maxLines={reviewRoom} />
        : null}
      {bodyError ? <Text color={theme.ui.error} wrap="truncate-end">✗ {bodyError}</Text> : null}
      {phase.kind === 'sending' ? <Text color={theme.ui.warning}>Sending…</Text> : null}
      <Text color={theme.ui.muted} wrap="truncate-end">
        {FOOTER.map((c, i) => (
          <Text key={c.id}>{i > 0 ? ' · ' : ''}<Text color={theme.ui.key}>{c.label}</Text> {c.description}</Text>
        ))}
      </Text>
    </Box>
  );
}
