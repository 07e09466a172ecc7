import { mkdtempSync, readFileSync, writeFileSync, appendFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRelease } from '../../src/samples/write-release.js';
import { ReleaseError, formatProblem } from '../../src/release/io/problems.js';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import { gradeRelease } from '../../src/domain/grade/grade-release.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { createHash } from 'node:crypto';

const root = mkdtempSync(join(tmpdir(), 'wb-load-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** Writes the tiny release (plain JSONL), lets `edit` break it, fixes the manifest's hashes unless told not to. */
function release(edit: (dir: string) => void = () => {}, opts: { gzip?: boolean; rehash?: boolean } = {}): string {
  const dir = join(root, `r${n++}`);
  writeRelease(dir, tinyGlobebench(), { gzip: opts.gzip ?? false });
  edit(dir);
  if (opts.rehash ?? true) {
    const m = JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8'));
    for (const f of Object.keys(m.files))
      m.files[f].sha256 = createHash('sha256')
        .update(readFileSync(join(dir, f)))
        .digest('hex');
    writeFileSync(join(dir, 'MANIFEST.json'), JSON.stringify(m));
  }
  return dir;
}
function problems(dir: string): string[] {
  try {
    loadGlobebench(dir);
  } catch (e) {
    if (e instanceof ReleaseError) return e.problems.map(formatProblem);
    throw e;
  }
  return [];
}
const editLine = (dir: string, file: string, line: number, f: (o: any) => any) => {
  const p = join(dir, file);
  const lines = readFileSync(p, 'utf8').split('\n');
  lines[line - 1] = JSON.stringify(f(JSON.parse(lines[line - 1])));
  writeFileSync(p, lines.join('\n'));
};

describe('loadGlobebench', () => {
  it('loads a valid release, plain or gzipped, and grades it', () => {
    for (const gzip of [false, true]) {
      const r = loadGlobebench(release(() => {}, { gzip }));
      expect(r.items.map((i) => i.item_id)).toEqual(['i1', 'i2', 'i3', 'i4']);
      expect(r.responses).toHaveLength(8);
      const g = gradeRelease(r);
      expect(g.map((x) => [x.model_id, x.item_id, x.pass, x.failure_type, x.decided_by])).toEqual([
        ['m1', 'i1', true, null, 'deterministic'],
        ['m1', 'i2', false, 'wrong_value', 'deterministic'],
        ['m1', 'i3', true, null, 'terra'],
        ['m1', 'i4', true, null, 'deterministic'],
        ['m2', 'i1', false, 'no_response', 'deterministic'],
        ['m2', 'i2', true, null, 'deterministic'],
        ['m2', 'i3', false, 'wrong_value', 'sol'],
        ['m2', 'i4', false, 'under_error', 'deterministic'],
      ]);
    }
  });
  it('keeps extra fields', () => {
    const r = loadGlobebench(release((d) => editLine(d, 'items.jsonl', 1, (o) => ({ ...o, note: 'kept' })), {}));
    expect((r.items[0] as Record<string, unknown>).note).toBe('kept');
  });
  it('names file and line of a line that is not JSON', () => {
    const p = problems(
      release((d) => {
        const f = join(d, 'items.jsonl');
        const lines = readFileSync(f, 'utf8').split('\n');
        lines[1] = '{"item_id": "i2", oops';
        writeFileSync(f, lines.join('\n'));
      }),
    );
    expect(p.some((s) => /^items\.jsonl:2: not valid JSON/.test(s))).toBe(true);
  });
  it('refuses a truncated last line', () => {
    const p = problems(
      release((d) => {
        const f = join(d, 'models.jsonl');
        writeFileSync(f, readFileSync(f, 'utf8').replace(/\n$/, ''));
      }),
    );
    expect(p).toContain('models.jsonl:2: last line does not end with a newline (truncated file?)');
  });
  it('names duplicate items with both lines', () => {
    const p = problems(release((d) => editLine(d, 'items.jsonl', 2, (o) => ({ ...o, item_id: 'i1' }))));
    expect(p.some((s) => s.startsWith('items.jsonl:2: item_id: duplicate item_id i1 (first at line 1)'))).toBe(true);
  });
  it('names a response with an unknown model or item, and the missing response it leaves', () => {
    const p = problems(release((d) => editLine(d, 'responses/m1.jsonl', 2, (o) => ({ ...o, item_id: 'nope' }))));
    expect(p).toContain('responses/m1.jsonl:2: item_id: no item "nope" in items.jsonl');
    expect(p).toContain('responses/m1.jsonl: item_id: no response to item i2 (expected exactly one per item)');
    const q = problems(release((d) => editLine(d, 'responses/m2.jsonl', 3, (o) => ({ ...o, model_id: 'ghost' }))));
    expect(q.some((s) => s.startsWith('responses/m2.jsonl:3: model_id: expected "m2"'))).toBe(true);
  });
  it('reports a sha256 mismatch and an unlisted file', () => {
    const p = problems(
      release(
        (d) => {
          appendFileSync(join(d, 'models.jsonl'), '');
          writeFileSync(join(d, 'items.jsonl'), readFileSync(join(d, 'items.jsonl'), 'utf8').replace('"sql"', '"sqm"'));
          writeFileSync(join(d, 'extra.txt'), 'x');
        },
        { rehash: false },
      ),
    );
    expect(p.some((s) => s.startsWith('items.jsonl: sha256 mismatch'))).toBe(true);
    expect(p).toContain('extra.txt: file not listed in MANIFEST.json (the loader refuses unlisted files)');
  });
  it('reports wrong types and out-of-range values with the field path', () => {
    const p = problems(
      release((d) => {
        editLine(d, 'items.jsonl', 1, (o) => ({ ...o, reach_back: -1, fields: [{ path: 'rows', kind: 'fuzzy' }] }));
        editLine(d, 'judge/m1.jsonl', 1, (o) => ({ ...o, confidence: 1.5 }));
      }),
    );
    expect(p.some((s) => s.startsWith('items.jsonl:1: reach_back:'))).toBe(true);
    expect(p.some((s) => s.startsWith('items.jsonl:1: fields.0.kind: expected one of'))).toBe(true);
    expect(p.some((s) => s.startsWith('judge/m1.jsonl:1: confidence:'))).toBe(true);
  });
  it('refuses an error item without gold_error and a field path not in gold', () => {
    const p = problems(
      release((d) => {
        editLine(d, 'items.jsonl', 4, (o) => ({ ...o, gold_error: null }));
        editLine(d, 'items.jsonl', 2, (o) => ({ ...o, fields: [{ path: 'acct.5.bal', kind: 'numeric' }] }));
      }),
    );
    expect(p.some((s) => s.startsWith('items.jsonl:4: gold_error:'))).toBe(true);
    expect(p).toContain('items.jsonl:2: fields.0.path: path "acct.5.bal" does not exist in gold');
  });
  it('refuses a needed judge record that is missing; keeps a judge record for a deterministic response as a finding', () => {
    const p = problems(
      release((d) => {
        writeFileSync(join(d, 'judge/m1.jsonl'), '');
        const m = JSON.parse(readFileSync(join(d, 'MANIFEST.json'), 'utf8'));
        m.files['judge/m1.jsonl'].rows = 0;
        writeFileSync(join(d, 'MANIFEST.json'), JSON.stringify(m));
      }),
    );
    expect(p).toEqual(['responses/m1.jsonl:3: prediction: response (i3, m1) needs the judge: there is no terra or sol record']);
    // docs/release-format.md: not an error; graded deterministically, counted and listed
    const q = problems(
      release((d) => {
        const f = join(d, 'judge/m1.jsonl');
        appendFileSync(
          f,
          JSON.stringify({ item_id: 'i1', model_id: 'm1', judge: 'terra', verdict: 'equivalent', confidence: 0.9, prompt_version: 'j1' }) + '\n',
        );
        const m = JSON.parse(readFileSync(join(d, 'MANIFEST.json'), 'utf8'));
        m.files['judge/m1.jsonl'].rows = 2;
        writeFileSync(join(d, 'MANIFEST.json'), JSON.stringify(m));
      }),
    );
    expect(q).toEqual([]);
  });
  it('refuses a release of another benchmark with one clear problem', () => {
    const p = problems(
      release((d) => {
        const m = JSON.parse(readFileSync(join(d, 'MANIFEST.json'), 'utf8'));
        m.benchmark = 'cubebench';
        writeFileSync(join(d, 'MANIFEST.json'), JSON.stringify(m));
      }),
    );
    expect(p).toEqual(['MANIFEST.json: benchmark: expected "globebench" (this loader reads globebench releases), got "cubebench"']);
  });
});
