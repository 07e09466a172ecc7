import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../..');
const doc = readFileSync(join(REPO, 'docs/statistics.md'), 'utf8');
const STATS = join(REPO, 'src/derive/stats');

/** The functions exported by each file of src/derive/stats. */
const exported = new Map(
  readdirSync(STATS)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => [f, [...readFileSync(join(STATS, f), 'utf8').matchAll(/^export function (\w+)/gm)].map((m) => m[1])]),
);

/** The files this page documents, one paragraph each (the statistics that judge claims). */
const DOCUMENTED = [
  'cluster-robust-mean.ts',
  'cluster-robust-paired-diff.ts',
  'cluster-robust-diff.ts',
  'cluster-robust-t-interval.ts',
  'two-stage-cluster-bootstrap.ts',
  'two-stage-cluster-bootstrap-paired-diff.ts',
  'two-stage-cluster-bootstrap-diff.ts',
  'icc-anova.ts',
  'beta-binomial-cluster-sample.ts',
  'holm-adjust.ts',
  'benjamini-hochberg-adjust.ts',
  'rank-interval.ts',
  'minimum-detectable-effect.ts',
  'student-t-cdf.ts',
  'student-t-quantile.ts',
  'normal-cdf.ts',
  'normal-quantile-refined.ts',
  'regularized-incomplete-beta.ts',
  'beta-quantile.ts',
  'log-beta.ts',
  'clopper-pearson-interval.ts',
  'bootstrap-diff-ci.ts',
];

it('docs/statistics.md names the function of every file it documents', () => {
  for (const file of DOCUMENTED) {
    const names = exported.get(file);
    expect(names, file).toBeDefined();
    // a paired or unpaired variant may be named by its suffix after the main function
    const main = names!.find((n) => !n.endsWith('Means'))!;
    const suffix = main.replace(/^twoStageClusterBootstrap/, '...');
    expect(doc.includes(`\`${main}\``) || doc.includes(`\`${suffix}\``), `${file}: ${main}`).toBe(true);
  }
});

it('every function or result field docs/statistics.md names exists in src/derive/stats', () => {
  const functions = new Set([...exported.values()].flat());
  const source = readdirSync(STATS)
    .map((f) => readFileSync(join(STATS, f), 'utf8'))
    .join('\n');
  const named = [...doc.matchAll(/`([a-z]+[A-Z][A-Za-z0-9]*)`/g)].map((m) => m[1]);
  expect(named.length).toBeGreaterThan(20);
  for (const name of named) expect(functions.has(name) || new RegExp(`^\\s+(readonly )?${name}[?]?:`, 'm').test(source), name).toBe(true);
});
