// A create form on screen: the title and step bar, then by phase the fields of the step that fit
// (and the review), a question, the failure, or the answer. State and effects come from useForm
// (use-form.ts), what keys do from formListener (keys.ts), every sentence from lines.ts.
import React, { useMemo, useRef, type RefObject } from 'react';
import { Box, Text, measureElement, type DOMElement } from 'ink';
import type { DmsClient } from '../../../api/client.js';
import { recentsServer } from '../../../config/recents.js';
import { buildBody } from '../../../forms/body.js';
import { answerLines, hasSecrets } from '../../../forms/created.js';
import type { FormDef } from '../../../forms/types.js';
import { visibleFields } from '../../../forms/values.js';
import { APP_FORM } from '../../../forms/app-form.js';
import { DOCSTORE_FORM } from '../../../forms/docstore-form.js';
import { clean } from '../../../text/sanitize.js';
import { ConnectionLine } from '../../components/header.js';
import { useMeasured } from '../../hooks/use-measured.js';
import { useTerminalSize } from '../../hooks/use-terminal-size.js';
import { useKeys } from '../../input/bus.js';
import { useKeyTable } from '../../input/key-table.js';
import { cursorParts } from '../../input/line-edit.js';
import type { KeyTable } from '../../keys.js';
import type { TuiConnection } from '../../options.js';
import { useTheme } from '../../theme.js';
import { FieldView, fieldHeight } from './field-view.js';
import { formListener, type FormKeyProps } from './keys.js';
import {
  EMPTY_ANSWER,
  KEPT_IN_DRAFT,
  SAVE_TO,
  SENDING,
  bannerOf,
  createdTitle,
  doneActions,
  draftConflictQuestion,
  failedActions,
  failedLine,
  footerActions,
  leaveQuestion,
  loseQuestion,
  moreAbove,
  moreBelow,
  notesOf,
  overwriteQuestion,
  quickActions,
  resendQuestion,
  saveCredentialsActions,
  secretNote,
  sendLaterLines,
  stepLabel,
} from './lines.js';
import { KeyChoices, Question } from './question.js';
import { Review } from './review.js';
import { failingSteps, fieldsThatFit, problemsOf, valueMark, type FormNotice } from './state.js';
import { StepBar } from './step-bar.js';
import { useForm, type FormController } from './use-form.js';

export interface CreateScreenProps extends Omit<FormKeyProps, 'def'> {
  readonly client: DmsClient;
  /** Where drafts and recent values live. */
  readonly configDir: string;
  /** `--from FILE`: a request body to start from (counts as the draft). */
  readonly from?: Record<string, unknown>;
  /** Values offered for where-fields besides the recent ones (e.g. the demo's seed). */
  readonly suggestions?: Readonly<Record<string, readonly string[]>>;
  /** Started with --show-secrets (the success screen reveals on `s` either way: asking is the request). */
  readonly showSecrets: boolean;
  /** False while another part of the UI owns the keyboard. */
  readonly isActive?: boolean;
  /** Where the request goes, shown on the first line (DEMO or context and server); the values sent are remembered for it. */
  readonly connection?: TuiConnection;
  /** The terminal's rows (the form's frame is one line shorter). */
  readonly height?: number;
  readonly onHelp?: () => void;
}

export interface CreateFormProps extends CreateScreenProps {
  readonly def: FormDef;
  readonly title: string;
}

/** `dms create app`: the application wizard (interface.md §2.2). */
export function CreateAppScreen(props: CreateScreenProps) {
  return <CreateForm {...props} def={APP_FORM} title="Create application" />;
}

/** `dms create docstore`: the docstore database form (interface.md §2.4). */
export function CreateDocstoreScreen(props: CreateScreenProps) {
  return <CreateForm {...props} def={DOCSTORE_FORM} title="Create docstore database" />;
}

const REVIEW_PROBE = (path: string) => `<contents of ${path}>`;

function useToneColour() {
  const theme = useTheme();
  return (tone: FormNotice['tone']) =>
    tone === 'error' ? theme.ui.error : tone === 'warning' ? theme.ui.warning : tone === 'success' ? theme.ui.success : theme.ui.muted;
}

export function CreateForm(props: CreateFormProps) {
  const { def, title, isActive = true } = props;
  const theme = useTheme();
  const keys = useKeyTable();
  const { width } = useTerminalSize({ width: 100, height: 30 });
  const frame = Math.max(12, props.height ?? 24) - 1;
  const server = props.connection ? recentsServer(props.connection) : undefined;
  const form = useForm({ def, client: props.client, configDir: props.configDir, server, from: props.from, suggestions: props.suggestions });
  const { form: state, phase, created } = form.state;
  useKeys('screen', formListener(form, props, keys), isActive);

  // The fields take the room the header, notice and footer leave: measured once drawn.
  const area = useRef<DOMElement>(null);
  const guess = frame - (props.connection ? 1 : 0) - 2 - 1 - 1;
  const room = useMeasured(() => {
    const measured = area.current ? measureElement(area.current).height : 0;
    return measured > 0 ? measured : undefined;
  }, guess);

  const errors = useMemo(() => problemsOf(state), [state]);
  const failing = useMemo(() => failingSteps(def, errors), [errors, def]);

  const header = (
    <Box flexDirection="column" flexShrink={0}>
      {props.connection ? <ConnectionLine connection={props.connection} /> : null}
      <Text bold color={theme.ui.title} wrap="truncate-end">
        {title} <Text color={theme.ui.muted}>{stepLabel(def, state.step)}</Text>
      </Text>
      <StepBar steps={def.steps} current={state.step} failing={failing} />
    </Box>
  );

  if (
    (phase.kind === 'success' ||
      phase.kind === 'save-credentials' ||
      phase.kind === 'confirm-lose' ||
      (phase.kind === 'confirm-overwrite' && phase.what === 'credentials')) &&
    created
  ) {
    return <Done form={form} def={def} keys={keys} />;
  }
  if (phase.kind === 'failed' || phase.kind === 'confirm-resend') return <Failed form={form} def={def} keys={keys} header={header} />;
  if (phase.kind === 'confirm-overwrite' || phase.kind === 'confirm-leave' || phase.kind === 'draft-conflict') {
    const question =
      phase.kind === 'confirm-leave'
        ? leaveQuestion(keys)
        : phase.kind === 'draft-conflict'
          ? draftConflictQuestion(phase.savedAt, keys)
          : overwriteQuestion(phase.path, phase.what, keys);
    return (
      <Box flexDirection="column">
        {header}
        <Box marginTop={1} flexDirection="column">
          <Question question={question} />
        </Box>
      </Box>
    );
  }
  return <Editing form={form} def={def} keys={keys} header={header} frame={frame} width={width} room={room} area={area} />;
}

interface PhaseProps {
  readonly form: FormController;
  readonly def: FormDef;
  readonly keys: KeyTable;
}

/** Created: the whole answer (secrets masked until asked), then saving the credentials or the keys that follow. */
function Done({ form, def, keys }: PhaseProps) {
  const theme = useTheme();
  const toneColour = useToneColour();
  const { phase, revealed, notice, form: state } = form.state;
  const created = form.state.created!;
  const secret = hasSecrets(created.answer);
  const lines = answerLines(created.answer, revealed);
  return (
    <Box flexDirection="column">
      <Text bold color={theme.ui.success}>
        {createdTitle(def)}
      </Text>
      {lines.length === 0 ? (
        <Text color={theme.ui.muted}>{EMPTY_ANSWER}</Text>
      ) : (
        lines.map(([k, v]) => (
          <Text key={k} wrap="wrap">
            <Text color={theme.ui.muted}>{k}:</Text> {v}
          </Text>
        ))
      )}
      {secret ? (
        <Text color={theme.ui.warning} wrap="wrap">
          {secretNote(def, revealed)}
        </Text>
      ) : null}
      {notice ? (
        <Text color={toneColour(notice.tone)} wrap="wrap">
          {notice.text}
        </Text>
      ) : null}
      {phase.kind === 'save-credentials' ? (
        <Box marginTop={1} flexDirection="column">
          <Text wrap="truncate-start">
            {SAVE_TO}
            {(() => {
              const [before, at, after] = cursorParts(phase.line);
              return (
                <>
                  {clean(before)}
                  <Text inverse>{clean(at) || ' '}</Text>
                  {clean(after)}
                </>
              );
            })()}
          </Text>
          <Text color={theme.ui.muted}>
            <KeyChoices actions={saveCredentialsActions(keys)} />
          </Text>
        </Box>
      ) : phase.kind === 'confirm-overwrite' || phase.kind === 'confirm-lose' ? (
        <Box marginTop={1} flexDirection="column">
          <Question question={phase.kind === 'confirm-lose' ? loseQuestion(keys) : overwriteQuestion(phase.path, phase.what, keys)} />
        </Box>
      ) : (
        <Box marginTop={1}>
          <Text color={theme.ui.muted} wrap="wrap">
            <KeyChoices
              actions={doneActions(keys, {
                open: def.id === 'create-app' && Boolean(created.uuid),
                follow: state.values.instant_deploy === true,
                secret,
                revealed,
              })}
            />
          </Text>
        </Box>
      )}
    </Box>
  );
}

/** Not created, or perhaps created (its answer lost or unreadable): what was said, and send again or go back. */
function Failed({ form, def, keys, header }: PhaseProps & { readonly header: React.ReactNode }) {
  const theme = useTheme();
  const { phase, unsure } = form.state;
  // After a request that may have created it, not "Not created".
  const said = phase.kind === 'failed' ? phase : (unsure ?? { message: '', hint: '' });
  return (
    <Box flexDirection="column">
      {header}
      <Box marginTop={1} flexDirection="column">
        <Text color={unsure ? theme.ui.warning : theme.ui.error} wrap="wrap">
          {failedLine(said.message, unsure !== undefined)}
        </Text>
        {said.hint ? (
          <Text color={theme.ui.muted} wrap="wrap">
            {said.hint}
          </Text>
        ) : null}
        <Text color={theme.ui.muted}>{KEPT_IN_DRAFT}</Text>
        {phase.kind === 'confirm-resend' ? (
          <Question question={resendQuestion(def, keys)} inline />
        ) : (
          <Text>
            <KeyChoices actions={failedActions(keys, unsure !== undefined)} />
          </Text>
        )}
      </Box>
    </Box>
  );
}

interface EditingProps extends PhaseProps {
  readonly header: React.ReactNode;
  /** Rows of the form's frame. */
  readonly frame: number;
  readonly width: number;
  /** Rows the fields' area got (measured). */
  readonly room: number;
  readonly area: RefObject<DOMElement | null>;
}

/** The fields of the step that fit the measured room, around the focused one; the review; the footer. */
function Editing({ form, def, keys, header, frame, width, room, area }: EditingProps) {
  const theme = useTheme();
  const toneColour = useToneColour();
  const { form: state, phase } = form.state;
  const notice = form.state.notice ?? bannerOf(def, form.state, keys);
  const notes = notesOf(form.state, keys);
  const step = def.steps[state.step]!;
  const reviewBody = useMemo(() => (step.review ? buildBody(def, state.values, REVIEW_PROBE).body : {}), [step.review, def, state.values]);

  const names = visibleFields(def, state.step, state.values);
  const heights = names.map((n) =>
    fieldHeight({
      meta: def.fields[n]!,
      value: state.values[n],
      focused: n === state.focus,
      error: state.errors[n],
      serverError: state.serverErrors[n],
      suggestions: n === state.focus ? form.suggestionsFor(n) : undefined,
      note: notes[n],
      width,
    }),
  );
  const fieldsTotal = heights.reduce((a, b) => a + b, 0);
  const bodyError = problemsOf(state)['(body)'];
  // Below the fields: the sending line, a request-wide error, the quick step's pointer to more; on the review step, its JSON.
  const below = (phase.kind === 'sending' ? 1 : 0) + (bodyError ? 1 : 0) + (step.quick ? 1 : 0);
  const saveAsValue = state.values.$save_as;
  const saveAs = typeof saveAsValue === 'string' ? saveAsValue : '';
  // The review's margin and title, and its "Send later" command, whole on as many lines as it takes.
  const reviewRoom = step.review ? Math.max(3, room - below - fieldsTotal - 2 - sendLaterLines(def.noun, saveAs, width, keys).length) : 0;
  const budget = step.review ? fieldsTotal + 2 : room - below;
  const { lo, hi } = fieldsThatFit(heights, Math.max(0, names.indexOf(state.focus ?? '')), budget);
  const shown = names.slice(lo, hi + 1);

  return (
    <Box flexDirection="column" height={frame}>
      {header}
      {notice ? (
        <Text wrap="wrap" color={toneColour(notice.tone)}>
          {notice.text}
        </Text>
      ) : (
        <Text> </Text>
      )}
      <Box ref={area} flexDirection="column" flexGrow={1}>
        {lo > 0 ? <Text color={theme.ui.muted}>{moreAbove(lo)}</Text> : null}
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
            mark={valueMark(def, state.values, n, form.recalledFrom)}
            note={notes[n]}
            width={width}
          />
        ))}
        {hi < names.length - 1 ? <Text color={theme.ui.muted}>{moreBelow(names.length - 1 - hi)}</Text> : null}
        {step.quick ? (
          <Text color={theme.ui.muted} wrap="truncate-end">
            <KeyChoices actions={quickActions(def, keys)} />
          </Text>
        ) : null}
        {step.review ? <Review body={reviewBody} noun={def.noun} file={saveAs} maxLines={reviewRoom} width={width} /> : null}
        {bodyError ? (
          <Text color={theme.ui.error} wrap="truncate-end">
            ✗ {bodyError}
          </Text>
        ) : null}
        {phase.kind === 'sending' ? <Text color={theme.ui.warning}>{SENDING}</Text> : null}
      </Box>
      <Text color={theme.ui.muted} wrap="truncate-end">
        <KeyChoices actions={footerActions(keys)} />
      </Text>
    </Box>
  );
}
