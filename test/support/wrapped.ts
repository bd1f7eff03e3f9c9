// Text on a screen is wrapped where the screen ends, and a path under the run's temp folder can
// be long (the caller's TMPDIR: macOS's /var/folders/…/T/). Whether a screen shows a text whole
// is asked with line breaks and spaces left out of both, wherever the lines break.

const unwrapped = (s: string) => s.replace(/\s+/g, '');

/** Whether `screen` (a frame, a tmux capture) shows `text` whole, however its lines wrap. */
export function showsWhole(screen: string, text: string): boolean {
  return unwrapped(screen).includes(unwrapped(text));
}
