import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ANSWERED_FAILURES, DEFAULT_JUDGE_THRESHOLD } from '../../src/domain/grade/grade-response.js';
import '../../analysis/index.js';
import { benchmarkNames, benchmarks } from '../../src/benchmark/registry.js';
import { manifestOf } from '../../src/format/common.js';

const REPO = resolve(import.meta.dirname, '../..');
const doc = readFileSync(join(REPO, 'docs/release-format.md'), 'utf8');

/** The field tables of the page: section name -> rows of [field, type]. */
function fieldTables(): { bench: string; file: string; optional: boolean; rows: [string, string][] }[] {
  const out: { bench: string; file: string; optional: boolean; rows: [string, string][] }[] = [];
  let bench = '';
  let current: (typeof out)[number] | undefined;
  for (const line of doc.split('\n')) {
    const b = /^## .*\(`"benchmark": "(\w+)"`\)/.exec(line);
    if (b) bench = b[1];
    const h = /^### `([^`]+)`( \(optional\))?/.exec(line) ?? /^- \*\*`(MANIFEST\.json)`\*\*/.exec(line);
    if (h) {
      current = { bench: h[1] === 'MANIFEST.json' ? '' : bench, file: h[1], optional: !!h[2], rows: [] };
      out.push(current);
      continue;
    }
    // any other heading ends a file's section (a table under it is not a field table)
    if (/^#{1,6} /.test(line)) current = undefined;
    const cells = /^\|(.*)\|$/.exec(line)?.[1].split('|').map((c) => c.trim());
    if (current && cells && cells[0] !== 'field' && !/^-+$/.test(cells[0])) current.rows.push([cells[0], cells[1]]);
  }
  return out;
}

function unwrap(s: z.ZodTypeAny): z.ZodTypeAny {
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodEffects) s = s instanceof z.ZodEffects ? s.innerType() : s.unwrap();
  return s;
}
const shapeOf = (s: z.ZodTypeAny) => (unwrap(s) as z.ZodObject<z.ZodRawShape>).shape as Record<string, z.ZodTypeAny>;

describe('docs/release-format.md', () => {
  const tables = fieldTables();

  it('lists exactly the fields of every file the loader reads, with every enum value', () => {
    // every file each benchmark of the list declares (src/format/<bench>.ts), and MANIFEST.json naming those benchmarks
    const want = [{ bench: '', file: 'MANIFEST.json', required: true, schema: manifestOf(benchmarkNames()) as z.ZodTypeAny }, ...benchmarks().flatMap((b) => Object.values(b.release).map((k) => ({ bench: b.name, file: k.name, required: k.required, schema: k.schema })))];
    expect(tables.map((t) => `${t.bench}/${t.file}`).sort()).toEqual(want.map((w) => `${w.bench}/${w.file}`).sort());
    for (const w of want) {
      const t = tables.find((x) => x.bench === w.bench && x.file === w.file)!;
      const shape = shapeOf(w.schema);
      expect(t.rows.map((r) => r[0]).sort(), `${w.bench} ${w.file}`).toEqual(Object.keys(shape).sort());
      expect(t.optional, `${w.file} marked (optional)`).toBe(!w.required);
      for (const [field, type] of t.rows) {
        let f = unwrap(shape[field]);
        if (f instanceof z.ZodArray) f = unwrap(f.element);
        const typeCell = type === 'as in episodes' ? tables.find((x) => x.bench === w.bench && x.file === 'episodes.jsonl')!.rows.find((r) => r[0] === field)![1] : type;
        if (f instanceof z.ZodEnum) for (const o of f.options as string[]) expect(typeCell, `${w.file} ${field}`).toContain(`\`${o}\``);
      }
    }
  });

  it('the README points to it', () => {
    expect(readFileSync(join(REPO, 'README.md'), 'utf8')).toContain('docs/release-format.md');
  });

  /** The text of the section under a heading, up to the next heading of its level or above. */
  const section = (heading: string) => {
    const at = doc.indexOf(`\n${heading}\n`);
    expect(at, heading).toBeGreaterThan(0);
    const level = /^#+/.exec(heading)![0].length;
    const rest = doc.slice(at + heading.length + 2);
    const end = rest.search(new RegExp(`^#{1,${level}} `, 'm'));
    return end === -1 ? rest : rest.slice(0, end);
  };

  it('carries the whole GlobeBench grading procedure: every failure type, the judge threshold, the tolerance, the order of the steps', () => {
    const grading = section('### How a response is graded');
    for (const t of ['no_response', ...ANSWERED_FAILURES]) expect(grading, t).toContain(`\`${t}\``);
    expect(grading).toContain(`${DEFAULT_JUDGE_THRESHOLD.toFixed(2)} or more`);
    expect(grading).toContain('|p - g| <= tol + 1e-9 * max(1, |g|)');
    for (const kind of ['exact', 'numeric', 'set', 'text']) expect(grading).toContain(`\`${kind}\``);
    // the steps in order, each named once
    const steps = [...grading.matchAll(/^(\d)\. \*\*/gm)].map((m) => Number(m[1]));
    expect(steps).toEqual([1, 2, 3, 4, 5, 6]);
    expect(grading).not.toMatch(/README/);
  });

  it('defines what the PAWM and CubeBench tables compute', () => {
    const pawm = section('### What the tables compute from these files');
    for (const term of ['Acc', 'Pass@3', 'Intervention rate', 'Action change rate', 'Calls']) expect(pawm).toContain(`**${term}**`);
    expect(doc).toMatch(/short is `depth` <= 4, long is `depth` >= 8/);
  });

  it('README, CONVENTIONS and docs point only inside the repository (a clone has no ../shared)', () => {
    const docs = ['README.md', 'CONVENTIONS.md', ...readdirSync(join(REPO, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
    for (const f of docs) expect(readFileSync(join(REPO, f), 'utf8'), f).not.toMatch(/\.\.\/shared|RELEASE-FORMAT\.md|TARGETS\.md|TOOLCHAIN\.md/);
  });
});

describe('workbench schema --bench NAME', () => {
  const schemaOf = (bench: string) => {
    const r = spawnSync('node', ['bin/workbench.js', 'schema', '--bench', bench], { encoding: 'utf8', maxBuffer: 1 << 24 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    return JSON.parse(r.stdout) as { benchmark: string; files: Record<string, object> };
  };
  const rowsOf = (path: string) => gunzipSync(readFileSync(path)).toString('utf8').split('\n').filter((l) => l).map((l) => JSON.parse(l));
  const ajv = new Ajv({ strict: false, allErrors: false });

  for (const entry of benchmarks()) {
    const bench = entry.name;
    it(`accepts every row of the ${bench} sample and its manifest (validated by ajv, not by zod)`, () => {
      const s = schemaOf(bench);
      expect(s.benchmark).toBe(bench);
      const dir = join(REPO, 'data', bench);
      const manifest = JSON.parse(readFileSync(join(dir, 'MANIFEST.json'), 'utf8'));
      expect(ajv.validate(s.files['MANIFEST.json'], manifest), JSON.stringify(ajv.errors)).toBe(true);
      let checked = 0;
      for (const path of Object.keys(manifest.files)) {
        const logical = Object.values(entry.release).find((k) => k.pattern.test(path.replace(/\.gz$/, '')))!.name;
        const validate = ajv.compile(s.files[logical]);
        for (const row of rowsOf(join(dir, path))) {
          if (!validate(row)) throw new Error(`${path}: ${JSON.stringify(validate.errors)}`);
          checked++;
        }
      }
      expect(checked).toBe(Object.values(manifest.files as Record<string, { rows: number }>).reduce((a, f) => a + f.rows, 0));
    });
  }

  it('refuses broken rows', () => {
    const g = schemaOf('globebench');
    const item = rowsOf(join(REPO, 'data/globebench/items.jsonl.gz'))[0];
    expect(ajv.validate(g.files['items.jsonl'], item)).toBe(true);
    expect(ajv.validate(g.files['items.jsonl'], { ...item, domain: 'finance' })).toBe(false);
    expect(ajv.validate(g.files['items.jsonl'], { ...item, fields: [] })).toBe(false);
    expect(ajv.validate(g.files['items.jsonl'], { ...item, reach_back: 1.5 })).toBe(false);
    const { raw: _raw, ...noRaw } = rowsOf(join(REPO, 'data/globebench/responses/claude-opus-5.jsonl.gz'))[0];
    expect(ajv.validate(g.files['responses/<model_id>.jsonl'], noRaw)).toBe(false);
    const c = schemaOf('cubebench');
    const task = rowsOf(join(REPO, 'data/cubebench/tasks.jsonl.gz'))[0];
    expect(ajv.validate(c.files['tasks.jsonl'], { ...task, state: task.state.slice(1) })).toBe(false);
    const m = JSON.parse(readFileSync(join(REPO, 'data/cubebench/MANIFEST.json'), 'utf8'));
    expect(ajv.validate(c.files['MANIFEST.json'], { ...m, synthetic: 'yes' })).toBe(false);
  });

  it('prints one file with --file, and refuses an unknown bench or file', () => {
    const r = spawnSync('node', ['bin/workbench.js', 'schema', '--bench', 'pawm', '--file', 'steps.jsonl'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).required).toContain('tentative_action');
    expect(spawnSync('node', ['bin/workbench.js', 'schema', '--bench', 'nope'], { encoding: 'utf8' }).status).toBe(2);
    expect(spawnSync('node', ['bin/workbench.js', 'schema', '--bench', 'pawm', '--file', 'x.jsonl'], { encoding: 'utf8' }).status).toBe(2);
  });
});
