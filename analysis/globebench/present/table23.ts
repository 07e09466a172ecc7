import { COLUMNS, column } from '../../../src/present/tables/columns.js';
import { GLOBE_COLUMNS } from './columns.js';
import { delta, type Column, type Table, type TableRow } from '../../../src/present/tables/table.js';
import type { GlobeContext } from '../derive/context.js';
import { ANSWERED_FAILURES, failuresByDomainRows } from '../derive/failures.js';
import { PAPER } from '../paper.js';
import { paperField } from '../../../src/present/report/published.js';

const LABEL: Record<string, string> = {
  wrong_value: 'Wrong value',
  structure_only: 'Structure only',
  no_state_fields: 'No state fields',
  error_class: 'Error class',
  under_error: 'Under-error',
  over_error: 'Over-error',
};

/**
 * Table 23: failure types by domain. Per domain (all models' responses to its items): failed
 * decisions (responses that fail), no usable response (count, and share of the failed), answered
 * failures, and the shares of the six answered-failure types among the answered failures.
 */
export function table23(ctx: GlobeContext): Table {
  const rows: TableRow[] = failuresByDomainRows(ctx).map((d) => {
    const paperAF = PAPER.at('table23', 'answered_failures', d);
    return { ...d, paper_answered_failures: paperAF, delta_answered_failures: delta(d.answered_failures, paperAF) };
  });

  const columns: Column[] = [
    GLOBE_COLUMNS.domain,
    column(COLUMNS.items, { count: { kind: 'item', by: { domain: 'domain' }, any: ['all'] } }),
    column(COLUMNS.responses, { count: { kind: 'response', by: { domain: 'domain' }, any: ['all'] } }),
    GLOBE_COLUMNS.passing_share,
    {
      key: 'failed',
      label: 'Failed decisions',
      format: 'int',
      help: 'responses that fail, for any reason',
      count: { kind: 'response', by: { domain: 'domain' }, where: { pass: false }, any: ['all'] },
    },
    column(GLOBE_COLUMNS.no_response, { count: { kind: 'response', by: { domain: 'domain' }, where: { failure_type: 'no_response' }, any: ['all'] } }),
    { key: 'no_response_share', label: 'No usable response %', format: 'pct', help: 'share of the failed decisions' },
    { key: 'no_response_rate', label: 'No usable response % of responses', format: 'pct', help: "share of all the domain's responses" },
    column(GLOBE_COLUMNS.answered_failures_of_failed, {
      count: { kind: 'response', by: { domain: 'domain' }, where: { answered_failure: true }, any: ['all'] },
    }),
    ...ANSWERED_FAILURES.map(
      (t): Column => ({
        key: `${t}_n`,
        label: LABEL[t],
        format: 'int',
        count: { kind: 'response', by: { domain: 'domain' }, where: { failure_type: t }, any: ['all'] },
      }),
    ),
    ...ANSWERED_FAILURES.map((t): Column => ({ key: t, label: `${LABEL[t]} %`, format: 'pct', help: 'share of answered failures' })),
    GLOBE_COLUMNS.paper_answered_failures,
    GLOBE_COLUMNS.delta_answered_failures,
  ];
  const displayKeys = ['domain', 'items', 'failed', 'no_response', 'no_response_share', 'answered_failures', ...ANSWERED_FAILURES, 'paper_answered_failures'];
  return {
    id: 'table23',
    title: 'Table 23: failure types by domain',
    source: 'GlobeBench, Table 23',
    columns,
    rows,
    display: { columns: displayKeys.map((k) => columns.find((c) => c.key === k)!), rows },
    paper: paperField(PAPER, 'table23'),
    notes: [
      "Each domain pools every model's responses to its items. Failed decisions = responses that fail; no usable response = refusal, empty, error status or no parsed prediction (shown as a share of the failed decisions and of all responses); the six shares are of the answered failures (failed decisions with a usable response) and sum to 100%.",
      "Wrong value here is the grader's wrong_value alone (including judge not_equivalent verdicts); error_class, under_error and over_error are the error-handling failures that Table 2 folds into wrong value.",
      'The paper prints per-domain rows without numbers in TARGETS.md; only the all-domain answered-failure count (22,431, Table 2) is compared.',
    ],
  };
}
