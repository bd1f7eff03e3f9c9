// Runs in every test file: whatever temp folders it made are removed once it is done.
import { afterAll } from 'vitest';
import { removeTempDirs } from './temp.js';

afterAll(removeTempDirs);
