import { parseArgs } from 'node:util';

/** A usage error: printed with the command's help, exit code 2. */
export class UsageError extends Error {}

export interface Parsed {
  values: { [name: string]: string | undefined } & { help?: boolean };
  positionals: string[];
}

/**
 * Parses string options (and -h/--help) strictly: an unknown flag is a usage error, and so is a flag
 * given twice (`--seed 1 --seed 2` would otherwise silently take the last value).
 */
export function parse(args: string[], options: Record<string, { type: 'string' }>): Parsed {
  // `--seed -1`: a negative number after a string option is its value (node's parser calls it
  // ambiguous), so that the option's own check says what range it takes
  const given: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const [a, next] = [args[i], args[i + 1]];
    if (a === '--') {
      given.push(...args.slice(i));
      break;
    }
    const name = /^--([^=]+)$/.exec(a)?.[1];
    if (name !== undefined && Object.hasOwn(options, name) && options[name].type === 'string' && next !== undefined && /^-\d/.test(next)) {
      given.push(`${a}=${next}`);
      i++;
    } else given.push(a);
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: given, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true, tokens: true });
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const seen = new Set<string>();
  for (const t of parsed.tokens ?? []) {
    if (t.kind !== 'option') continue;
    if (seen.has(t.name)) throw new UsageError(`--${t.name} is given more than once; give it once`);
    seen.add(t.name);
  }
  return { values: parsed.values, positionals: parsed.positionals } as unknown as Parsed;
}

/**
 * An integer option in [min, max]. `range` says in words what is honoured (printed in the error).
 * Decimal digits only: `1e3`, `0x10`, `-1` and `1.5` are refused rather than read another way.
 */
export function intOption(value: string | undefined, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`--${name} expects an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  return n;
}

/** Bootstrap resamples: each is a pass over the data, and the means are held in one array. */
export const MAX_RESAMPLES = 1_000_000;

/** Every seed in this range gives its own random streams (the generators use 32-bit state). */
export const MAX_SEED = 2 ** 32 - 1;

/**
 * Fewer bootstrap resamples than this and a 95% interval rests on its few most extreme draws (at
 * 200, the 5th and 195th of 200): `reproduce` warns that its intervals are not meaningful.
 */
export const MIN_MEANINGFUL_RESAMPLES = 200;
