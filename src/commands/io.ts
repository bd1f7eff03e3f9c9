// The streams and environment a headless command works with; tests pass fakes.

export interface CommandIO {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (on: boolean) => unknown };
  readonly env: NodeJS.ProcessEnv;
}
