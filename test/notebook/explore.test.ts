import { describe, expect, it } from 'vitest';
import { filterResponses, modelDisagreements, responseDiffHtml, responseFrame } from '../../analysis/globebench/present/explore.js';
import { responseDiff } from '../../analysis/globebench/derive/response-diff.js';
import { gradeResponse } from '../../src/domain/grade/grade-response.js';
import { failureCtx } from '../globebench/failure-fixture.js';
import { item, makeCtx } from '../globebench/helpers.js';

describe('GlobeBench exploration', () => {
  it('one row per response, joined with its item and grade; filters select as data', () => {
    const ctx = failureCtx();
    const f = responseFrame(ctx);
    expect(f.numRows()).toBe(12);
    // worked from the fixture: games items are i2, i3; structure_only there is m2 on i2 and m4 on i2
    const sel = filterResponses(f, { domain: 'games', failure_type: 'structure_only' });
    expect(
      sel
        .objects()
        .map((r: any) => `${r.model_id}/${r.item_id}`)
        .sort(),
    ).toEqual(['m2/i2', 'm4/i2']);
    expect(filterResponses(f, { failure_type: 'pass' }).numRows()).toBe(3);
    expect(filterResponses(f, { model: ['M1', 'm3'], pass: false }).numRows()).toBe(4); // by name or id
    // a value that looks like an arquero expression is only compared, never run
    expect(filterResponses(f, { skill: 'd => op.random() || true' }).numRows()).toBe(0);
    const row = f.objects().find((r: any) => r.model_id === 'm1' && r.item_id === 'i1') as any;
    expect(row).toMatchObject({ domain: 'code', radius: 'L0', reach_back: 10, band: '<=40', pass: true, failure_type: null, credit: 0 });
  });

  it('prediction beside gold: numeric distance, missing, type mismatch, set members, exact sub-paths', () => {
    const ctx = makeCtx({
      items: [
        item('q1', {
          gold: { n: 10, s: ['a', 'b'], o: { k: 1, m: [1, 2] }, t: 'text', gone: 3, ok: 5 },
          fields: [
            { path: 'n', kind: 'numeric', tol: 0.5 },
            { path: 's', kind: 'set' },
            { path: 'o', kind: 'exact' },
            { path: 't', kind: 'text' },
            { path: 'gone', kind: 'exact' },
            { path: 'ok', kind: 'numeric' },
          ],
        }),
      ],
      models: [{ model_id: 'm' }],
      outcomes: { m: ['wrong_value'] },
    });
    const response = {
      item_id: 'q1',
      model_id: 'm',
      status: 'answered' as const,
      request: 'primary' as const,
      raw: '<b>x</b>',
      prediction: { n: 12.5, s: ['b', 'c'], o: { k: 2, m: [1, '2'] }, t: 7, ok: 5 },
    };
    ctx.release.responses.push(response);
    // its grade as the loader makes it: the diff reads the field outcomes grading recorded
    ctx.grades[0] = gradeResponse(ctx.release.items[0], response);
    const d = Object.fromEntries(responseDiff(ctx, 'm', 'q1').map((x) => [x.path, x]));
    expect(d.n).toMatchObject({ outcome: 'wrong_value', detail: '|12.5 - 10| = 2.5 > tolerance 0.5' });
    expect(d.s).toMatchObject({ outcome: 'wrong_value', detail: 'missing "a"; extra "c"' });
    expect(d.o).toMatchObject({ outcome: 'wrong_value', detail: 'k: 1 in gold, 2 predicted; m[1]: number in gold, string predicted' });
    expect(d.t).toMatchObject({ outcome: 'wrong_shape', detail: 'type mismatch: string expected, number predicted' });
    expect(d.gone).toMatchObject({ outcome: 'missing', predicted: undefined });
    expect(d.ok).toMatchObject({ outcome: 'match' });
    const html = responseDiffHtml(ctx, 'm', 'q1');
    expect(html).toContain('data-wb-view="response-diff"');
    expect((html.match(/class="wb-diff"/g) ?? []).length).toBe(5); // every field but the match
  });

  it('two models: exactly the items one passes and the other fails', () => {
    const ctx = failureCtx();
    const t = modelDisagreements(ctx, 'm1', 'm3');
    // m1: pass, fail, fail; m3: fail, pass, fail -> i1 (m1 only), i2 (m3 only)
    expect(t.rows.map((r) => [r.item_id, r.a_pass, r.b_pass, r.a_failure, r.b_failure])).toEqual([
      ['i1', true, false, 'pass', 'under_error'],
      ['i2', false, true, 'wrong_value', 'pass'],
    ]);
    expect(t.title).toBe('Items where m1 and m3 differ: 1 passed by m1 only, 1 by m3 only');
  });
});
