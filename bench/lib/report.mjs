// The bench's report: each figure's verdict against its goal, the table printed at the end (and
// written into bench/results.json), the machine it ran on, and the latest run rewritten in the docs
// (docs/performance.md's table, docs/bench.md's detail lines) between their markers.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './bundle.mjs';
import { fmt } from './stats.mjs';

const log = (s) => process.stderr.write(`${s}\n`);

/** Sets each result's verdict: PASS or MISS against its `max`, `info` without one, `n/a` when not measured. */
export function judge(results) {
  for (const r of results) {
    if (r.status !== 'measured') r.verdict = 'n/a';
    else if (r.max === undefined) r.verdict = 'info';
    else r.verdict = r.value <= r.max ? 'PASS' : 'MISS';
  }
}

/** A measured figure's absolute values (or its ratio's parts), in the words of its kind. */
function absolute(r) {
  if (r.a_mib !== undefined) return `${fmt(r.a_mib, 1)} vs ${fmt(r.b_mib, 1)} MiB`;
  if (r.key === 'bigParse' || r.key === 'bigParseQueue')
    return `${fmt(r.ratio, 1)}× JSON.parse ${fmt(r.json_parse_ms, 1)} ms; warm ${fmt(r.warm_ms, 1)} ms`;
  if (r.key === 'soak')
    return `heap ${fmt(r.after20.heapMiB, 1)}→${fmt(r.end.heapMiB, 1)}, RSS ${fmt(r.rss_after20_median, 1)}→${fmt(r.rss_end_median, 1)} MiB`;
  if (r.key === 'burst') return `one n ${fmt(r.b_ms, 1)} ms`;
  if (r.key === 'logOpen' || r.key === 'logMove') return `${fmt(r.ratio, r.key === 'logOpen' ? 0 : 1)}× floor ${fmt(r.b_ms, 2)} ms`;
  if (r.key === 'logSoak')
    return `heap ${fmt(r.after20.heapMiB, 1)}→${fmt(r.end.heapMiB, 1)}, RSS ${fmt(r.rss_after20_median, 1)}→${fmt(r.rss_end_median, 1)} MiB`;
  if (r.key === 'logSoakBytes' || r.key === 'logSoakBytesNewest')
    return `${fmt(r.bytes_per_tick / 2 ** 20, 2)} of ${fmt(r.page_bytes / 2 ** 20, 1)} MiB a tick`;
  if (r.key?.startsWith('render_') || r.key?.startsWith('table_') || r.key === 'bigTable')
    return `${fmt(r.ratio, 1)}× floor ${fmt(r.b_ms, 2)} ms`;
  if (r.key === 'firstFrameHeavy') return `${fmt(r.a_ms, 0)} vs ${fmt(r.hello_ms, 0)} hello / ${fmt(r.fetch_parse_ms, 0)} f+p ms`;
  if (r.key === 'historyAll' || r.key === 'statsTime') return `${fmt(r.a_ms / 1000, 2)} vs ${fmt(r.b_ms / 1000, 2)} s`;
  if (r.key === 'historySearch')
    return `${r.requests} requests: ${Object.entries(r.by_take)
      .map(([t, s]) => `${s.requests}×${t}`)
      .join(', ')}`;
  if (r.key === 'historyMove') return `from write ${fmt(r.from_write_ms, 1)}; idle ${fmt(r.idle_ms, 1)} ms`;
  if (r.key === 'historyMemory')
    return `RSS ${fmt(r.before.rssMiB, 1)}→${fmt(r.after.rssMiB, 1)}, heap ${fmt(r.before.heapMiB, 1)}→${fmt(r.after.heapMiB, 1)} MiB`;
  if (r.a_ms !== undefined) return `${fmt(r.a_ms, 0)} vs ${fmt(r.b_ms, 0)} ms`;
  return '';
}

/** The final table: a row a figure (judged), columns padded to their widest cell. */
export function tableOf(results) {
  const rows = results.map((r) => [
    r.figure,
    r.status === 'measured' ? `${fmt(r.value, r.digits ?? 2)}${r.unit ?? '×'}` : 'not measured',
    r.status === 'measured' ? absolute(r) : r.reason.length > 60 ? `${r.reason.slice(0, 57)}…` : r.reason,
    r.goal,
    r.verdict === 'n/a' ? '—' : r.verdict,
  ]);
  const head = ['figure', 'measured', 'absolute / floor', 'goal', 'result'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => String(c).padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The machine the run was on; `loadAtStart`: the 1-minute load average when the run started. */
export function machineOf(loadAtStart) {
  return {
    nproc: Number(execFileSync('nproc', { encoding: 'utf8' }).trim()),
    cpu: cpus()[0]?.model ?? readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/)?.[1] ?? 'unknown',
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    // 1-minute load average at the start and the end: above nproc, other work shared the CPUs.
    load: [Number(loadAtStart.toFixed(2)), Number(loadavg()[0].toFixed(2))],
  };
}

/** Rewrites the latest run in the docs (full runs only): the table between the bench markers of
 * docs/performance.md, every figure's detail line between those of docs/bench.md. */
export function updateDocs({ date, machine, seconds, pairs, table, results }) {
  const head =
    `Last run ${date.slice(0, 16).replace('T', ' ')} UTC: ${machine.nproc} × ${machine.cpu}, node ${machine.node},` +
    ` ${machine.platform}; load average ${machine.load.join(' → ')} (start → end); ${pairs} pairs per ratio; ${Math.round(seconds)} s.`;
  const details = results
    .filter((r) => r.detail)
    .map((r) => `- ${r.figure}: ${r.detail}`)
    .join('\n');
  replaceBlock('docs/performance.md', 'bench', `${head}\n\n\`\`\`\n${table}\n\`\`\``);
  replaceBlock('docs/bench.md', 'bench:details', `${head}\n\n${details}`);
}

/** Replaces what lies between `<!-- NAME:begin -->` and `<!-- NAME:end -->` in a file of the repository. */
function replaceBlock(path, name, text) {
  const file = join(ROOT, path);
  if (!existsSync(file)) return;
  const doc = readFileSync(file, 'utf8');
  const start = `<!-- ${name}:begin -->`;
  const end = `<!-- ${name}:end -->`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i < 0 || j < i) {
    log(`${path}: no ${start} … ${end} markers; not updated`);
    return;
  }
  writeFileSync(file, `${doc.slice(0, i)}${start}\n${text}\n${doc.slice(j)}`);
  log(`${path} updated`);
}
