/**
 * The small process a `reproduce` run starts before loading any release (see rsvg-convert.ts): it
 * reads SVG jobs on stdin, runs rsvg-convert for each, at most two at once (two cores; each takes
 * one), and answers with the PDF bytes or the error. It exits when its input ends, so it never
 * outlives the run.
 */
import { frameReader, replyFrame, rsvgQueue } from './rsvg-convert.js';

const runQueued = rsvgQueue();

async function convert(frame: Buffer): Promise<void> {
  // Test hook (test/reliability/thread-failures.test.ts; CONVENTIONS.md): WORKBENCH_TEST_FAULT=pdf-process
  // makes this process fail when it is given its first job, as a crash would.
  if (process.env.WORKBENCH_TEST_FAULT === 'pdf-process') throw new Error('test fault: the PDF converter process failed');
  const id = frame.readUInt32LE(0);
  const widthIn = frame.readDoubleLE(4);
  const svg = Buffer.from(frame.subarray(12));
  process.stdout.write(replyFrame(id, await runQueued(svg, widthIn)));
}

// the run has gone: nothing to answer to
process.stdout.on('error', () => process.exit(0));
// a failure here ends the process with its message as the last line on stderr, which the run reads
// as the reason it stopped (startPdfProcess), instead of a stack trace and Node's version
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (e: unknown) => {
    process.stderr.write(`${(e as Error)?.message ?? String(e)}\n`);
    process.exit(1);
  });
}
// at the end of its input, the conversions asked for are answered, then nothing holds the process
process.stdin.on(
  'data',
  frameReader((frame) => void convert(frame)),
);
