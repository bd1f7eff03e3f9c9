// The built binary under test: dist/dms.js, or DMS_BIN.
import { fileURLToPath } from 'node:url';

export const BIN = process.env.DMS_BIN ?? fileURLToPath(new URL('../../dist/dms.js', import.meta.url));
