/**
 * How a figure's PDF is made with rsvg-convert (Debian librsvg2-bin): its arguments, environment and
 * errors, and the small converter process (pdf-process.ts) a `reproduce` run starts before it loads
 * any release. Spawning from a process whose heap is ~1 GB copies its page tables at every fork
 * (~40 ms of CPU per figure, measured); the small process forks only itself. Only node builtins are
 * imported here, so that process stays small.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { pdfFontsConf } from '../present/figures/figure-fonts.js';

export const RSVG_ARGS = (widthIn: number) => ['--format', 'pdf', '--width', `${widthIn}in`, '--keep-aspect-ratio'];
/**
 * SOURCE_DATE_EPOCH=0 keeps cairo's creation date out, so the bytes depend only on the SVG; the
 * fontconfig file lets rsvg-convert see only the PNGs' fonts (figure-fonts.ts), which also makes each
 * conversion cheaper: text is matched against two fonts, not every font installed (the sample
 * releases' 15 PDFs, rsvg-convert run on each: 1.23-1.46 s of CPU against 1.79-1.84 s, the same bytes).
 */
export const rsvgEnv = (): NodeJS.ProcessEnv => {
  const conf = pdfFontsConf();
  return { ...process.env, SOURCE_DATE_EPOCH: '0', ...(conf ? { FONTCONFIG_FILE: conf } : {}) };
};
export const missingRsvg = (message: string) =>
  new Error(`figures as PDF need rsvg-convert (Debian package librsvg2-bin, installed by scripts/setup.sh): ${message}`);
export const rsvgFailed = (status: number | null, stderr: string) => new Error(`rsvg-convert failed (exit ${status}): ${stderr.trim()}`);

/** What one conversion gave: the PDF, or why rsvg-convert could not start, or how it failed. */
export type Conversion = { ok: Buffer } | { missing: string } | { status: number | null; stderr: string };

/**
 * `runRsvg` with at most two conversions at once (two cores; each rsvg-convert takes one), the
 * others waiting their turn in the order asked: the queue of a thread, or of the converter process.
 */
export function rsvgQueue(): (svg: string | Buffer, widthIn: number) => Promise<Conversion> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (svg, widthIn) => {
    if (running >= 2) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      return await runRsvg(svg, widthIn);
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** One SVG -> PDF with a child rsvg-convert, without waiting for it. */
export function runRsvg(svg: string | Buffer, widthIn: number): Promise<Conversion> {
  return new Promise<Conversion>((resolve) => {
    const child = spawn('rsvg-convert', RSVG_ARGS(widthIn), { env: rsvgEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let settled = false;
    const settle = (c: Conversion) => {
      if (!settled) resolve(c);
      settled = true;
    };
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    // a process that could not start or died early closes its input: the exit says why
    child.stdin.on('error', () => {});
    child.on('error', (e) => settle({ missing: e.message }));
    // after a failed start this comes second and changes nothing
    child.on('close', (status) => settle(status === 0 ? { ok: Buffer.concat(out) } : { status, stderr: Buffer.concat(err).toString() }));
    child.stdin.end(svg);
  });
}

export function conversionResult(c: Conversion): Buffer {
  if ('ok' in c) return c.ok;
  if ('missing' in c) throw missingRsvg(c.missing);
  throw rsvgFailed(c.status, c.stderr);
}

// Frames on the converter's pipes, each [u32 length of the rest][u32 job id] then
//   a job:    [f64 width in inches][the SVG, UTF-8]
//   a reply:  [u8 0 PDF | 1 could not start | 2 failed][i32 exit status, -1 for none][the PDF, the error message or stderr]

export function jobFrame(id: number, svg: string, widthIn: number): Buffer {
  const body = Buffer.from(svg, 'utf8');
  const head = Buffer.alloc(16);
  head.writeUInt32LE(12 + body.length, 0);
  head.writeUInt32LE(id, 4);
  head.writeDoubleLE(widthIn, 8);
  return Buffer.concat([head, body]);
}

export function replyFrame(id: number, c: Conversion): Buffer {
  const [kind, status, body] = 'ok' in c ? [0, 0, c.ok] : 'missing' in c ? [1, -1, Buffer.from(c.missing)] : [2, c.status ?? -1, Buffer.from(c.stderr)];
  const head = Buffer.alloc(13);
  head.writeUInt32LE(9 + body.length, 0);
  head.writeUInt32LE(id, 4);
  head.writeUInt8(kind, 8);
  head.writeInt32LE(status, 9);
  return Buffer.concat([head, body]);
}

export function readReply(frame: Buffer): { id: number; conversion: Conversion } {
  const id = frame.readUInt32LE(0);
  const kind = frame.readUInt8(4);
  const status = frame.readInt32LE(5);
  const body = frame.subarray(9);
  const conversion: Conversion =
    kind === 0 ? { ok: Buffer.from(body) } : kind === 1 ? { missing: body.toString() } : { status: status < 0 ? null : status, stderr: body.toString() };
  return { id, conversion };
}

/** Cuts a byte stream into frames (each without its length prefix). */
export function frameReader(onFrame: (frame: Buffer) => void): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= 4) {
      const n = pending.readUInt32LE(0);
      if (pending.length < 4 + n) break;
      onFrame(pending.subarray(4, 4 + n));
      pending = pending.subarray(4 + n);
    }
  };
}

const PROCESS_FILE = new URL('./pdf-process.js', import.meta.url);

/** The converter process of one run; `stop` ends its input, and it exits once its conversions are answered. */
export interface PdfProcess {
  readonly pid: number | undefined;
  convert(svg: string, widthIn: number): Promise<Buffer>;
  stop(): void;
  /** rejected, with what the process said last, if it could not start or ended before `stop` */
  readonly failed: Promise<never>;
}

/** The last line a failed converter wrote on stderr (its error, see pdf-process.ts), at most 500 characters. */
const lastLine = (stderr: string) => stderr.trimEnd().split('\n').pop()!.slice(-500);

/**
 * Starts the converter (pdf-process.ts, run with this node), or gives undefined when there is no
 * compiled one beside this module (the TypeScript sources): PDFs are then spawned where they are made.
 * The process keeps no one alive: its pipes count only while a conversion is asked, and it exits when
 * its input ends (this process exited, was killed, or called `stop`).
 */
export function startPdfProcess(): PdfProcess | undefined {
  if (!existsSync(fileURLToPath(PROCESS_FILE))) return undefined;
  // its stderr is read (not inherited), so that what it said before failing is the run's error message
  const child: ChildProcess = spawn(process.execPath, [fileURLToPath(PROCESS_FILE)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const asked = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let gone: Error | undefined;
  let stopped = false;
  let stderr = '';
  let fail!: (e: Error) => void;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => {});
  const stdin = child.stdin!,
    stdout = child.stdout!,
    err = child.stderr!;
  const hold = (on: boolean) => {
    for (const h of [child, stdin, stdout, err] as { ref(): void; unref(): void }[]) on ? h.ref() : h.unref();
  };
  hold(false);
  const end = (e: Error) => {
    gone ??= e;
    for (const a of asked.values()) a.reject(gone);
    asked.clear();
    hold(false);
    if (!stopped) fail(gone);
  };
  stdin.on('error', () => {});
  err.setEncoding('utf8').on('data', (t: string) => (stderr = (stderr + t).slice(-4000)));
  child.on('error', (e) => end(new Error(`the PDF converter process could not start: ${e.message}`)));
  // 'close' comes after its stderr has been read to the end
  child.on('close', (code, signal) =>
    end(new Error(`the PDF converter process stopped (exit ${code ?? signal})${stderr.trim() ? `: ${lastLine(stderr)}` : ''}`)),
  );
  stdout.on(
    'data',
    frameReader((frame) => {
      const { id, conversion } = readReply(frame);
      const a = asked.get(id);
      if (!a) return;
      asked.delete(id);
      if (asked.size === 0) hold(false);
      try {
        a.resolve(conversionResult(conversion));
      } catch (e) {
        a.reject(e as Error);
      }
    }),
  );
  return {
    pid: child.pid,
    convert(svg, widthIn) {
      if (gone) return Promise.reject(gone);
      const id = nextId++;
      return new Promise<Buffer>((resolve, reject) => {
        if (asked.size === 0) hold(true);
        asked.set(id, { resolve, reject });
        stdin.write(jobFrame(id, svg, widthIn));
      });
    },
    stop() {
      stopped = true;
      stdin.end();
    },
    failed,
  };
}
