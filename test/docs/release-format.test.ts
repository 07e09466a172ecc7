import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ANSWERED_FAILURES, DEFAULT_JUDGE_THRESHOLD } from '../../src/domain/grade/grade-response.js';
import '../../analysis/index.js';
import { benchmarkNames, benchmarks } from '../../src/benchmark/registry.js';
import { manifestOf } from '../../src/format/common.js';
import { fieldRows, fieldTable, releaseFieldTables, withFieldTables } from '../../src/format/field-docs.js';
import { releaseJsonSchemas } from '../../src/format/json-schema.js';

const REPO = resolve(import.meta.dirname, '../..');
const doc = readFileSync(join(REPO, 'docs/release-format.md'), 'utf8');

/** The field blocks of the page, in order: key (`MANIFEST.json`, `<benchmark> <file>`) and the headings above each. */
function fieldBlocks(): { key: string; bench: string; file: string; optional: boolean }[] {
  const out: { key: string; bench: string; file: string; optional: boolean }[] = [];
  let bench = '';
  let file = '';
  let optional = false;
  for (const line of doc.split('\n')) {
    const b = /^## .*\(`"benchmark": "(\w+)"`\)/.exec(line);
    if (b) bench = b[1];
    const h = /^### `([^`]+)`( \(optional\))?/.exec(line) ?? /^- \*\*`(MANIFEST\.json)`\*\*/.exec(line);
    if (h) [file, optional] = [h[1], !!h[2]];
    // any other heading ends a file's section (a table under it belongs to no file)
    else if (/^#{1,6} /.test(line)) file = '';
    const m = /^<!-- fields: (.+) -->$/.exec(line);
    if (m) out.push({ key: m[1], bench: file === 'MANIFEST.json' ? '' : bench, file, optional });
  }
  return out;
}

function unwrap(s: z.ZodTypeAny): z.ZodTypeAny {
  while (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodEffects) s = s instanceof z.ZodEffects ? s.innerType() : s.unwrap();
  return s;
}
const shapeOf = (s: z.ZodTypeAny) => (unwrap(s) as z.ZodObject<z.ZodRawShape>).shape as Record<string, z.ZodTypeAny>;

describe('docs/release-format.md', () => {
  // every file each benchmark of the list declares (src/format/<bench>.ts), and MANIFEST.json naming those benchmarks
  const files = [
    { bench: '', file: 'MANIFEST.json', required: true, schema: manifestOf(benchmarkNames()) as z.ZodTypeAny },
    ...benchmarks().flatMap((b) => Object.values(b.release).map((k) => ({ bench: b.name, file: k.name, required: k.required, schema: k.schema }))),
  ];
  const keyOf = (f: { bench: string; file: string }) => (f.bench ? `${f.bench} ${f.file}` : f.file);

  it('its field tables are what scripts/docs-fields.mjs writes from the schemas (run it after changing a description)', () => {
    const { text, keys, unknown } = withFieldTables(doc, releaseFieldTables(benchmarks()));
    expect(unknown).toEqual([]);
    expect([...keys].sort()).toEqual(files.map(keyOf).sort());
    // line by line, so that a stale table names its row
    expect(doc.split('\n')).toEqual(text.split('\n'));
  });

  it("each field table sits under its file's heading, marked (optional) exactly when the file is", () => {
    const blocks = fieldBlocks();
    expect(blocks.map((b) => b.key).sort()).toEqual(files.map(keyOf).sort());
    for (const f of files) {
      const b = blocks.find((x) => x.key === keyOf(f))!;
      expect({ bench: b.bench, file: b.file }, b.key).toEqual({ bench: f.bench, file: f.file });
      expect(b.optional, `${b.key} marked (optional)`).toBe(!f.required);
    }
  });

  it('every field of every file is described, with what null and absence mean, and listed with every allowed value', () => {
    for (const f of files) {
      const entry = benchmarks().find((b) => b.name === (f.bench || 'pawm'))!;
      const schema = releaseJsonSchemas(entry.name, entry.release, benchmarkNames()).files[f.file];
      const rows = fieldRows(schema);
      // every field of the zod schema, in its order, and nested fields after them
      expect(
        rows.filter((r) => !/[.[]/.test(r.field)).map((r) => r.field),
        keyOf(f),
      ).toEqual(Object.keys(shapeOf(f.schema)));
      for (const r of rows) {
        const where = `${keyOf(f)} ${r.field}`;
        expect(r.meaning.length, where).toBeGreaterThan(20);
        if (r.type.endsWith(', optional')) expect(r.meaning, where).toMatch(/\bOptional\b/);
        if (r.type.endsWith(', optional')) expect(r.meaning, where).toMatch(/\babsent/);
        if (/, or null\b/.test(r.type)) expect(r.meaning, where).toMatch(/\bnull\b/);
      }
      for (const [field, s] of Object.entries(shapeOf(f.schema))) {
        let e = unwrap(s);
        if (e instanceof z.ZodArray) e = unwrap(e.element);
        const row = rows.find((r) => r.field === field)!;
        if (e instanceof z.ZodEnum) for (const o of e.options as string[]) expect(row.type, `${keyOf(f)} ${field}`).toContain(`\`${o}\``);
      }
    }
  });

  it('scripts/docs-fields.mjs --check passes on it, fails on a stale or missing table, and rewrites only the tables', () => {
    const script = (...args: string[]) => spawnSync('node', [join(REPO, 'scripts/docs-fields.mjs'), ...args], { encoding: 'utf8' });
    const ok = script('--check');
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), 'wb-docs-fields-'));
    try {
      const copy = join(dir, 'release-format.md');
      // a description changed in the schema but not in the page: here, the page's copy of it
      const stale = doc.replace("| The judge's confidence in its verdict, a number from 0 to 1. |", '| How sure the judge was. |');
      expect(stale).not.toBe(doc);
      writeFileSync(copy, stale.replace('Deterministic failures', 'Deterministic failures (prose kept)'));
      const r = script('--check', copy);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain('the field tables differ from the schemas; run: npm run build && node scripts/docs-fields.mjs');
      expect(script(copy).status).toBe(0);
      expect(readFileSync(copy, 'utf8')).toBe(doc.replace('Deterministic failures', 'Deterministic failures (prose kept)'));
      // a file with no table
      writeFileSync(copy, doc.replace('<!-- fields: pawm steps.jsonl -->', '<!-- no fields here -->'));
      const missing = script('--check', copy);
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain('no fields block for "pawm steps.jsonl"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
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
    const docs = [
      'README.md',
      'CONVENTIONS.md',
      ...readdirSync(join(REPO, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
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
  const rowsOf = (path: string) =>
    gunzipSync(readFileSync(path))
      .toString('utf8')
      .split('\n')
      .filter((l) => l)
      .map((l) => JSON.parse(l));
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

  it("carries the description of every field, and the page's field tables are made of exactly what it prints", () => {
    const tables = releaseFieldTables(benchmarks());
    for (const entry of benchmarks()) {
      const bench = entry.name;
      const s = schemaOf(bench);
      for (const [file, schema] of Object.entries(s.files)) {
        for (const r of fieldRows(schema as Record<string, unknown>)) expect(r.meaning, `${bench} ${file} ${r.field}`).not.toBe('');
        expect(fieldTable(schema as Record<string, unknown>), `${bench} ${file}`).toBe(tables.get(file === 'MANIFEST.json' ? file : `${bench} ${file}`));
      }
    }
    expect((schemaOf('cubebench').files['tasks.jsonl'] as { properties: Record<string, { description: string }> }).properties.depth.description).toMatch(
      /^The scramble's optimal depth/,
    );
  });

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
