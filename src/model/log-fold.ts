// What always differs between two runs of one build, folded away before their log lines are
// compared: timestamps and clock times, durations, sizes and progress counts, hashes and commit
// shas, uuids and deployment ids, container names, temporary paths, BuildKit's step numbers and
// seconds. The lines shown keep their real text; only the comparison reads the folded one. Pure.

const RULES: readonly (readonly [RegExp, string])[] = [
  // 2026-08-22T15:22:50.123456Z, 2026-08-22 15:22:50
  [/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g, '<time>'],
  [/\b\d{1,2}:\d{2}:\d{2}(\.\d+)?\b/g, '<time>'],
  // uuids, then hex runs of 7 or more with a digit in them (shas, image ids, container ids)
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>'],
  [/\b(?=[0-9a-f]*\d)[0-9a-f]{7,}\b/gi, '<hex>'],
  // 24-character deployment ids and the like: lower-case letters and digits, both
  [/\b(?=[a-z0-9]*\d)(?=[a-z0-9]*[a-z])[a-z0-9]{20,40}\b/g, '<id>'],
  // temporary and work folders
  [/\/(tmp|artifacts|var\/tmp)\/[^\s'":]+/g, '/$1/<path>'],
  // a container or job name ending in a run number: app-123456
  [/-\d{5,}\b/g, '-<n>'],
  // sizes and rates: 12.3 MiB, 900ms, 4.2s, 1m 3s, 512 kB, 3.20 MiB/s
  [/\b\d+(\.\d+)?\s?(ms|s|sec|m|min|h|B|kB|KB|MB|MiB|GB|GiB|KiB)\b(\/s)?/g, '<n>'],
  // progress counts: 12% (30/250)
  [/\b\d+(\.\d+)?%/g, '<n>%'],
  [/\(\d+\/\d+\)/g, '(<n>)'],
  // counts a tool reports as it ends: `Enumerating objects: 1133, done.`
  [/\b\d+(?=, done\b)/g, '<n>'],
  // BuildKit: `#12 3.456 ` and `#12 DONE`
  [/#\d+\b/g, '#<n>'],
  [/(^|\s)\d+\.\d{3}(?=\s)/g, '$1<n>'],
];

/** The line as two runs are compared: what always differs folded to a placeholder, spaces squeezed. */
export function foldLine(text: string): string {
  let out = text;
  for (const [re, to] of RULES) out = out.replace(re, to);
  return out.replace(/\s+/g, ' ').trim();
}
