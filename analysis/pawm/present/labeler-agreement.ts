import type { Table, TableRow } from '../../../src/present/tables/table.js';
import type { PawmContext } from '../derive/context.js';
import { stepLabels } from '../derive/labels.js';
import { labelerAgreement } from '../derive/labeler-agreement.js';

/**
 * Agreement between each pair of labelers on the guided steps both labelled (the derived pairs of
 * derive/labeler-agreement.ts): percent agreement and Cohen's kappa with a 95% Wald interval.
 */
export function labelerAgreementTable(ctx: PawmContext): Table {
  const { labelers } = ctx.release;
  const rows: TableRow[] = labelerAgreement(ctx).map((p) => ({ ...p }));
  return {
    id: 'labeler-agreement',
    title: 'Agreement between guidance labelers (pitfall or not)',
    source: 'beyond the paper (guidance_labels.jsonl with several labelers per step)',
    columns: [
      { key: 'labeler_a', label: 'Labeler A' },
      { key: 'labeler_b', label: 'Labeler B' },
      { key: 'steps', label: 'Steps both labelled', format: 'int' },
      { key: 'both_pitfall', label: 'Both pitfall', format: 'int' },
      { key: 'a_only', label: 'A only', format: 'int' },
      { key: 'b_only', label: 'B only', format: 'int' },
      { key: 'neither', label: 'Neither', format: 'int' },
      { key: 'agreement', label: 'Agreement %', format: 'pct' },
      { key: 'kappa', label: "Cohen's κ", format: 'num3' },
      { key: 'kappa_low', label: '95% CI low', format: 'num3' },
      { key: 'kappa_high', label: '95% CI high', format: 'num3' },
    ],
    rows,
    notes: [
      labelers.length >= 2
        ? `${labelers.length} labelers: every pair on the guided steps both labelled. κ's 95% CI: kappa ± 1.96 SE with the large-sample SE of Fleiss, Cohen & Everitt (1969), as statsmodels' cohens_kappa; κ is undefined (empty) when both labelers give one same label throughout.`
        : labelers.length === 1
          ? `One labeler (${JSON.stringify(labelers[0])}): no agreement to report.`
          : 'This release has no guidance_labels.jsonl.',
      `The semantic analysis uses ${stepLabels(ctx).description}.`,
    ],
  };
}
