import { delta, type RecordCount, type Table, type TableRow } from '../../../src/present/tables/table.js';
import { BENCHMARK_LABEL, type PawmContext } from '../derive/context.js';
import { stepLabels } from '../derive/labels.js';
import { P_VALUE_METHOD, SEMANTIC_SCOPES, semanticTests } from '../derive/semantic.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

/** The scope's row label when it is both benchmarks. */
const POOLED = 'both benchmarks';

/** The guided steps a count cell counts: the row's benchmark (every one in the pooled row), with these fields. */
const labelledSteps = (where: RecordCount['where']): RecordCount => ({ kind: 'guided-step', by: { benchmark: 'scope' }, where, any: [POOLED] });

/**
 * Semantic analysis: the share of pitfall-anticipating guidance (guidance_labels.jsonl) among
 * guidance that changed the agent's action and among guidance that did not, with Pearson's
 * chi-square test of independence (with and without Yates' correction): the derived tests of
 * derive/semantic.ts beside the published values.
 */
export function semanticTable(ctx: PawmContext): Table {
  const tests = semanticTests(ctx);
  const rows: TableRow[] = SEMANTIC_SCOPES.map((scope) => {
    const t = tests[scope];
    const label = scope === 'pooled' ? POOLED : BENCHMARK_LABEL[scope];
    const paper = (column: string) => PAPER.at('semantic', column, { scope: label });
    return {
      scope: label,
      changed_n: t.changed_n,
      changed_pitfall_n: t.changed_pitfall_n,
      changed_pitfall: t.changed_pitfall,
      unchanged_n: t.unchanged_n,
      unchanged_pitfall_n: t.unchanged_pitfall_n,
      unchanged_pitfall: t.unchanged_pitfall,
      chi2: t.chi2,
      chi2_yates: t.chi2_yates,
      p: t.p,
      p_yates: t.p_yates,
      paper_changed_pitfall: paper('changed_pitfall'),
      delta_changed_pitfall: delta(t.changed_pitfall, paper('changed_pitfall')),
      paper_unchanged_pitfall: paper('unchanged_pitfall'),
      delta_unchanged_pitfall: delta(t.unchanged_pitfall, paper('unchanged_pitfall')),
      paper_chi2: paper('chi2_yates'),
      delta_chi2: delta(t.chi2_yates, paper('chi2_yates')),
    };
  });
  const chosen = stepLabels(ctx);
  return {
    id: 'semantic',
    title: 'Semantic analysis: pitfall-anticipating guidance among CHANGED vs UNCHANGED',
    source: 'PAWM, Section 3 (semantic analysis)',
    columns: [
      { key: 'scope', label: 'Scope' },
      { key: 'changed_n', label: 'CHANGED n', format: 'int', count: labelledSteps({ changed: true, labelled: true }) },
      { key: 'changed_pitfall_n', label: 'CHANGED pitfall n', format: 'int', count: labelledSteps({ changed: true, pitfall: true }) },
      { key: 'changed_pitfall', label: 'CHANGED pitfall %', format: 'pct' },
      { key: 'unchanged_n', label: 'UNCHANGED n', format: 'int', count: labelledSteps({ changed: false, labelled: true }) },
      { key: 'unchanged_pitfall_n', label: 'UNCHANGED pitfall n', format: 'int', count: labelledSteps({ changed: false, pitfall: true }) },
      { key: 'unchanged_pitfall', label: 'UNCHANGED pitfall %', format: 'pct' },
      { key: 'chi2', label: 'χ²', format: 'num', help: 'Pearson chi-square, 1 df, no continuity correction' },
      { key: 'chi2_yates', label: 'χ² (Yates)', format: 'num', help: "with Yates' continuity correction (scipy.stats.chi2_contingency default)" },
      { key: 'p', label: 'p', format: 'p' },
      { key: 'p_yates', label: 'p (Yates)', format: 'p' },
      { key: 'paper_changed_pitfall', label: 'Paper CHANGED %', format: 'pct' },
      { key: 'delta_changed_pitfall', label: 'Δ', format: 'pp' },
      { key: 'paper_unchanged_pitfall', label: 'Paper UNCHANGED %', format: 'pct' },
      { key: 'delta_unchanged_pitfall', label: 'Δ', format: 'pp' },
      { key: 'paper_chi2', label: 'Paper χ²', format: 'num' },
      { key: 'delta_chi2', label: 'Δ χ²', format: 'num', help: 'Yates-corrected χ² minus the published value' },
    ],
    rows,
    paper: paperField(PAPER, 'semantic'),
    notes: [
      ctx.release.labels
        ? `Labelled guided steps: ${chosen.byStep.size}, with ${chosen.description}. CHANGED = the final action differs from the tentative one.`
        : 'This release has no guidance_labels.jsonl: the semantic analysis needs pitfall labels.',
      `The paper reports χ² = ${PAPER.byId('semantic/chi2').printed.text}, p < ${PAPER.byId('semantic/p-below').printed.text}, without saying whether the continuity correction was applied; Δ χ² compares with the Yates-corrected value (scipy's default for 2x2 tables).`,
      P_VALUE_METHOD,
    ],
  };
}
