// Semantic colours. Components never name a colour: they read tokens from `useTheme()`.
// NO_COLOR / --no-color selects `plainTheme`, where every token is undefined (no colour at all).
import { createContext, useContext } from 'react';
import type { Phase } from '../model/deployment.js';

/** An Ink colour name, or undefined for the terminal default. */
export type Colour = string | undefined;

export interface Theme {
  readonly colour: boolean;
  readonly status: {
    readonly queued: Colour;
    readonly in_progress: Colour;
    readonly finished: Colour;
    readonly failed: Colour;
    readonly cancelled: Colour;
    readonly unknown: Colour;
  };
  readonly ui: {
    /** Cursor, focused field, selected entry. */
    readonly focus: Colour;
    readonly error: Colour;
    readonly warning: Colour;
    readonly success: Colour;
    /** Hints, labels, secondary text. */
    readonly muted: Colour;
    /** Header and section titles. */
    readonly title: Colour;
    /** A value that just changed (status flash). */
    readonly changed: Colour;
    /** The DEMO banner. */
    readonly demo: Colour;
    /** Key names in the footer and help. */
    readonly key: Colour;
  };
}

export const colourTheme: Theme = {
  colour: true,
  status: {
    queued: 'yellow',
    in_progress: 'cyan',
    finished: 'green',
    failed: 'red',
    cancelled: 'gray',
    unknown: 'magenta',
  },
  ui: {
    focus: 'cyan',
    error: 'red',
    warning: 'yellow',
    success: 'green',
    muted: 'gray',
    title: 'blue',
    changed: 'yellow',
    demo: 'magenta',
    key: 'cyan',
  },
};

export const plainTheme: Theme = {
  colour: false,
  status: { queued: undefined, in_progress: undefined, finished: undefined, failed: undefined, cancelled: undefined, unknown: undefined },
  ui: {
    focus: undefined,
    error: undefined,
    warning: undefined,
    success: undefined,
    muted: undefined,
    title: undefined,
    changed: undefined,
    demo: undefined,
    key: undefined,
  },
};

/** NO_COLOR (any non-empty value, https://no-color.org) or the --no-color flag. */
export function themeFor(noColor: boolean, env: NodeJS.ProcessEnv): Theme {
  return noColor || (env.NO_COLOR !== undefined && env.NO_COLOR !== '') ? plainTheme : colourTheme;
}

/** The colour token for a deployment status; unknown statuses get `status.unknown`. */
export function statusColour(theme: Theme, status: string | null | undefined): Colour {
  switch (status) {
    case 'queued':
      return theme.status.queued;
    case 'in_progress':
      return theme.status.in_progress;
    case 'finished':
      return theme.status.finished;
    case 'failed':
      return theme.status.failed;
    case 'cancelled-by-user':
    case 'cancelled':
      return theme.status.cancelled;
    default:
      return theme.status.unknown;
  }
}

/** A phase's colour: that of the status it stands for (running is `in_progress`). */
export function phaseColour(theme: Theme, phase: Phase): Colour {
  return phase === 'running' ? theme.status.in_progress : phase === 'unknown' ? theme.status.unknown : statusColour(theme, phase);
}

export const ThemeContext = createContext<Theme>(colourTheme);
export const ThemeProvider = ThemeContext.Provider;

export function useTheme(): Theme {
  return useContext(ThemeContext);
}
