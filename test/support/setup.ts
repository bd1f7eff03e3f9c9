// Runs in every test file: once it is done (after the file's own afterAll hooks, which stop its
// servers and processes), its tmux server is stopped and its socket removed, then the temp
// folders it made are removed. global-setup.ts checks at the end of the run that nothing is left.
import { afterAll } from 'vitest';
import { removeTempDirs } from './temp.js';
import { stopTmuxServer } from './tmux.js';

afterAll(() => {
  stopTmuxServer();
  removeTempDirs();
});
