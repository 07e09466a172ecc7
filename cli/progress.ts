import { terminalText } from '../src/release/io/terminal-text.js';

/** The part of a stream progress writes to (process.stderr in the CLI; a fake one in tests). */
export interface ProgressStream {
  write(chunk: string | Uint8Array, ...rest: unknown[]): boolean;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressOptions {
  /** print nothing but what others write (warnings, errors) */
  quiet?: boolean;
  /** one status line redrawn in place (default: whether the stream is a terminal) */
  tty?: boolean;
  /** milliseconds since some fixed moment (default: performance.now) */
  now?: () => number;
}

/** Carriage return, then erase to the end of the line: the status line is drawn over itself. */
const CLEAR = '\r\u001b[K';

/**
 * Progress of a long run on stderr. On a terminal: one status line, `[12s] pawm: analyses 3/14`,
 * redrawn in place as steps begin and every second (the seconds are those since the run began), and
 * erased at the end; anything else written to the stream meanwhile (a loader's warning) is printed on
 * a line of its own above it. Elsewhere (a log, a pipe, a test): one plain line per step, without
 * control characters or timings, so two runs print the same. Quiet: nothing.
 *
 * Labels may hold release paths: printed through terminalText, so no path can move the cursor.
 */
export class Progress {
  private readonly tty: boolean;
  private readonly quiet: boolean;
  private readonly now: () => number;
  private readonly started: number;
  private status = '';
  private shown = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private realWrite: ProgressStream['write'] | undefined;

  constructor(
    private readonly stream: ProgressStream,
    opts: ProgressOptions = {},
  ) {
    this.quiet = opts.quiet ?? false;
    this.tty = !this.quiet && (opts.tty ?? stream.isTTY === true);
    this.now = opts.now ?? (() => performance.now());
    this.started = this.now();
    if (this.tty) this.interceptWrites();
  }

  /** A step begins (one line off a terminal). */
  step(label: string): void {
    if (this.quiet) return;
    const text = terminalText(label);
    if (!this.tty) {
      this.raw(`${text}\n`);
      return;
    }
    this.status = text;
    this.draw();
    if (!this.timer) {
      this.timer = setInterval(() => this.draw(), 1000);
      this.timer.unref();
    }
  }

  /** Where a step is within itself (e.g. which analysis): shown on a terminal only. */
  detail(label: string): void {
    if (this.tty) {
      this.status = terminalText(label);
      this.draw();
    }
  }

  /** A line that stays (a result: where the reports went, the verdict); nothing when quiet. */
  line(text: string): void {
    if (this.quiet) return;
    this.erase();
    this.raw(`${terminalText(text)}\n`);
    if (this.status !== '') this.draw();
  }

  /** Erases the status line and gives the stream back; call once, also when the run fails. */
  end(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.erase();
    this.status = '';
    if (this.realWrite) {
      this.stream.write = this.realWrite;
      this.realWrite = undefined;
    }
  }

  private draw(): void {
    const seconds = Math.floor((this.now() - this.started) / 1000);
    let line = `[${seconds}s] ${this.status}`;
    // a status line longer than the terminal wraps, and a carriage return then redraws only its last row
    const width = this.stream.columns ?? 0;
    if (width > 1 && line.length > width - 1) line = `${line.slice(0, width - 2)}…`;
    this.raw(`${CLEAR}${line}`);
    this.shown = true;
  }

  private erase(): void {
    if (!this.shown) return;
    this.raw(CLEAR);
    this.shown = false;
  }

  private raw(s: string): void {
    (this.realWrite ?? this.stream.write).call(this.stream, s);
  }

  /** Others' writes (a warning from a loader) go on a line of their own, and the status comes back under them. */
  private interceptWrites(): void {
    const real = this.stream.write;
    this.realWrite = real;
    this.stream.write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
      const wasShown = this.shown;
      this.erase();
      const ok = real.call(this.stream, chunk, ...rest);
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      if (wasShown && text.endsWith('\n') && this.status !== '') this.draw();
      return ok;
    };
  }
}
