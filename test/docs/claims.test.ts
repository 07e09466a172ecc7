import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHES } from '../helpers/benches.js';

const REPO = resolve(import.meta.dirname, '../..');
const doc = readFileSync(join(REPO, 'docs/papers.md'), 'utf8');

/** The rows of the table under `### <heading>` of the page's Claims section: [claim_id, claim, in the paper, estimand]. */
function claimRows(heading: string): string[][] {
  const claims = doc.slice(doc.indexOf('\n## Claims\n'));
  const start = claims.indexOf(`\n### ${heading}\n`);
  if (start < 0) return [];
  const rows: string[][] = [];
  for (const line of claims.slice(start).split('\n').slice(2)) {
    if (line.startsWith('#')) break;
    const cells = /^\|(.*)\|$/
      .exec(line)?.[1]
      .split('|')
      .map((c) => c.trim());
    if (cells) rows.push(cells);
  }
  return rows.slice(2);
}

const displayName = (bench: string) => ({ globebench: 'GlobeBench', pawm: 'PAWM', cubebench: 'CubeBench' })[bench] ?? bench;

describe("docs/papers.md's Claims section and every benchmark's claims.ts, both ways", () => {
  it('lists claims for every benchmark, each id once, under its benchmark', () => {
    const all = BENCHES.flatMap((b) => claimRows(`${displayName(b.benchmark)} claims`).map((r) => r[0]));
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all).size).toBe(all.length);
    for (const b of BENCHES) {
      const rows = claimRows(`${displayName(b.benchmark)} claims`);
      expect(rows.length, `### ${displayName(b.benchmark)} claims`).toBeGreaterThan(0);
      for (const [id] of rows) expect(id, id).toMatch(new RegExp(`^\`${b.benchmark}\\.[a-z0-9-]+\`$`));
    }
  });

  // one test per benchmark: a benchmark whose claims are not declared yet fails here, by name
  for (const b of BENCHES) {
    it(`${b.benchmark}: every claim of the page is declared in analysis/${b.benchmark}/claims.ts, and every declaration is on the page`, () => {
      const page = claimRows(`${displayName(b.benchmark)} claims`).map((r) => r[0].replace(/^`|`$/g, ''));
      const declared = (b.claims ?? []).map((c) => c.id);
      expect(
        page.filter((id) => !declared.includes(id)),
        'on the page, not declared',
      ).toEqual([]);
      expect(
        declared.filter((id) => !page.includes(id)),
        'declared, not on the page',
      ).toEqual([]);
      // the declared place in the paper is the page's (once declared, the page names it)
      for (const c of b.claims ?? []) {
        const row = claimRows(`${displayName(b.benchmark)} claims`).find((r) => r[0] === `\`${c.id}\``);
        expect(row?.[2], `${c.id}: in the paper`).toBe(c.paper_ref);
      }
    });
  }
});
