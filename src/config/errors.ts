// The user's mistake in settings or files: shown as a plain message, never with a stack.

/** Message says what is wrong and what to do. Never holds a token. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
