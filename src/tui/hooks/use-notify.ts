// Says that something ended (notify.ts: a desktop notification where the terminal shows one,
// else the bell), written straight to the terminal: the sequence takes no room on screen, so the
// frame Ink drew stays as it is. Off (--no-notify, DMS_NO_NOTIFY): nothing is written.
import { useCallback, useMemo } from 'react';
import { useStdout } from 'ink';
import { notification, notifyFormOf } from '../notify.js';
import { useSettings } from '../settings.js';

/** A function that notifies `title` and `body` (cleaned and cut by notify.ts). */
export function useNotify(): (title: string, body: string) => void {
  const { notify, env } = useSettings();
  const { stdout } = useStdout();
  const form = useMemo(() => notifyFormOf(env), [env]);
  return useCallback(
    (title: string, body: string) => {
      if (notify === false) return;
      stdout.write(notification(form, title, body));
    },
    [notify, form, stdout],
  );
}
