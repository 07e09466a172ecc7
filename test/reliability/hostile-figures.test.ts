import type { TopLevelSpec } from 'vega-lite';
/**
 * No valid release crashes a figure: every string from a release reaches SVG, PNG and Vega as data
 * only. Releases are built at test time with control characters (U+0001, ESC, U+FFFE), XML/HTML/Vega
 * metacharacters and words of Vega's expression language (`if`, `datum`, `constructor`) as model
 * names, skills, operators, agents and guidance words; degenerate releases (one PAWM benchmark, no
 * guidance, one episode, one model) draw every figure, with an explicit "no data" figure where there
 * is nothing to draw; models with equal display names stay apart.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReleaseSpec } from '../../src/samples/write-release.js';
import { dataOnlySpec, figureText, NO_DATA } from '../../src/present/figures/data-only-spec.js';
import { uniqueLabels } from '../../src/domain/text/unique-labels.js';
import { figureToSvg } from '../../src/present/figures/render-figure.js';
import type { Rendered } from '../../src/present/report/write-report.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { reproduceInProcess } from './reproduce-in-process.js';
import { tinyCubebench, tinyPawm } from './tiny-releases.js';

// eslint-disable-next-line no-control-regex
const NON_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const RESERVED = ['if', 'datum', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'event', 'item', 'this', 'null', 'true', 'parent', 'width'];
const NASTY = [
  'a\u0001b',
  'esc\u001b[31mred',
  'x\uFFFEy',
  "it's",
  'say "hi"',
  'back\\slash',
  '<b>&amp;</b>',
  '{{x}}',
  '${x}',
  'a.b',
  'a[0]',
  'tab\there',
  'new\nline',
  '  ',
  'é模😀',
];

let vegaErrors: string[] = [];
beforeEach(() => {
  vegaErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void vegaErrors.push(a.map(String).join(' ')));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** Every figure rendered, as well-formed text without characters XML forbids, and no error logged by Vega. */
function checkFigures(r: Rendered): void {
  const svgs = [...r.figures].filter(([k]) => k.endsWith('.svg'));
  expect(svgs.length).toBeGreaterThan(0);
  for (const [name, svg] of svgs) {
    expect(String(svg), name).toMatch(/^<svg /);
    expect(NON_XML.test(String(svg)), name).toBe(false);
    expect(r.figures.get(name.replace(/\.svg$/, '.png'))!.length, name).toBeGreaterThan(100);
    JSON.parse(String(r.figures.get(name.replace(/\.svg$/, '.vl.json'))));
  }
  expect(NON_XML.test(String(r.report.get('index.html'))), 'index.html').toBe(false);
  expect(vegaErrors).toEqual([]);
}

function globeWith(s: string, t = s): ReleaseSpec {
  const spec = tinyGlobebench();
  const models = spec.files['models.jsonl'] as any[];
  models[0].name = s;
  models[1].name = t;
  const items = spec.files['items.jsonl'] as any[];
  items[0].skill = s;
  items[1].skill = t;
  items[0].operator = s;
  return spec;
}

function cubeWith(s: string, t = s): ReleaseSpec {
  const spec = tinyCubebench();
  (spec.files['episodes.jsonl'] as any[]).forEach((e, i) => (e.model = i % 2 ? t : s));
  return spec;
}

function pawmWith(s: string, t = s): ReleaseSpec {
  const spec = tinyPawm();
  for (const f of Object.values(spec.files)) for (const r of f as any[]) r.agent = s;
  // the words of guidance that changed the action and of guidance that did not
  for (const r of spec.files['steps.jsonl'] as any[]) if (r.guidance) r.guidance = `${s} ${t} ${r.guidance} ${t}`;
  return spec;
}

const BUILDERS: [string, (s: string, t?: string) => ReleaseSpec][] = [
  ['globebench', globeWith],
  ['pawm', pawmWith],
  ['cubebench', cubeWith],
];

describe('release strings reach every figure as data only', () => {
  for (const [bench, build] of BUILDERS) {
    for (const s of [...RESERVED.slice(0, 4), 'a\u0001b', 'esc\u001b[31m', 'x\uFFFE']) {
      it(`${bench}: ${JSON.stringify(s)} as a name`, async () => checkFigures(await reproduceInProcess(build(s, 'plain'))), 30_000);
    }
  }

  it('property: any mix of control characters, metacharacters and expression words, in every figure of every benchmark', async () => {
    const piece = fc.oneof(fc.constantFrom(...RESERVED, ...NASTY), fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }));
    const name = fc.array(piece, { minLength: 1, maxLength: 3 }).map((a) => a.join(''));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BUILDERS), name, name, async ([, build], s, t) => {
        fc.pre(s.trim() !== '' && t.trim() !== '' && s !== t);
        vegaErrors = [];
        let spec: ReleaseSpec;
        try {
          spec = build(s, t);
        } catch {
          return;
        }
        checkFigures(await reproduceInProcess(spec));
      }),
      { numRuns: 24, seed: 20261201 },
    );
  }, 300_000);
});

describe('degenerate but valid releases draw every figure', () => {
  const one = (f: (spec: ReleaseSpec) => void) => {
    const spec = tinyPawm();
    f(spec);
    return spec;
  };
  const cases: [string, ReleaseSpec][] = [
    [
      'PAWM with one benchmark only',
      one((spec) => {
        for (const k of Object.keys(spec.files)) (spec.files as any)[k] = (spec.files[k] as any[]).filter((r) => r.benchmark === 'scienceworld');
      }),
    ],
    [
      'PAWM with no guidance at all',
      one((spec) => {
        for (const r of spec.files['steps.jsonl'] as any[]) r.guidance = null;
        (spec.files as any)['guidance_labels.jsonl'] = [];
      }),
    ],
    [
      'PAWM with a single episode',
      one((spec) => {
        (spec.files as any)['episodes.jsonl'] = [spec.files['episodes.jsonl'][0]];
        (spec.files as any)['steps.jsonl'] = (spec.files['steps.jsonl'] as any[]).slice(0, 3);
      }),
    ],
  ];
  for (const [name, spec] of cases) {
    it(name, async () => {
      const r = await reproduceInProcess(spec);
      checkFigures(r);
    }, 30_000);
  }

  it('a figure with no rows says so, with its title, instead of an empty chart of zero size', async () => {
    const spec = dataOnlySpec({ title: 'Words', data: { values: [] }, mark: 'text', encoding: { text: { field: 'w' } } });
    expect(spec.title).toBe('Words');
    expect((spec.data as any).values).toEqual([{ message: NO_DATA }]);
    const svg = await figureToSvg({
      id: 'x',
      title: 'x',
      source: 't',
      spec: { title: 'Words', data: { values: [] }, mark: 'text', encoding: { text: { field: 'w' } } },
    });
    expect(svg).toContain(NO_DATA);
    expect(svg).toMatch(/width="\d*[1-9]\d*"/);
  });

  it('GlobeBench with one model', async () => {
    const spec = tinyGlobebench();
    (spec.files as any)['models.jsonl'] = [spec.files['models.jsonl'][0]];
    for (const k of Object.keys(spec.files)) if (/\/m2\.jsonl$/.test(k)) delete (spec.files as any)[k];
    checkFigures(await reproduceInProcess(spec));
  }, 30_000);
});

describe('equal display names', () => {
  it('two GlobeBench models with one name are two bars of the Table 1 figure, labelled apart by id', async () => {
    const r = await reproduceInProcess(globeWith('Same', 'Same'));
    const vl = JSON.parse(String(r.figures.get('fig-table01.vl.json')));
    const models = (vl.data.values as any[]).map((v) => v.model);
    expect(new Set(models).size).toBe(2);
    expect(models.sort()).toEqual(['Same [m1]', 'Same [m2]']);
    const svg = String(r.figures.get('fig-table01.svg'));
    expect(svg).toContain('Same [m1]');
    expect(svg).toContain('Same [m2]');
  }, 30_000);

  it('uniqueLabels keeps unique names, tells equal ones apart, and never gives two keys one label', () => {
    const m = uniqueLabels(
      [
        { id: 'a', n: 'X' },
        { id: 'b', n: 'X' },
        { id: 'c', n: 'Y' },
        { id: 'd', n: 'X [a]' },
      ],
      (e) => e.id,
      (e) => e.n,
    );
    expect([...m]).toEqual([
      ['a', 'X [a]'],
      ['b', 'X [b]'],
      ['c', 'Y'],
      ['d', 'X [a] [d] (2)'],
    ]);
  });
});

describe('figureText and array sorts', () => {
  it('shows forbidden and control characters as visible escapes and leaves everything else', () => {
    expect(figureText('a\u0001b\u001b[0m\uFFFEc\u007f\u0085')).toBe('a\\u0001b\\u001B[0m\\uFFFEc\\u007F\\u0085');
    expect(figureText('tab\tnew\nline é模😀 <&>')).toBe('tab\tnew\nline é模😀 <&>');
    expect(figureText('\uD800x')).toBe('\\uD800x');
  });

  it("an array sort becomes a sort on a position field, and the drawn order is the array's", async () => {
    const order = ['if', 'constructor', 'zeta', 'alpha'];
    const spec = {
      data: {
        values: order
          .slice()
          .reverse()
          .map((m, i) => ({ m, v: i + 1 })),
      },
      mark: 'bar',
      encoding: { y: { field: 'm', type: 'nominal', sort: order }, x: { field: 'v', type: 'quantitative' } },
    } satisfies TopLevelSpec;
    const out = dataOnlySpec(spec) as any;
    expect(out.encoding.y.sort).toEqual({ field: '__order_0', op: 'min', order: 'ascending' });
    // "constructor" names a property of Object.prototype: it gets an invisible word joiner in data
    expect(out.data.values.map((r: any) => [r.m, r.__order_0])).toEqual([
      ['alpha', 3],
      ['zeta', 2],
      ['constructor\u2060', 1],
      ['if', 0],
    ]);
    const svg = await figureToSvg({ id: 's', title: 's', source: 't', spec });
    const labels = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((x) => x[1].replace(/\u2060/g, '')).filter((t) => order.includes(t));
    expect(labels).toEqual(order);
  });
});
