import { execFileSync } from 'node:child_process';

/**
 * Runs an independent reference implementation (scipy/numpy/statsmodels under Debian's python3,
 * or R) on JSON input and returns its JSON output. Used only in tests, never by the workbench.
 */
export function python(code: string, input: unknown): any {
  const out = execFileSync('/usr/bin/python3', ['-c', code], { input: JSON.stringify(input), maxBuffer: 1 << 28 });
  return JSON.parse(out.toString());
}

export function rscript(code: string, input: unknown): any {
  const out = execFileSync('Rscript', ['--vanilla', '-e', code], { input: JSON.stringify(input), maxBuffer: 1 << 28 });
  return JSON.parse(out.toString());
}
