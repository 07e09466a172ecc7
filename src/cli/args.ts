import { parseArgs } from 'node:util';

/** A usage error: printed with the command's help, exit code 2. */
export class UsageError extends Error {}

export interface Parsed {
  values: { [name: string]: string | undefined } & { help?: boolean };
  positionals: string[];
}

/** Parses string options (and -h/--help) strictly: an unknown flag is a usage error. */
export function parse(args: string[], options: Record<string, { type: 'string' }>): Parsed {
  try {
    return parseArgs({ args, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true }) as unknown as Parsed;
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}

export function intOption(value: string | undefined, name: string, fallback: number, min = 0): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || !Number.isSafeInteger(Number(value))) throw new UsageError(`--${name} expects an integer >= ${min}, got ${JSON.stringify(value)}`);
  return Number(value);
}
