// Intl.ListFormat, made when first used. @sindresorhus/is (got's) makes two at its top level for
// its error messages; the first Intl object a process makes starts ICU (~20 ms), so every command
// that talks to the server paid that before its request could leave. In dms's bundles this class
// stands in for Intl.ListFormat (scripts/esbuild-options.mjs); it formats the same.
export class LazyListFormat {
  #args;
  #real;

  constructor(...args) {
    this.#args = args;
  }

  #formatter() {
    // Read by name: in the bundle, `Intl.ListFormat` written out would be this class.
    const Real = Reflect.get(Intl, 'ListFormat');
    return (this.#real ??= new Real(...this.#args));
  }

  format(list) {
    return this.#formatter().format(list);
  }

  formatToParts(list) {
    return this.#formatter().formatToParts(list);
  }

  resolvedOptions() {
    return this.#formatter().resolvedOptions();
  }
}
