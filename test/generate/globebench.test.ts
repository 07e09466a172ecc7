import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GLOBEBENCH_SEED, generateGlobebench } from '../../src/samples/globebench/index.js';
import { writeRelease, type ReleaseSpec } from '../../src/samples/write-release.js';
import { loadGlobebench, type GlobeRelease } from '../../src/release/load/globebench.js';
import { toJsonl } from '../../src/release/io/jsonl.js';
import { readResponseRaws } from '../../src/release/load/reread.js';

/**
 * The GlobeBench sample release: generated with the CLI's seed, written, loaded through the loader
 * (which refuses judge records for deterministic responses and judge-bound responses without a usable
 * record, and grades every response once). The published aggregates are compared with the reports'
 * in test/globebench/calibration.test.ts (for this seed and another). The committed data/globebench
 * must be byte-identical to a fresh generation.
 */
const SAMPLE = 'data/globebench';
let dir: string;
let spec: ReleaseSpec;
let rel: GlobeRelease;

const digest = (s: ReleaseSpec): string => {
  const h = createHash('sha256');
  for (const k of Object.keys(s.files).sort()) h.update(k).update(toJsonl(s.files[k]));
  return h.digest('hex');
};

beforeAll(() => {
  spec = generateGlobebench(DEFAULT_GLOBEBENCH_SEED);
  dir = mkdtempSync(join(tmpdir(), 'globebench-sample-'));
  writeRelease(join(dir, 'rel'), spec);
  rel = loadGlobebench(join(dir, 'rel'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const passesOf = (name: string): number => {
  const m = rel.models.find((x) => x.name === name);
  expect(m, `model ${name}`).toBeDefined();
  return rel.grades.filter((g) => g.model_id === m!.model_id && g.pass).length;
};

describe('GlobeBench sample release', () => {
  it('is marked synthetic and says what it was calibrated to', () => {
    const manifest = JSON.parse(readFileSync(join(dir, 'rel', 'MANIFEST.json'), 'utf8'));
    expect(manifest.synthetic).toBe(true);
    expect(manifest.benchmark).toBe('globebench');
    expect(manifest.calibrated_to).toMatch(/TARGETS\.md/);
    expect(manifest.generator_seed).toBe(DEFAULT_GLOBEBENCH_SEED);
  });

  it('has the published structure', () => {
    const count = (f: (it: GlobeRelease['items'][number]) => boolean) => rel.items.filter(f).length;
    expect(rel.items).toHaveLength(1632);
    expect(rel.responses).toHaveLength(32640);
    expect(['L0', 'L1', 'L2', 'L3'].map((r) => count((it) => it.impact_radius === r))).toEqual([552, 33, 59, 977]);
    expect(count((it) => it.impact_radius === null)).toBe(11);
    expect(count((it) => it.reach_back !== null && it.reach_back <= 40)).toBe(408);
    expect(count((it) => it.reach_back !== null && it.reach_back > 40)).toBe(1192);
    expect(count((it) => it.outcome === 'error')).toBe(155);
    expect(count((it) => it.impact_radius === 'L3' && it.reach_back !== null && it.reach_back > 40)).toBe(952);
    expect(count((it) => it.impact_radius === 'L3' && it.radius_source === 'declared')).toBe(953);
    expect(count((it) => it.source === 'own')).toBe(1137);
    expect(count((it) => it.backend === 'bfcl')).toBe(203);
    expect(count((it) => it.backend === 'textworld')).toBe(194);
    expect(new Set(rel.items.map((it) => it.skill)).size).toBe(19);
    expect(rel.models.filter((m) => m.access === 'closed')).toHaveLength(12);
    expect(rel.models.filter((m) => m.name.startsWith('Claude') && m.access === 'closed')).toHaveLength(3);
    expect(
      rel.models
        .filter((m) => m.kind === 'world_model')
        .map((m) => m.name)
        .sort(),
    ).toEqual(['DWM', 'Qwen-AgentWorld']);
  });

  it('grades the four named models to their published scores', () => {
    expect(passesOf('GPT-6 Astra')).toBe(809);
    expect(passesOf('Grok 4.6')).toBe(459);
    expect(passesOf('Qwen-AgentWorld')).toBe(236);
    expect(passesOf('DWM')).toBe(85);
  });

  it('sends to the judge exactly the responses that need it, with a sol record under low terra confidence', () => {
    const judged = rel.grades.filter((g) => g.decided_by !== 'deterministic');
    const keys = new Set(rel.judge.map((j) => `${j.model_id}/${j.item_id}`));
    expect(judged.length).toBe(keys.size);
    expect(judged.some((g) => g.decided_by === 'sol') && judged.some((g) => g.decided_by === 'terra')).toBe(true);
    expect(judged.some((g) => g.pass) && judged.some((g) => !g.pass)).toBe(true);
    for (const j of rel.judge.filter((x) => x.judge === 'terra' && x.confidence < 0.8))
      expect(keys.has(`${j.model_id}/${j.item_id}`) && rel.judge.some((s) => s.judge === 'sol' && s.item_id === j.item_id && s.model_id === j.model_id)).toBe(
        true,
      );
    expect(rel.judge.some((j) => j.judge === 'terra' && j.confidence === 0.8)).toBe(true);
  });

  it('uses all six answered-failure types and gives partial credit on long audits', () => {
    const types = new Set(rel.grades.map((g) => g.failure_type));
    for (const t of ['wrong_value', 'structure_only', 'no_state_fields', 'error_class', 'under_error', 'over_error', 'no_response'])
      expect(types.has(t as never), t).toBe(true);
    const long = rel.grades.filter((g) => g.failure_type === 'wrong_value' && g.fields_decided >= 10);
    const mostlyRight = long.filter((g) => g.fields_matched / g.fields_decided >= 0.74);
    expect(mostlyRight.length / long.length).toBeGreaterThan(0.8);
  });

  it('carries hostile markup in raw texts, for reports to escape', () => {
    const raws = rel.models.flatMap((m) => [...readResponseRaws(rel, m.model_id).values()]);
    expect(raws.some((r) => r.includes('<script>alert(1)</script>'))).toBe(true);
    expect(raws.some((r) => r.includes('<img src=x onerror=alert(1)>'))).toBe(true);
  });

  it('is deterministic, and the committed data/globebench is a fresh generation', () => {
    expect(digest(generateGlobebench(DEFAULT_GLOBEBENCH_SEED))).toBe(digest(spec));
    if (!existsSync(join(SAMPLE, 'MANIFEST.json'))) return;
    const committed = JSON.parse(readFileSync(join(SAMPLE, 'MANIFEST.json'), 'utf8'));
    const fresh = JSON.parse(readFileSync(join(dir, 'rel', 'MANIFEST.json'), 'utf8'));
    expect(committed).toEqual(fresh);
    const bytes = readdirSync(SAMPLE, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .reduce((a, d) => a + statSync(join(d.parentPath, d.name)).size, 0);
    expect(bytes).toBeLessThan(15 * 1024 * 1024);
  });
});
