// The built binary runs its code as plain scripts, not ES modules, so V8 can start them from its
// compiled code kept on disk (code-cache.ts): Node 20 has no code cache for ES modules. dms's own
// code is one script (dist/dms-app.cjs, loaded by app-script.ts); the packages that load on
// every start are others (React, Ink and ink-table: `ui`; got; zod: scripts/vendor-scripts.mjs),
// each loaded when first imported, through the stand-ins the build makes for those packages.
// Tests and the bench's floors use the sources and the packages themselves.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { cacheName, cachePlaces, readCache, writeCache, writePlaces } from './code-cache.js';
import { cacheNotes, cacheRefreshers, cachePending, scriptsRun } from './cache-notes.js';

/** A script's exports: one namespace object per package, and what its start waits for (the ui script's layout engine). */
export type VendorExports = Readonly<Record<string, Record<string, unknown>>> & { readonly ready?: Promise<void> };

/** Runs the vendor script `file` (`name`, whose content hash is `hash`) and waits for what its start waits for (the search worker's ES module). */
export async function loadVendorScript(
  file: URL,
  name: string,
  hash: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<VendorExports> {
  const exports = loadScript(fileURLToPath(file), `${name}-vendor`, hash, env);
  await exports.ready;
  return exports;
}

/**
 * Runs the script at `path` (its caches are named `stem`-…; `hash` is its content's), from its
 * cached code when there is one, and returns its exports at once: what its start still waits for
 * is in cachePending (the UI awaits it before it renders).
 */
export function loadScript(path: string, stem: string, hash: string, env: NodeJS.ProcessEnv = process.env): VendorExports {
  const source = readFileSync(path, 'utf8');
  const places = cachePlaces(dirname(path), env);
  scriptsRun.push(stem);
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
  if (module.exports.ready) cachePending.push(module.exports.ready);
  if (places && (!cached || script.cachedDataRejected)) {
    // Written now, before the script is used: a run killed right after its first frame still
    // leaves a cache. Written again, with what was compiled since, when the run has drawn its
    // first frame (the TUI) or is about to end (a command), by refreshCaches().
    const written = writeCache(writePlaces(places, env), cacheFile, script.createCachedData(), stem, {}, dirname(path));
    if (written) {
      cacheNotes.push(`code cache ${written}: written`);
      let once = false;
      cacheRefreshers.push(() => {
        if (once) return;
        once = true;
        const again = writeCache(writePlaces(places, env), cacheFile, script.createCachedData(), stem, {}, dirname(path));
        if (again) cacheNotes.push(`code cache ${again}: written again with what this run compiled`);
      });
    }
  }
  return module.exports;
}
