// The whole-history reading's progress line on stderr ("read 2,300 of 50,000", redrawn in place on
// a terminal; waits said as lines of their own elsewhere), and the heap setting for a reading whose
// records pass through: shared by `dms deployments --all` and `dms stats`.
import { setFlagsFromString } from 'node:v8';
import { thousands } from '../text/thousands.js';
import { sayWait, waitText } from './output.js';

/** Least time between two redraws of the progress line. */
const PROGRESS_MS = 100;

export interface Progress {
  update(read: number, total: number | null, matched: number | undefined, word?: string): void;
  /** A wait: on the line on a terminal, else a line of its own. */
  pause(why: string, ms: number): void;
  /** Takes the line off the terminal (before other output). */
  hide(): void;
  /** Puts it back. */
  show(): void;
  /** Takes the line off for good: the reading is over, whatever is written after. */
  end(): void;
}

/**
 * "read 2,300 of 50,000" on one line of a terminal, redrawn in place. Waits are said on it, or,
 * when stderr is not a terminal, as lines of their own (sayWait: "dms: waiting 3 s: the server
 * asks to slow down (429)"), so a script's log says why the reading stood still.
 */
export function progressLine(stderr: NodeJS.WritableStream, onTerminal: boolean): Progress {
  let text = '';
  let note = '';
  let visible = false;
  let over = false;
  let drawn = 0;
  const say = sayWait(stderr);
  const draw = () => {
    if (!onTerminal || over || text === '') return;
    stderr.write(`\r\u001b[K${text}${note}`);
    visible = true;
    drawn = Date.now();
  };
  const hide = () => {
    if (!visible) return;
    stderr.write('\r\u001b[K');
    visible = false;
  };
  return {
    update(read, total, matched, word = 'matching') {
      text = `read ${thousands(read)}${total !== null ? ` of ${thousands(total)}` : ''}${matched !== undefined ? ` · ${thousands(matched)} ${word}` : ''}`;
      note = '';
      if (Date.now() - drawn >= PROGRESS_MS) draw();
    },
    pause(why, ms) {
      if (over) return;
      if (!onTerminal) {
        say(why, ms);
        return;
      }
      note = ` · ${waitText(why, ms)}`;
      draw();
    },
    hide,
    show: draw,
    end() {
      hide();
      over = true;
    },
  };
}

/**
 * Every record passes through and is gone, so V8 is asked to keep its heap tight rather than grow
 * it for speed: the young generation is not grown, the old one by 10% at a time. (Both are read at
 * each collection.) Over monorepo-ci's 50,000 deployments peak RSS fell from ~150 to ~97 MiB in
 * the same time (bench figure 8).
 */
export function keepHeapTight(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
  setFlagsFromString('--heap-growing-percent=10');
}
