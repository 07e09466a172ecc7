/**
 * Prints the calibration table of a GlobeBench release (published aggregate vs recomputed):
 *   node dist/src/samples/globebench/print-calibration.js data/globebench
 * Exits non-zero when a target is missed.
 */
import { loadGlobebench } from '../../release/load/globebench.js';
import { formatCalibration, globebenchCalibration } from './calibration-report.js';

const dir = process.argv[2] ?? 'data/globebench';
const rows = globebenchCalibration(loadGlobebench(dir));
console.log(formatCalibration(rows));
const missed = rows.filter((r) => !r.ok).length;
console.log(`\n${rows.length - missed} of ${rows.length} targets hit`);
process.exitCode = missed > 0 ? 1 : 0;
