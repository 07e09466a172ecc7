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

  /** whether progress is one status line redrawn in place (a terminal, not quiet) */
  get redrawn(): boolean {
    return this.tty;
  }

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

/** What one benchmark of a run says: its steps, details within them, and what it writes on stderr. */
export interface BenchLines {
  step(label: string): void;
  detail(label: string): void;
  /** its last step has begun */
  stepsDone(): void;
  stderr(text: string): void;
}

/**
 * Progress of benchmarks that run at the same time, printed as if they had run one after another.
 * Off a terminal: the first benchmark's lines (and its stderr) are printed as they come, and each
 * later benchmark's are held until every one before it has printed its last step, then printed in
 * order; `finalStep` follows the last benchmark's. So two runs print the same lines in the same
 * order however the benchmarks overlap. On a terminal: the status line shows what each running
 * benchmark is doing, and stderr is printed at once (above the status line).
 */
export class BenchProgressLines {
  private live = 0;
  private stopped = false;
  private readonly slots: { held: ({ line: string } | { raw: string })[]; stepsDone: boolean; status: string; running: boolean }[];

  constructor(
    private readonly progress: Progress,
    count: number,
    private readonly finalStep: string,
    private readonly stderr: (text: string) => void = (text) => void process.stderr.write(text),
  ) {
    this.slots = Array.from({ length: count }, () => ({ held: [], stepsDone: false, status: '', running: false }));
  }

  bench(index: number): BenchLines {
    const slot = this.slots[index];
    const status = (label: string) => {
      slot.running = true;
      slot.status = label;
      this.progress.step(
        this.slots
          .filter((s) => s.running)
          .map((s) => s.status)
          .join(' | '),
      );
    };
    return {
      step: (label) => {
        if (this.stopped) return;
        if (this.progress.redrawn) status(label);
        else if (index <= this.live) this.progress.step(label);
        else slot.held.push({ line: label });
      },
      detail: (label) => {
        if (!this.stopped && this.progress.redrawn) status(label);
      },
      stepsDone: () => {
        if (this.stopped) return;
        slot.stepsDone = true;
        if (index === this.live) this.advance();
      },
      stderr: (text) => {
        if (this.stopped) return;
        if (this.progress.redrawn || index <= this.live) this.stderr(text);
        else slot.held.push({ raw: text });
      },
    };
  }

  /** A benchmark's report is rendered: it leaves the status line. */
  finished(index: number): void {
    this.slots[index].running = false;
  }

  /** A benchmark failed: what the benchmarks up to it said is printed, and nothing more. */
  failed(index: number): void {
    if (this.stopped) return;
    for (; this.live <= index && this.live < this.slots.length; this.live++) this.flush(this.slots[this.live]);
    this.stopped = true;
  }

  private flush(slot: (typeof this.slots)[number]): void {
    for (const h of slot.held) {
      if ('line' in h) this.progress.step(h.line);
      else this.stderr(h.raw);
    }
    slot.held = [];
  }

  private advance(): void {
    while (this.live < this.slots.length && this.slots[this.live].stepsDone) {
      this.live++;
      if (this.live < this.slots.length) this.flush(this.slots[this.live]);
    }
    if (this.live === this.slots.length) this.progress.step(this.finalStep);
  }
}
