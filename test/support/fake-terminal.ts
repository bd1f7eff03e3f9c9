// The fake terminal Ink renders into, for the UI tests (test/support/render.ts) and the bench
// (bench/render/terminal.ts): a stdin in raw mode that delivers keys as a terminal would, a stdout
// of a chosen size whose writes a subclass keeps as it needs (every frame, or the screen they
// draw), and the screen itself, read back from the bytes written.
import { EventEmitter } from 'node:events';

/** stdin in raw mode: `write(key)` delivers the key as a terminal would. */
export class FakeStdin extends EventEmitter {
  isTTY = true;
  data: string | null = null;
  write = (data: string) => {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  };
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read = () => {
    const d = this.data;
    this.data = null;
    return d;
  };
}

/** stdout of `columns` × `rows`; each write goes to `written`, which keeps nothing here. */
export class FakeStdout extends EventEmitter {
  readonly isTTY = true;
  constructor(
    public columns: number,
    public rows: number,
  ) {
    super();
  }
  write = (data: string | Uint8Array): boolean => {
    this.written(typeof data === 'string' ? data : Buffer.from(data).toString('utf8'));
    return true;
  };
  /** A new size, told to Ink as a terminal tells it. */
  resize(columns: number, rows: number): void {
    this.columns = columns;
    this.rows = rows;
    this.emit('resize');
  }
  protected written(_data: string): void {}
}

/** Keeps every write as a frame: Ink's debug mode writes each frame whole. */
export class FrameStdout extends FakeStdout {
  readonly frames: string[] = [];
  lastFrame = () => this.frames[this.frames.length - 1] ?? '';
  protected override written(data: string): void {
    this.frames.push(data);
  }
}

/**
 * What a terminal shows, from the bytes written: enough of VT100 for Ink's log-update
 * (incremental mode rewrites only changed lines: cursor up/next-line, erase line, column 1).
 */
export class VirtualScreen {
  lines: string[] = [''];
  private row = 0;
  private col = 0;

  apply(data: string) {
    const re = /\u001b\[([?0-9;]*)([@-~])|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b.|\n|\r|[^\u001b\n\r]+/g;
    for (const m of data.matchAll(re)) {
      const tok = m[0];
      if (tok === '\n') {
        this.row++;
        this.col = 0;
        this.ensure();
        continue;
      }
      if (tok === '\r') {
        this.col = 0;
        continue;
      }
      if (m[2] !== undefined) {
        const p = m[1] ?? '';
        const n = p === '' || p.startsWith('?') ? 1 : Math.max(1, Number(p.split(';')[0]) || 1);
        switch (m[2]) {
          case 'A':
            this.row = Math.max(0, this.row - n);
            break;
          case 'B':
            this.row += n;
            this.ensure();
            break;
          case 'E':
            this.row += n;
            this.col = 0;
            this.ensure();
            break;
          case 'F':
            this.row = Math.max(0, this.row - n);
            this.col = 0;
            break;
          case 'G':
            this.col = n - 1;
            break;
          case 'H':
            this.row = 0;
            this.col = 0;
            break;
          case 'J':
            if (p === '2' || p === '3') {
              this.lines = [''];
              this.row = 0;
              this.col = 0;
            }
            break;
          case 'K':
            if (p === '2') this.lines[this.row] = '';
            else if (p === '' || p === '0') this.lines[this.row] = [...(this.lines[this.row] ?? '')].slice(0, this.col).join('');
            break;
          default:
            break; // colours, cursor show/hide, synchronized output
        }
        continue;
      }
      if (tok.startsWith('\u001b')) continue;
      const chars = [...(this.lines[this.row] ?? '')];
      while (chars.length < this.col) chars.push(' ');
      const text = [...tok];
      chars.splice(this.col, text.length, ...text);
      this.lines[this.row] = chars.join('');
      this.col += text.length;
    }
  }

  private ensure() {
    while (this.lines.length <= this.row) this.lines.push('');
  }

  text(): string {
    return this.lines.join('\n');
  }
}
