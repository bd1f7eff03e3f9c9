// The built binary's packages that load on every start (React, Ink and ink-table: the `ui`
// script; got; zod: scripts/vendor-scripts.mjs) are plain scripts, not ES
// modules, so V8 can start them from its compiled code kept on disk (code-cache.ts): Node 20 has no
// code cache for ES modules. Only the build imports this file (through the stand-ins it makes for
// those packages); tests and the bench's floors use the packages themselves.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { cacheName, cachePlaces, readCache, writeCache } from './code-cache.js';
import { cacheNotes, cacheRefreshers } from './cache-notes.js';

/** A script's exports: one namespace object per package, and what its start waits for (the ui script's layout engine). */
export type VendorExports = Readonly<Record<string, Record<string, unknown>>> & { readonly ready?: Promise<void> };

/** Runs the vendor script `file` (`name`, whose content hash is `hash`), from its cached code when there is one. */
export async function loadVendorScript(file: URL, name: string, hash: string, env: NodeJS.ProcessEnv = process.env): Promise<VendorExports> {
  const path = fileURLToPath(file);
  const source = readFileSync(path, 'utf8');
  const places = cachePlaces(dirname(path), env);
  const stem = `${name}-vendor`;
  const cacheFile = cacheName(stem, hash);
  const cached = places ? readCache(places, cacheFile) : undefined;
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: path,
    cachedData: cached?.data,
  });
  if (cached && script.cachedDataRejected) cacheNotes.push(`code cache ${cached.file}: rejected by V8, made again`);
  else if (cached) cacheNotes.push(`code cache ${cached.file}: used`);
  const module = { exports: {} as VendorExports };
  (script.runInThisContext() as (...a: unknown[]) => void)(module.exports, createRequire(path), module, path, dirname(path));
  await module.exports.ready;
  if (places && (!cached || script.cachedDataRejected)) {
    // Written now, before the script is used: a run killed right after its first frame still
    // leaves a cache. Written again, with what was compiled since, when the run has drawn its
    // first frame (the TUI) or is about to end (a command), by refreshCaches().
    const written = writeCache(places, cacheFile, script.createCachedData(), stem);
    if (written) {
      cacheNotes.push(`code cache ${written}: written`);
      let once = false;
      cacheRefreshers.push(() => {
        if (once) return;
        once = true;
        const again = writeCache(places, cacheFile, script.createCachedData(), stem);
        if (again) cacheNotes.push(`code cache ${again}: written again with what this run compiled`);
      });
    }
  }
  return module.exports;
}
