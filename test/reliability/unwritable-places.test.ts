/**
 * Outputs given a place that cannot hold them, run as a person would (the real CLI): a read-only
 * file system says "read-only file system" (Node's recursive mkdir said "no such file or
 * directory", and `import` printed a raw ENOENT), and a path under /proc or /sys is refused at once
 * (Node's recursive mkdir never returns under /proc).
 *
 * The read-only file system is real: a tmpfs mounted here and remounted read-only (as root; the
 * chmod bits do not stop root). Where mounting is not allowed, those cases are skipped, saying why.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, STACK_TRACE } from './run-cli.js';
import { tinyCubebench, writeTiny } from './tiny-releases.js';

const root = mkdtempSync(join(tmpdir(), 'wb-unwritable-'));
const release = join(root, 'release');
writeTiny(release, tinyCubebench());
/** the same release as a source for `import`, with a mapping that keeps every column */
const MAPPING = join(root, 'mapping.json');
writeFileSync(
  MAPPING,
  JSON.stringify({
    benchmark: 'cubebench',
    version: '1',
    synthetic: true,
    files: [
      { from: 'tasks.jsonl', to: 'tasks.jsonl', keep: true },
      { from: 'episodes.jsonl', to: 'episodes.jsonl', keep: true },
    ],
  }),
);

/** A read-only file system at root/ro holding one empty directory, `empty`; undefined where mounting is not allowed. */
function readOnlyMount(): string | undefined {
  const ro = join(root, 'ro');
  mkdirSync(ro);
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', ro]).status !== 0) return undefined;
  mkdirSync(join(ro, 'empty'));
  if (spawnSync('mount', ['-o', 'remount,ro', ro]).status !== 0) {
    spawnSync('umount', [ro]);
    return undefined;
  }
  return ro;
}
const ro = readOnlyMount();
afterAll(() => {
  if (ro) spawnSync('umount', [ro]);
  rmSync(root, { recursive: true, force: true });
});

/** A case that used to hang is killed at this limit. */
const LIMIT_MS = 30_000;

describe.skipIf(!ro)(`a read-only file system${ro ? '' : ' (skipped: a tmpfs cannot be mounted here; run as root)'}`, () => {
  const dir = ro ?? '';
  const cases: [string, () => string[], RegExp][] = [
    [
      'reproduce --out a new directory on it',
      () => ['reproduce', '--bench', 'cubebench', '--data', release, '--out', join(dir, 'out'), '--resamples', '200'],
      /cannot create .*\/ro\/out: read-only file system/,
    ],
    [
      'reproduce --out a new directory two levels down',
      () => ['reproduce', '--bench', 'cubebench', '--data', release, '--out', join(dir, 'a', 'b'), '--resamples', '200'],
      /cannot create .*\/ro\/a: read-only file system/,
    ],
    [
      'reproduce --out an empty directory on it',
      () => ['reproduce', '--bench', 'cubebench', '--data', release, '--out', join(dir, 'empty'), '--resamples', '200'],
      /cannot create .*\/ro\/empty\/cubebench: read-only file system/,
    ],
    [
      'reproduce --figures on it',
      () => ['reproduce', '--bench', 'cubebench', '--data', release, '--out', join(root, 'writable-out'), '--figures', join(dir, 'figs'), '--resamples', '200'],
      /cannot create .*\/ro\/figs: read-only file system/,
    ],
    [
      'import into a new directory on it',
      () => ['import', '--map', MAPPING, release, join(dir, 'imported')],
      /cannot write the release to .*\/ro\/imported: read-only file system/,
    ],
    [
      'import into an empty directory on it',
      () => ['import', '--map', MAPPING, release, join(dir, 'empty')],
      /cannot write the release to .*\/ro\/empty: read-only file system/,
    ],
    [
      'import into a new directory two levels down',
      () => ['import', '--map', MAPPING, release, join(dir, 'a', 'imported')],
      /cannot create .*\/ro\/a: read-only file system/,
    ],
    [
      'generate --out a new directory two levels down',
      () => ['generate', '--bench', 'cubebench', '--out', join(dir, 'a', 'gen')],
      /cannot create .*\/ro\/a: read-only file system/,
    ],
  ];
  for (const [name, args, message] of cases) {
    it(
      `${name}: exit 1, "read-only file system", no raw errno or stack trace`,
      async () => {
        const r = await runCli(args(), { timeoutMs: LIMIT_MS });
        expect(r.code, r.err).toBe(1);
        expect(r.err).toMatch(new RegExp(`workbench: error: ${message.source}`));
        expect(r.err).not.toMatch(/no such file or directory|ENOENT/);
        expect(r.err).not.toMatch(STACK_TRACE);
        expect(readdirSync(dir)).toEqual(['empty']);
      },
      LIMIT_MS + 5_000,
    );
  }
});

describe('a path under /proc or /sys', () => {
  const cases: [string, string[], RegExp][] = [
    [
      'reproduce --out /proc/x',
      ['reproduce', '--bench', 'cubebench', '--data', release, '--out', '/proc/wb-test/x', '--resamples', '200'],
      /--out "\/proc\/wb-test\/x" is under \/proc, a kernel file system/,
    ],
    [
      'reproduce --figures /sys/x',
      ['reproduce', '--bench', 'cubebench', '--data', release, '--out', join(root, 'out-sys'), '--figures', '/sys/wb-test', '--resamples', '200'],
      /--figures "\/sys\/wb-test" is under \/sys, a kernel file system/,
    ],
    [
      'reproduce --out /proc/self/x (a link inside /proc)',
      ['reproduce', '--bench', 'cubebench', '--data', release, '--out', '/proc/self/wb-test', '--resamples', '200'],
      /is under \/proc, a kernel file system/,
    ],
    ['generate --out /proc/x', ['generate', '--bench', 'cubebench', '--out', '/proc/wb-test/x'], /--out "\/proc\/wb-test\/x" is under \/proc/],
    ['import into /proc/x', ['import', '--map', MAPPING, release, '/proc/wb-test/x'], /DST "\/proc\/wb-test\/x" is under \/proc/],
  ];
  for (const [name, args, message] of cases) {
    it(
      `${name} is refused at once as a usage error (it used to spin for ever)`,
      async () => {
        const r = await runCli(args, { timeoutMs: LIMIT_MS });
        expect(r.signal, 'still running at the time limit').toBeNull();
        expect(r.code, r.err).toBe(2);
        expect(r.err).toMatch(message);
        expect(r.err).toMatch(/choose a directory on a disk/);
      },
      LIMIT_MS + 5_000,
    );
  }
});
