// A page's notice (data in the reducers) as the message line words it, with the default keys.
import { DEFAULT_KEYS } from '../../src/tui/keys.js';
import { noticeText } from '../../src/tui/screens/deployments/lines.js';
import type { Notice } from '../../src/tui/browse/paging.js';

export function said(notice: Notice | null | undefined): string | null {
  return notice ? noticeText(notice, DEFAULT_KEYS) : null;
}
