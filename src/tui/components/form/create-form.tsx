// A create form on screen: step bar, the fields of the step that fit, review, outcome.
// State lives in useForm's store (a pure reducer + effects); keys come from the input bus and
// are looked up in the key table for the form's phase and the focused field's kind.
import React, { useMemo, useRef } from 'react';
import { Box, Text, measureElement, type DOMElement } from 'ink';
import { useMeasured } from '../../hooks/use-measured.js';
import type { TuiConnection } from '../../options.js';
import { ConnectionLine } from '../header.js';
import type { DmsClient } from '../../../api/client.js';
import { buildBody } from '../../../forms/body.js';
import { answerLines, hasSecrets } from '../../../forms/created.js';
import { isTextField } from '../../../forms/edit.js';
import { cursorParts } from '../../input/line-edit.js';
import type { FormDef, FormValues } from '../../../forms/types.js';
import { isSet, visibleFields } from '../../../forms/values.js';
import { clean } from '../../../text/sanitize.js';
import { lineKeys, type CommandId, type KeyTable } from '../../keys.js';
import { useKeyTable } from '../../input/key-table.js';
import { FORM_SCOPES } from '../../screens/forms/keys.js';
import { useKeys, type KeyListener, type KeyResult } from '../../input/bus.js';
import { isText } from '../../input/keypress.js';
import { useTheme } from '../../theme.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { bannerOf, notesOf, problemsOf, useForm, type FormController } from '../../hooks/use-form.js';
import { FieldView, fieldHeight, type ValueMark } from './field-view.js';
import { Review, sendLaterLines } from './review.js';
import { StepBar } from './step-bar.js';

export interface CreateScreenProps {
  readonly client: DmsClient;
  /** Where drafts and recent values live. */
  readonly configDir: string;
  /** `--from FILE`: a request body to start from (counts as the draft). */
  readonly from?: Record<string, unknown>;
  /** Values offered for where-fields besides the recent ones (e.g. the demo's seed). */
  readonly suggestions?: Readonly<Record<string, readonly string[]>>;
  /** Started with --show-secrets (the success screen reveals on `s` either way: asking is the request). */
  readonly showSecrets: boolean;
  /** Leaves the screen; `result` after a successful creation. */
  onExit(result?: { uuid: string }): void;
  /** Opens the deployments of the new application; `follow`: it was created with instant deploy, its deployment is followed. */
  onOpenDeployments(appUuid: string, follow?: boolean): void;
  /** False while another part of the UI owns the keyboard. */
  readonly isActive?: boolean;
  /** Where the request goes, shown on the first line (DEMO or context and server). */
  readonly connection?: TuiConnection;
  /** The terminal's rows (the form's frame is one line shorter). */
  readonly height?: number;
  readonly onHelp?: () => void;
}

export interface CreateFormProps extends CreateScreenProps {
  readonly def: FormDef;
  readonly title: string;
}

/** Whether anything was typed beyond what the form started with (`base`: its defaults and recalled values). */
export function typedAnything(values: FormValues, base: FormValues = {}): boolean {
  const keys = new Set([...Object.keys(values), ...Object.keys(base)]);
  return [...keys].some((k) => (isSet(values[k]) || isSet(base[k])) && JSON.stringify(values[k]) !== JSON.stringify(base[k]));
}


const REVIEW_PROBE = (path: string) => `<contents of ${path}>`;

/** What a key does in the form, by phase and by the focused field's kind. */
function formListener(form: FormController, props: CreateFormProps, keys: KeyTable): KeyListener {
  const { def } = props;
  const { store } = form;
  const send = store.dispatch;
  const leave = (go: () => void): KeyResult => { go(); return 'later'; };

  const edit = (input: string, key: Parameters<KeyListener['key']>[0]['key']): KeyResult => {
    const s = store.get().form;
    const focusMeta = s.focus ? def.fields[s.focus] : undefined;
    let result: KeyResult = true;
    const form_ = {
      formSubmit: () => form.submit(),
      formBack: () => {
        if (s.step > 0) send({ type: 'step', delta: -1 });
        else if (typedAnything(s.values, form.base)) send({ type: 'phase', phase: { kind: 'confirm-leave' } });
        else result = leave(() => { form.flush(); props.onExit(); });
      },
      formNextField: () => send({ type: 'next' }),
      formPrevField: () => send({ type: 'prev' }),
      formNextStep: () => send({ type: 'step', delta: 1 }),
      formPrevStep: () => send({ type: 'step', delta: -1 }),
      formAddRow: () => send({ type: 'row-add' }),
      formRemoveRow: () => send({ type: 'row-remove' }),
      formSuggest: () => { if (s.focus) send({ type: 'suggest', list: form.suggestionsFor(s.focus) }); },
      formEnter: () => {
        if (focusMeta?.kind === 'save-as') {
          const v = s.values[focusMeta.name];
          if (typeof v === 'string' && v.trim() !== '') form.saveAs(v);
          else send({ type: 'notice', notice: { tone: 'info', text: 'Type a file name first, then Enter saves the request body there.' } });
          return;
        }
        const fields = visibleFields(def, s.step, s.values);
        if (s.step === def.steps.length - 1 && s.focus === fields[fields.length - 1]) {
          send({ type: 'notice', notice: { tone: 'info', text: 'Press Ctrl+S to send the request.' } });
          return;
        }
        send({ type: 'next' });
      },
    };
    const used = isTextField(def, s)
      ? keys.run(FORM_SCOPES.text, {
        ...form_,
        ...lineKeys((command) => send({ type: 'edit', edit: { type: 'line', command } })),
      }, input, key)
      : keys.run(FORM_SCOPES.choice, {
        ...form_,
        choiceNext: () => send({ type: 'edit', edit: { type: 'choice', command: 'next' } }),
        choicePrev: () => send({ type: 'edit', edit: { type: 'choice', command: 'prev' } }),
        choiceClear: () => send({ type: 'edit', edit: { type: 'choice', command: 'clear' } }),
      }, input, key);
    return used ? result : false;
  };

  return {
    key(e) {
      const { phase, created } = store.get();
      switch (phase.kind) {
        case 'edit': {
          const used = edit(e.input, e.key);
          if (used !== false) return used;
          // A letter on a choice or on/off field picks by its first letter (y/n, t/f, 1/0).
          if (isText(e)) {
            send({ type: 'edit', edit: { type: 'text', text: e.input } });
            return true;
          }
          return false;
        }
        case 'sending':
          return isText(e); // one POST per Ctrl+S: nothing else until it is answered
        case 'confirm-leave': {
          let result: KeyResult = true;
          const used = keys.run(FORM_SCOPES.confirmLeave, {
            confirmLeave: () => { result = leave(() => { form.flush(); props.onExit(); }); },
            confirmDiscard: () => { result = leave(() => { form.discard(); props.onExit(); }); },
            confirmStay: () => send({ type: 'phase', phase: { kind: 'edit' } }),
          }, e.input, e.key);
          return used ? result : isText(e);
        }
        case 'confirm-overwrite':
          return keys.run(FORM_SCOPES.overwrite, {
            overwriteReplace: () => form.answerOverwrite(true),
            overwriteKeep: () => form.answerOverwrite(false),
          }, e.input, e.key) || isText(e);
        case 'failed':
          return keys.run(FORM_SCOPES.failed, {
            retrySend: () => form.submit(), // asks first when the last request may have created it
            failedBack: () => send({ type: 'phase', phase: { kind: 'edit' } }),
          }, e.input, e.key) || isText(e);
        case 'confirm-resend':
          return keys.run(FORM_SCOPES.resend, {
            resendConfirm: () => form.submit(true),
            resendCancel: () => send({ type: 'phase', phase: phase.back }),
          }, e.input, e.key) || isText(e);
        case 'save-credentials': {
          return keys.run(FORM_SCOPES.saveCredentials, {
            credentialsSave: () => form.saveCredentials(phase.line.value),
            credentialsCancel: () => send({ type: 'phase', phase: { kind: 'success' } }),
            ...lineKeys((command) => send({ type: 'save-line', command })),
          }, e.input, e.key) || (isText(e) ? (send({ type: 'save-line', text: e.input }), true) : false);
        }
        case 'success': {
          const uuid = created?.uuid;
          const secret = created !== undefined && hasSecrets(created.answer);
          let result: KeyResult = true;
          const used = keys.run(FORM_SCOPES.done, {
            doneOpen: () => (uuid && def.id === 'create-app'
              ? (result = leave(() => props.onOpenDeployments(uuid, store.get().form.values.instant_deploy === true)), true)
              : false),
            // Asking is the request: no --show-secrets needed for what was made for the user.
            doneReveal: () => (secret ? send({ type: 'reveal' }) : false),
            doneSave: () => (secret ? form.startSaveCredentials() : false),
            doneClose: () => { result = leave(() => props.onExit(uuid ? { uuid } : undefined)); },
          }, e.input, e.key);
          return used ? result : isText(e);
        }
      }
    },
    // Text typed or pasted into a text field (or the credentials file name) goes in whole (a paste is one edit).
    text(run) {
      const { phase, form: s } = store.get();
      if (phase.kind === 'save-credentials') {
        send({ type: 'save-line', text: run });
        return run.length;
      }
      if (phase.kind !== 'edit' || !isTextField(def, s)) return 0;
      send({ type: 'edit', edit: { type: 'text', text: run } });
      return run.length;
    },
  };
}

export function CreateForm(props: CreateFormProps) {
  const { def, title, isActive = true } = props;
  const theme = useTheme();
  const { width } = useTerminalSize({ width: 100, height: 30 });
  const frame = Math.max(12, props.height ?? 24) - 1;
  const form = useForm({ def, client: props.client, configDir: props.configDir, from: props.from, suggestions: props.suggestions });
  const { form: state, phase, revealed, created } = form.state;
  const notice = form.state.notice ?? bannerOf(def, form.state);
  const notes = notesOf(form.state);

  const keys = useKeyTable();
  useKeys('screen', formListener(form, props, keys), isActive);

  // The fields take the room the header, notice and footer leave: measured once drawn.
  const area = useRef<DOMElement>(null);
  const guess = frame - (props.connection ? 1 : 0) - 2 - 1 - 1;
  const room = useMeasured(() => {
    const measured = area.current ? measureElement(area.current).height : 0;
    return measured > 0 ? measured : undefined;
  }, guess);

  const errors = useMemo(() => problemsOf(state), [state]);
  const failing = useMemo(() => new Set(Object.keys(errors).filter((f) => def.fields[f]).map((f) => def.fields[f]!.step)), [errors, def]);
  const step = def.steps[state.step]!;
  const reviewBody = useMemo(
    () => (step.review ? buildBody(def, state.values, REVIEW_PROBE).body : {}),
    [step.review, def, state.values],
  );
  const toneColour = (tone: 'info' | 'success' | 'warning' | 'error') =>
    (tone === 'error' ? theme.ui.error : tone === 'warning' ? theme.ui.warning : tone === 'success' ? theme.ui.success : theme.ui.muted);

  const header = (
    <Box flexDirection="column" flexShrink={0}>
      {props.connection ? <ConnectionLine connection={props.connection} /> : null}
      <Text bold color={theme.ui.title} wrap="truncate-end">
        {title} <Text color={theme.ui.muted}>— step {state.step + 1} of {def.steps.length}: {step.title}</Text>
      </Text>
      <StepBar steps={def.steps} current={state.step} failing={failing} />
    </Box>
  );

  if ((phase.kind === 'success' || phase.kind === 'save-credentials' || (phase.kind === 'confirm-overwrite' && phase.what === 'credentials')) && created) {
    const canOpen = def.id === 'create-app' && created.uuid;
    const secret = hasSecrets(created.answer);
    const lines = answerLines(created.answer, revealed);
    return (
      <Box flexDirection="column">
        <Text bold color={theme.ui.success}>✓ {def.id === 'create-app' ? 'Application created.' : 'Docstore database created.'}</Text>
        {lines.length === 0
          ? <Text color={theme.ui.muted}>The server answered "Database updated" without details.</Text>
          : lines.map(([k, v]) => (
            <Text key={k} wrap="wrap"><Text color={theme.ui.muted}>{k}:</Text> {v}</Text>
          ))}
        {secret
          ? <Text color={theme.ui.warning} wrap="wrap">
            {def.id === 'create-docstore'
              ? 'The server generated the root password and sends it only once: it is in the URLs above.'
              : 'The answer holds secrets.'}
            {revealed ? ' Shown in clear.' : ' Hidden (••••) until you ask.'}
          </Text>
          : null}
        {form.state.notice
          ? <Text color={toneColour(form.state.notice.tone)} wrap="wrap">{form.state.notice.text}</Text> : null}
        {phase.kind === 'save-credentials'
          ? (
            <Box marginTop={1} flexDirection="column">
              <Text wrap="truncate-start">
                Save to: {(() => {
                  const [before, at, after] = cursorParts(phase.line);
                  return <>{clean(before)}<Text inverse>{clean(at) || ' '}</Text>{clean(after)}</>;
                })()}
              </Text>
              <Text color={theme.ui.muted}>
                <Text color={theme.ui.key}>Enter</Text> saves (a new file, mode 0600; asks before replacing one) · <Text color={theme.ui.key}>Esc</Text> cancels
              </Text>
            </Box>
          )
          : phase.kind === 'confirm-overwrite'
            ? (
              <Box marginTop={1} flexDirection="column">
                <Text color={theme.ui.warning} wrap="wrap">{clean(phase.path)} already exists.</Text>
                <Text color={theme.ui.warning} wrap="wrap">Replace it with the credentials? The new file gets mode 0600 (only you can read it).</Text>
                <Text><Text color={theme.ui.key}>y</Text> replace · <Text color={theme.ui.key}>n</Text> keep it (nothing is saved)</Text>
              </Box>
            )
            : (
              <Box marginTop={1}>
                <Text color={theme.ui.muted} wrap="wrap">
                  {canOpen ? <><Text color={theme.ui.key}>Enter/o</Text> {state.values.instant_deploy === true ? 'follows its deployment' : 'opens its deployments'} · </> : null}
                  {secret ? <><Text color={theme.ui.key}>s</Text> {revealed ? 'hides' : 'shows'} the password · <Text color={theme.ui.key}>w</Text> saves it to a file · </> : null}
                  <Text color={theme.ui.key}>Esc</Text> closes
                </Text>
              </Box>
            )}
      </Box>
    );
  }

  if (phase.kind === 'failed' || phase.kind === 'confirm-resend') {
    // After a request that may have created it (its answer lost or unreadable), not "Not created".
    const unsure = form.state.unsure;
    const said = phase.kind === 'failed' ? phase : unsure ?? { message: '', hint: '' };
    const key = (id: CommandId) => <Text color={theme.ui.key}>{keys.command(id).label}</Text>;
    const thing = def.id === 'create-app' ? 'application' : 'database';
    return (
      <Box flexDirection="column">
        {header}
        <Box marginTop={1} flexDirection="column">
          {unsure
            ? <Text color={theme.ui.warning} wrap="wrap">! {said.message}</Text>
            : <Text color={theme.ui.error} wrap="wrap">✗ Not created: {said.message}</Text>}
          {said.hint ? <Text color={theme.ui.muted} wrap="wrap">{said.hint}</Text> : null}
          <Text color={theme.ui.muted}>Your input is kept in the draft.</Text>
          {phase.kind === 'confirm-resend'
            ? <Text color={theme.ui.warning} wrap="wrap">Send the request again? It may make a second {thing}. {key('resendConfirm')} send · {key('resendCancel')} do not send</Text>
            : <Text>{key('retrySend')} sends again{unsure ? ' (asks first)' : ''} · {key('failedBack')} back to the form</Text>}
        </Box>
      </Box>
    );
  }

  if (phase.kind === 'confirm-overwrite') {
    return (
      <Box flexDirection="column">
        {header}
        <Box marginTop={1} flexDirection="column">
          <Text color={theme.ui.warning} wrap="wrap">{clean(phase.path)} already exists.</Text>
          <Text color={theme.ui.warning} wrap="wrap">Replace it with the request body? The new file gets mode 0600 (only you can read it).</Text>
          <Text>
            <Text color={theme.ui.key}>y</Text> replace · <Text color={theme.ui.key}>n</Text> keep it (nothing is saved)
          </Text>
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

  /** How a value got there: the form's default, or recalled from a recent creation (both are sent). */
  const markOf = (name: string): ValueMark | undefined => {
    const v = state.values[name];
    if (v === undefined || !isSet(v)) return undefined;
    const origin = def.fields[name]?.recent && typeof v === 'string' ? form.recalledFrom(name, v) : undefined;
    if (origin) return origin;
    return v === def.defaultOf(name, state.values) ? 'default' : undefined;
  };

  // The fields of the step that fit the measured room, around the focused one.
  const names = visibleFields(def, state.step, state.values);
  const heights = names.map((n) => fieldHeight({
    meta: def.fields[n]!, value: state.values[n], focused: n === state.focus, error: state.errors[n],
    serverError: state.serverErrors[n], suggestions: n === state.focus ? form.suggestionsFor(n) : undefined,
    note: notes[n], width,
  }));
  const fieldsTotal = heights.reduce((a, b) => a + b, 0);
  const bodyError = errors['(body)'];
  // Below the fields: the sending line, a request-wide error, the quick step's pointer to more; on the review step, its JSON.
  const below = (phase.kind === 'sending' ? 1 : 0) + (bodyError ? 1 : 0) + (step.quick ? 1 : 0);
  const saveAsValue = state.values.$save_as;
  const saveAs = typeof saveAsValue === 'string' ? saveAsValue : '';
  // The review's margin and title, and its "Send later" command, whole on as many lines as it takes.
  const reviewRoom = step.review ? Math.max(3, room - below - fieldsTotal - 2 - sendLaterLines(def.noun, saveAs, width).length) : 0;
  const budget = step.review ? fieldsTotal + 2 : room - below;
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
  const more = def.steps.filter((s) => !s.quick && !s.review).map((s) => s.title);

  return (
    <Box flexDirection="column" height={frame}>
      {header}
      {notice
        ? <Text wrap="wrap" color={toneColour(notice.tone)}>{notice.text}</Text>
        : <Text> </Text>}
      <Box ref={area} flexDirection="column" flexGrow={1}>
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
            mark={markOf(n)}
            note={notes[n]}
            width={width}
          />
        ))}
        {hi < names.length - 1 ? <Text color={theme.ui.muted}>  ↓ {names.length - 1 - hi} more</Text> : null}
        {step.quick
          ? <Text color={theme.ui.muted} wrap="truncate-end"><Text color={theme.ui.key}>Ctrl+S</Text> sends this · <Text color={theme.ui.key}>PgDn</Text> more settings: {more.join(', ')}</Text>
          : null}
        {step.review
          ? <Review body={reviewBody} noun={def.noun} file={saveAs} maxLines={reviewRoom} width={width} />
          : null}
        {bodyError ? <Text color={theme.ui.error} wrap="truncate-end">✗ {bodyError}</Text> : null}
        {phase.kind === 'sending' ? <Text color={theme.ui.warning}>Sending…</Text> : null}
      </Box>
      <Text color={theme.ui.muted} wrap="truncate-end">
        {keys.footerOf('form').map((c, i) => (
          <Text key={c.id}>{i > 0 ? ' · ' : ''}<Text color={theme.ui.key}>{c.label}</Text> {c.description}</Text>
        ))}
      </Text>
    </Box>
  );
}
