/**
 * The small process a `reproduce` run starts before loading any release (see rsvg-convert.ts): it
 * reads SVG jobs on stdin, runs rsvg-convert for each, at most two at once (two cores; each takes
 * one), and answers with the PDF bytes or the error. It exits when its input ends, so it never
 * outlives the run.
 */
import { frameReader, replyFrame, rsvgQueue } from './rsvg-convert.js';

const runQueued = rsvgQueue();

async function convert(frame: Buffer): Promise<void> {
  const id = frame.readUInt32LE(0);
  const widthIn = frame.readDoubleLE(4);
  const svg = Buffer.from(frame.subarray(12));
  process.stdout.write(replyFrame(id, await runQueued(svg, widthIn)));
}

// the run has gone: nothing to answer to
process.stdout.on('error', () => process.exit(0));
// at the end of its input, the conversions asked for are answered, then nothing holds the process
process.stdin.on('data', frameReader((frame) => void convert(frame)));
