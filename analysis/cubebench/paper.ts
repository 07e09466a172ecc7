import { approx, count, indexPublished, publish, rate, type ComparedCell, type PublishedNumber } from '../../src/present/report/published.js';

/**
 * CubeBench's published numbers (docs/papers.md, CubeBench section: the Experiment 1-3 tables,
 * the tool-use statement and the budget), each declared once with the text the paper prints; the
 * only place in analysis/cubebench that holds them. Read only to fill the "paper" and "delta"
 * columns, the scorecard and the notes that quote the paper; nothing is computed from them.
 *
 * The paper prints pass rates as 0-1 rates with two decimals (`0.75`): "within rounding" is
 * +-0.005. Its "all long" column is one number per row: it is compared with each tier's long cell
 * and with their pooled 'all' cell (every tier's long rate is 0.00, so each is 0). The MLP was only
 * run on symbolic input (`-` elsewhere).
 */

/** What the paper says about tool use (no table), quoted in the make_move table's notes. */
export const TOOL_USE_TEXT = 'some models (InternVL-3, Kimi K2) average tens of thousands of make_move calls per episode, up to 400,000';

const TIERS = ['symbolic', 'visual', 'face', 'vertex'] as const;

/** A pass-rate cell of exp1-3 (long form: one row per model, agent, reward, tier and horizon). */
const passCell = (analysis: string, model: string, agent: string, reward: string, tier: string, horizon: string): ComparedCell => ({
  analysis,
  row: { model, agent, reward, tier, horizon },
  column: 'pass_rate',
  paper: 'paper',
  ci: ['ci_low', 'ci_high'],
});

/** A row of the Experiment 1 / 2 tables: each tier short as printed ('-': not run), and the one "all long" number. */
function exp12Row(
  analysis: 'exp1' | 'exp2',
  where: string,
  model: string,
  reward: string,
  short: readonly string[],
  long: string | null,
  what: string,
): PublishedNumber[] {
  const out: PublishedNumber[] = [];
  const ran = TIERS.filter((_, i) => short[i] !== '-');
  TIERS.forEach((tier, i) => {
    if (short[i] === '-') return;
    out.push(
      publish(`${analysis}/${model}/${reward}/${tier}-short`, where, `${what}, ${tier} short`, rate(short[i]), {
        compare: [passCell(analysis, model, 'basic', reward, tier, 'short')],
      }),
    );
  });
  if (long !== null) {
    out.push(
      publish(`${analysis}/${model}/${reward}/all-long`, where, `${what}, all long (compared with each tier's long cell and the pooled one)`, rate(long), {
        compare: [...ran.map((tier) => passCell(analysis, model, 'basic', reward, tier, 'long')), passCell(analysis, model, 'basic', reward, 'all', 'long')],
      }),
    );
  }
  return out;
}

const EXP1: [string, string[], string][] = [
  ['GPT-5', ['0.75', '0.20', '0.40', '0.05'], '0.00'],
  ['MLP (policy gradient)', ['0.75', '-', '-', '-'], '0.00'],
  ['Grok-4', ['0.20', '0.05', '0.00', '0.00'], '0.00'],
  ['Gemini 2.5 Pro', ['0.10', '0.05', '0.05', '0.00'], '0.00'],
  ['Claude Sonnet 4', ['0.05', '0.00', '0.00', '0.00'], '0.00'],
  ['GPT-4o', ['0.00', '0.00', '0.10', '0.00'], '0.00'],
];

/** Experiment 2 prints the short columns only; its text says long tasks stay at 0 under every reward. */
const EXP2: [string, string[]][] = [
  ['none', ['0.75', '0.20', '0.40', '0.05']],
  ['face', ['0.85', '0.55', '0.50', '0.40']],
  ['sticker', ['0.65', '0.55', '0.55', '0.50']],
  ['heuristic', ['0.50', '0.45', '0.65', '0.30']],
];

const EXP3_COLUMNS = [
  ['symbolic', 'short'],
  ['symbolic', 'long'],
  ['visual', 'short'],
  ['face', 'short'],
  ['vertex', 'short'],
] as const;
const EXP3: [string, string, string[]][] = [
  ['GPT-5', 'basic', ['0.75', '0.00', '0.20', '0.40', '0.05']],
  ['GPT-5', 'standard_solver', ['0.95', '0.95', '0.65', '1.00', '0.00']],
  ['GPT-5', 'ideal_solver', ['1.00', '1.00', '0.95', '0.85', '0.00']],
  ['Claude Sonnet 4', 'ideal_solver', ['1.00', '1.00', '0.00', '0.00', '0.00']],
];

/** Every published number of CubeBench, in the order of docs/papers.md. */
export const PAPER = indexPublished([
  ...EXP1.flatMap(([model, short, long]) => exp12Row('exp1', 'Experiment 1 table', model, 'none', short, long, `${model}, Basic agent, sparse reward`)),
  ...EXP2.flatMap(([reward, short]) => exp12Row('exp2', 'Experiment 2 table', 'GPT-5', reward, short, null, `GPT-5, Basic agent, reward ${reward}`)),
  // "long tasks all 0" under every reward: one statement, read at the two decimals the rate tables print
  publish(
    'exp2/GPT-5/all-long',
    'Experiment 2 text',
    "GPT-5, Basic agent, every reward: long tasks all 0 (compared with each reward's tier long cells and pooled long cell)",
    rate('0.00'),
    {
      compare: EXP2.flatMap(([reward]) => [
        ...TIERS.map((tier) => passCell('exp2', 'GPT-5', 'basic', reward, tier, 'long')),
        passCell('exp2', 'GPT-5', 'basic', reward, 'all', 'long'),
      ]),
    },
  ),
  ...EXP3.flatMap(([model, agent, rates]) =>
    EXP3_COLUMNS.map(([tier, horizon], i) =>
      publish(`exp3/${model}/${agent}/${tier}-${horizon}`, 'Experiment 3 table', `${model}, ${agent}, ${tier} ${horizon}`, rate(rates[i]), {
        compare: [passCell('exp3', model, agent, 'none', tier, horizon)],
      }),
    ),
  ),
  publish(
    'make-move-calls/max-calls',
    'text (tool use)',
    'make_move calls per episode of the brute-force models (InternVL-3, Kimi K2): "tens of thousands", up to about 400,000',
    approx(count('400,000')),
    {
      quoted: 'make-move-calls notes; the paper gives no per-model table, so no cell is compared',
    },
  ),
  publish('budget/step-limit', 'text (budget)', 'step limit per episode', count('20'), {
    design_fixed: true,
    quoted: "an episode's end (step_limit) is in the release; the limit itself is not a result",
  }),
  publish('budget/timeout-minutes', 'text (budget)', 'timeout per episode, minutes', count('30'), {
    design_fixed: true,
    quoted: "an episode's end (timeout) is in the release; the limit itself is not a result",
  }),
  publish('exp1/tasks-per-cell', 'text', 'tasks per table cell (pass rates move in steps of 0.05)', count('20'), {
    design_fixed: true,
    quoted: 'the n column of exp1-3 and their notes',
  }),
]);
