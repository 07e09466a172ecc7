import { afterEach, describe, expect, it } from 'vitest';
import { formatProblem, ReleaseError } from '../../src/release/io/problems.js';
import { loadPawm } from '../../src/release/load/pawm.js';
import { tinySpec, withFile, writeTmp } from './tiny.js';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

function load(spec = tinySpec(), gzip = false) {
  const t = writeTmp(spec, gzip);
  cleanups.push(t.cleanup);
  return loadPawm(t.dir);
}

/** The problems a broken release is refused with, formatted `file:line: field: message`. */
function problems(spec: ReturnType<typeof tinySpec>): string[] {
  try {
    load(spec);
  } catch (e) {
    expect(e).toBeInstanceOf(ReleaseError);
    return (e as ReleaseError).problems.map(formatProblem);
  }
  throw new Error('expected the release to be refused');
}

const rows = (file: string) => tinySpec().files[file] as Record<string, unknown>[];

describe('loadPawm', () => {
  it('loads a valid release, plain or gzipped, with steps indexed 1..n per episode and labels by step', () => {
    for (const gzip of [false, true]) {
      const r = load(tinySpec(), gzip);
      expect(r.episodes).toHaveLength(7);
      expect(r.steps).toHaveLength(13);
      expect(r.labels).toHaveLength(2);
      const key = JSON.stringify(['scienceworld', 'A', 'm', 'all', null, 't1', 2]);
      expect(r.stepsByEpisode.get(key)!.map((s) => s.step)).toEqual([1, 2]);
      expect(r.labelsByStep.size).toBe(2);
      expect(r.sources.stepLines.get(key)).toEqual([3, 4]);
    }
  });

  it('files steps by episode whatever their order: reversed, or one episode split in two groups', () => {
    const st = rows('steps.jsonl');
    // the tiny release's steps: each episode's steps by line, as the file gives them
    const byEpisode = (list: Record<string, unknown>[]) => {
      const out = new Map<string, number[]>();
      for (const s of list) {
        const k = JSON.stringify([s.benchmark, s.agent, s.method, s.gating, s.train_ratio, s.task_id, s.run]);
        out.set(k, [...(out.get(k) ?? []), s.step as number]);
      }
      return out;
    };
    for (const order of [[...st].reverse(), [st[1], ...st.slice(2), st[0]], [...st.slice(3), ...st.slice(0, 3)]]) {
      const r = load(withFile(tinySpec(), 'steps.jsonl', order));
      const want = byEpisode(order);
      expect(r.stepsByEpisode.size).toBe(want.size);
      for (const [k, steps] of want) {
        expect(r.stepsByEpisode.get(k)!.map((s) => s.step)).toEqual([...steps].sort((a, b) => a - b));
        // line of step i at index i - 1
        expect(r.sources.stepLines.get(k)).toEqual(
          [...steps]
            .sort((a, b) => a - b)
            .map(
              (n) =>
                1 + order.findIndex((s) => JSON.stringify([s.benchmark, s.agent, s.method, s.gating, s.train_ratio, s.task_id, s.run]) === k && s.step === n),
            ),
        );
      }
    }
  });

  it('accepts a release without guidance_labels.jsonl (optional)', () => {
    const spec = tinySpec();
    delete (spec.files as Record<string, unknown>)['guidance_labels.jsonl'];
    expect(load(spec).labels).toBeNull();
  });

  it('refuses a duplicate episode key, naming both lines', () => {
    const eps = rows('episodes.jsonl');
    expect(problems(withFile(tinySpec(), 'episodes.jsonl', [...eps, eps[0]]))).toContainEqual(
      expect.stringMatching(/^episodes\.jsonl:8: episode key: duplicate episode key .*"t1",1\] \(first at line 1\)$/),
    );
  });

  it('refuses a step whose episode does not exist', () => {
    const st = rows('steps.jsonl');
    const p = problems(withFile(tinySpec(), 'steps.jsonl', [...st, { ...st[0], task_id: 'nope' }]));
    expect(p).toContainEqual(expect.stringMatching(/^steps\.jsonl:14: task_id: no episode .*"nope".* in episodes\.jsonl$/));
  });

  it('refuses a duplicate (episode, step)', () => {
    const st = rows('steps.jsonl');
    const p = problems(withFile(tinySpec(), 'steps.jsonl', [...st, st[1]]));
    expect(p).toContainEqual(expect.stringMatching(/^steps\.jsonl:14: step: duplicate step 2 of episode .* \(first at line 2\)$/));
  });

  it("refuses steps beyond the episode's count and gaps in the numbering", () => {
    const st = rows('steps.jsonl');
    const beyond = problems(withFile(tinySpec(), 'steps.jsonl', [...st, { ...st[1], step: 3 }]));
    expect(beyond).toContainEqual("steps.jsonl:14: step: step 3 is beyond the episode's steps = 2 (expected 1..2)");
    const gap = problems(
      withFile(
        tinySpec(),
        'steps.jsonl',
        st.filter((_, i) => i !== 0),
      ),
    );
    expect(gap).toContainEqual(
      'episodes.jsonl:1: steps: episode has steps = 2, but steps.jsonl has 1 step row(s) for it (missing step 1); expected steps numbered 1..2',
    );
  });

  it('refuses labels that name a missing step, a step without guidance, or a step twice by one labeler', () => {
    const lab = rows('guidance_labels.jsonl');
    const p = problems(
      withFile(tinySpec(), 'guidance_labels.jsonl', [...lab, { ...lab[0], step: 2 }, { ...lab[0], step: 5 }, lab[0], { ...lab[0], run: 3, task_id: 'zz' }]),
    );
    expect(p).toContainEqual(expect.stringMatching(/^guidance_labels\.jsonl:3: step: step 2 of episode .* has no guidance/));
    expect(p).toContainEqual(expect.stringMatching(/^guidance_labels\.jsonl:4: step: no step 5 of episode .* in steps\.jsonl$/));
    expect(p).toContainEqual(
      expect.stringMatching(
        /^guidance_labels\.jsonl:5: labeler: second label by labeler "h" for step .* \(first at line 1\); expected one label per labeler and step$/,
      ),
    );
    expect(p).toContainEqual(expect.stringMatching(/^guidance_labels\.jsonl:6: task_id: no episode .*"zz".* in episodes\.jsonl$/));
  });

  it('refuses schema errors with file, line and field, and reports every problem at once', () => {
    const eps = rows('episodes.jsonl');
    const st = rows('steps.jsonl');
    const spec = withFile(withFile(tinySpec(), 'episodes.jsonl', [{ ...eps[0], gating: 'sometimes' }, ...eps.slice(1)]), 'steps.jsonl', [
      { ...st[0], step: 0 },
      ...st.slice(1),
    ]);
    const p = problems(spec);
    expect(p.some((x) => x.startsWith('episodes.jsonl:1: gating: expected one of'))).toBe(true);
    expect(p.some((x) => x.startsWith('steps.jsonl:1: step:'))).toBe(true);
  });

  it('refuses an empty episodes file', () => {
    expect(problems(withFile(tinySpec(), 'episodes.jsonl', []))).toContainEqual(expect.stringContaining('empty file where rows are required'));
  });
});
