import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHES } from '../helpers/benches.js';
import { PAPER as CUBE } from '../../analysis/cubebench/paper.js';
import { PAPER as GLOBE } from '../../analysis/globebench/paper.js';
import { PAPER as PAWM } from '../../analysis/pawm/paper.js';
import { printedValue, type PrintedUnit, type PublishedIndex } from '../../src/present/report/published.js';

const REPO = resolve(import.meta.dirname, '../..');
const doc = readFileSync(join(REPO, 'docs/papers.md'), 'utf8');

/** The `## Name` sections of the page, each as its lines. */
function sections(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of doc.split('\n')) {
    const h = /^## (.+)$/.exec(line);
    if (h) out.set(h[1], (current = []));
    else current?.push(line);
  }
  return out;
}

/** The rows of the first table under `### heading` in a section, as cell arrays (header and rule left out). */
function tableUnder(lines: string[], heading: string): string[][] {
  const start = lines.indexOf(`### ${heading}`);
  expect(start, `### ${heading}`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  let seen = false;
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('#')) break;
    const cells = /^\|(.*)\|$/
      .exec(line)?.[1]
      .split('|')
      .map((c) => c.trim());
    if (!cells) {
      if (seen) break;
      continue;
    }
    seen = true;
    rows.push(cells);
  }
  return rows.slice(2);
}

interface DocRow {
  id: string;
  where: string;
  what: string;
  printed: string;
  unit: string;
  flags: string;
  compared: string;
}

const docRows = (section: string): DocRow[] =>
  tableUnder(sections().get(section)!, 'Published numbers').map(([id, where, what, printed, unit, flags, compared]) => ({
    id: id.replace(/^`|`$/g, ''),
    where,
    what,
    printed,
    unit,
    flags,
    compared,
  }));

/** The row paper.ts implies for a declaration, in the page's notation. */
function declaredRow(p: PublishedIndex['list'][number]): DocRow {
  const a = p.printed;
  const flags = [
    a.approximate ? (a.approxTolerance === null ? 'approximate' : `approximate (+-${a.approxTolerance})`) : null,
    p.design_fixed ? 'design-fixed' : null,
  ]
    .filter(Boolean)
    .join(', ');
  const tables = [...new Set(p.compare.map((c) => c.analysis))].map((t) => `\`${t}\``).join(', ');
  const compared = p.compare.length ? `${tables}${p.compare.length > 1 ? ` (${p.compare.length} cells)` : ''}` : `not compared: ${p.quoted}`;
  return { id: p.id, where: p.where, what: p.what, printed: a.text, unit: a.unit, flags, compared };
}

const PAPERS: [string, string, PublishedIndex][] = [
  ['GlobeBench', 'globebench', GLOBE],
  ['PAWM', 'pawm', PAWM],
  ['CubeBench', 'cubebench', CUBE],
];

describe('docs/papers.md', () => {
  for (const [name, bench, index] of PAPERS) {
    it(`${name}: every published number of paper.ts is on the page and every one on the page is in paper.ts, alike`, () => {
      const rows = docRows(name);
      expect(rows.map((r) => r.id)).toEqual(index.list.map((p) => p.id));
      for (const p of index.list)
        expect(
          rows.find((r) => r.id === p.id),
          p.id,
        ).toEqual(declaredRow(p));
      // the printed text and unit on the page give the value paper.ts compares with
      for (const r of rows)
        expect(printedValue({ text: r.printed, unit: r.unit as PrintedUnit, approximate: false, approxTolerance: null }), r.id).toBe(index.byId(r.id).value);
      expect(rows.length, bench).toBeGreaterThan(20);
    });

    it(`${name}: the tables and figures named are the analyses the workbench has`, () => {
      const ids = new Set(BENCHES.find((b) => b.benchmark === bench)!.analyses.map((a) => a.id));
      const named = tableUnder(sections().get(name)!, 'Tables and figures').flatMap((r) => [...r[2].matchAll(/`([^`]+)`/g)].map((m) => m[1]));
      const beyond = [
        ...sections()
          .get(name)!
          .join('\n')
          .matchAll(/`([a-z0-9-]+)`/g),
      ]
        .map((m) => m[1])
        .filter((x) => /^(partial|refusals|judge|audit|depth)/.test(x));
      for (const id of [...named, ...beyond]) expect(ids.has(id), `${name}: ${id}`).toBe(true);
      expect(named.length).toBeGreaterThan(4);
    });
  }

  it('the README points to it for what is reproduced, not to files a clone does not have', () => {
    const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
    expect(readme).toContain('[docs/papers.md](docs/papers.md)');
    expect(readme).not.toContain('../shared/papers/TARGETS.md');
  });
});
