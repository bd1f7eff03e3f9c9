// The creation forms' key scopes, by field kind and phase (searched in this order); the clash
// check reads them too.
import type { ScopeId } from '../../keys.js';

export const FORM_SCOPES = {
  text: ['line', 'form'],
  choice: ['formChoice', 'form'],
  confirmLeave: ['formConfirm'],
  overwrite: ['formOverwrite'],
  failed: ['formFailed'],
  resend: ['formResend'],
  saveCredentials: ['formSaveCredentials', 'line'],
  done: ['formDone'],
} as const satisfies Record<string, readonly ScopeId[]>;
