import { escapeHtml } from '../../../src/present/report/escape-html.js';
import { stepLabels } from '../derive/labels.js';
import type { Step } from '../../../src/format/pawm.js';
import { stepKey } from '../../../src/release/load/pawm.js';
import { BENCHMARKS, BENCHMARK_LABEL, stepKeyFields, type PawmBenchmark, type PawmContext, type StepKeyFields } from '../derive/context.js';
import { stepsWithWord } from '../derive/guided-steps.js';

export interface WordHit extends StepKeyFields {
  tentative_action: string;
  final_action: string;
  changed: boolean;
  /** the label of guidance_labels.jsonl, when the step was labelled */
  pitfall: boolean | null;
  guidance: string;
}

export interface WordDrillDown {
  word: string;
  /** guided steps whose guidance contains the word, per benchmark and group */
  counts: Record<PawmBenchmark, { changed: number; unchanged: number }>;
  /** a sample: `perGroup` CHANGED and `perGroup` UNCHANGED texts of each benchmark, evenly spaced through the release */
  hits: WordHit[];
}

function hit(ctx: PawmContext, s: Step, changed: boolean): WordHit {
  const label = stepLabels(ctx).byStep.get(stepKey(s));
  return {
    ...stepKeyFields(s),
    tentative_action: s.tentative_action,
    final_action: s.final_action,
    changed,
    pitfall: label ? label.pitfall : null,
    guidance: s.guidance!,
  };
}

/** From a word to the guidance texts that contain it (as a token, the derived `stepsWithWord`) and whether each changed the action. */
export function drillDownWord(ctx: PawmContext, word: string, opts: { perGroup?: number; benchmark?: PawmBenchmark } = {}): WordDrillDown {
  const w = word.toLowerCase();
  const per = opts.perGroup ?? 5;
  const found = stepsWithWord(ctx, w);
  const counts = { scienceworld: { changed: 0, unchanged: 0 }, webarena_lite: { changed: 0, unchanged: 0 } };
  const hits: WordHit[] = [];
  for (const b of BENCHMARKS) {
    if (opts.benchmark && opts.benchmark !== b) continue;
    for (const g of ['changed', 'unchanged'] as const) {
      const steps = found[b][g];
      counts[b][g] = steps.length;
      // evenly spaced through the release, so the sample is not all one task
      const n = Math.min(per, steps.length);
      for (let i = 0; i < n; i++) hits.push(hit(ctx, steps[Math.floor((i * steps.length) / n)], g === 'changed'));
    }
  }
  return { word: w, counts, hits };
}

/** The guidance text as HTML with every occurrence of the word (as a token) marked; all text escaped. */
export function highlightWord(text: string, word: string): string {
  const re = /[a-z]+(?:['\u2019][a-z]+)*/gi;
  let out = '';
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].toLowerCase().replace(/\u2019/g, "'") !== word) continue;
    out += escapeHtml(text.slice(last, m.index)) + `<mark>${escapeHtml(m[0])}</mark>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

/** The drill-down as an HTML table (every string from the release escaped). */
export function drillDownWordHtml(d: WordDrillDown): string {
  const summary = BENCHMARKS.map((b) => `${BENCHMARK_LABEL[b]}: ${d.counts[b].changed} CHANGED / ${d.counts[b].unchanged} UNCHANGED`).join('; ');
  const rows = d.hits
    .map(
      (h) =>
        `<tr><td>${escapeHtml(BENCHMARK_LABEL[h.benchmark])}</td><td>${escapeHtml(h.method)}</td><td>${escapeHtml(h.task_id)} r${h.run} s${h.step}</td>` +
        `<td>${h.changed ? '<strong>CHANGED</strong>' : 'unchanged'}</td><td>${h.pitfall === null ? '' : h.pitfall ? 'pitfall' : 'other'}</td>` +
        `<td><code>${escapeHtml(h.tentative_action)}</code></td><td><code>${escapeHtml(h.final_action)}</code></td><td>${highlightWord(h.guidance, d.word)}</td></tr>`,
    )
    .join('\n');
  return (
    `<p>Guidance containing <mark>${escapeHtml(d.word)}</mark>: ${escapeHtml(summary)}.</p>` +
    `<table class="wb-table"><thead><tr><th>Benchmark</th><th>Method</th><th>Step</th><th>Action</th><th>Label</th><th>Tentative</th><th>Final</th><th>Guidance</th></tr></thead><tbody>\n${rows}\n</tbody></table>`
  );
}
