// Runs in every test file. First, before the file's own imports: the caller's dms, XDG, colour
// and terminal variables are removed (env.ts), so nothing the test starts inherits them. Once the
// file is done (after its own afterAll hooks, which stop its servers and processes), its tmux
// server is stopped and its socket removed, then the temp folders it made are removed.
// global-setup.ts checks at the end of the run that nothing is left.
import { afterAll } from 'vitest';
import { clearCallerEnv } from './env.js';
import { removeTempDirs } from './temp.js';
import { stopTmuxServer } from './tmux.js';

clearCallerEnv();

afterAll(() => {
  stopTmuxServer();
  removeTempDirs();
});
