// The oldest Node.js dms runs on (package.json's engines). Older lines lack what dms and its
// packages use (zlib.crc32, AbortSignal.any, the current majors of Ink and got). The binary's
// entry checks it before anything else loads, so this file imports nothing.
export const MIN_NODE_MAJOR = 22;

/** The exit code for a Node.js that is too old (EXIT.oldNode). */
export const OLD_NODE_EXIT = 14;

/** What to say when `version` (process.versions.node) is too old; undefined when it will do. */
export function nodeTooOld(version: string): string | undefined {
  const major = Number(version.split('.')[0]);
  if (Number.isInteger(major) && major >= MIN_NODE_MAJOR) return undefined;
  return `this is Node.js ${version}; dms needs Node.js ${MIN_NODE_MAJOR} or newer (24 recommended). Install a current Node.js, or run dms from its clone with npm start, which brings its own.`;
}
