// How the UI's modules are loaded so that Ink starts as a terminal UI, fast. Two things Ink and
// its layout engine decide once, as they load, are steered here and put back right after:
//
// - Ink decides whether it runs in CI (`CI` or `CONTINUOUS_INTEGRATION` set) and then draws
//   nothing until exit. dms loads the UI only with a terminal on stdin and stdout, so it hides
//   those variables while Ink loads.
// - Ink's layout engine (yoga, WebAssembly) reads its binary from a `data:` URL with `fetch` when
//   there is one: Node then loads its whole HTTP client (undici) first, ~30 ms before the first
//   frame. Without `fetch` it decodes the same bytes itself; dms's requests use got, not fetch.
//
// Nothing else in dms changes the environment or the globals.

/** Runs `load` (an import of the modules that load Ink) with CI, CONTINUOUS_INTEGRATION and `fetch` hidden. */
export async function loadWithInkSteered<T>(load: () => Promise<T>): Promise<T> {
  const saved = { CI: process.env.CI, CONTINUOUS_INTEGRATION: process.env.CONTINUOUS_INTEGRATION };
  delete process.env.CI;
  delete process.env.CONTINUOUS_INTEGRATION;
  const fetch = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  if (fetch?.configurable) delete (globalThis as { fetch?: unknown }).fetch;
  try {
    return await load();
  } finally {
    for (const [k, v] of Object.entries(saved)) if (v !== undefined) process.env[k] = v;
    if (fetch?.configurable) Object.defineProperty(globalThis, 'fetch', fetch);
  }
}
