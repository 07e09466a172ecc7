import type { DetailSection, ExplorerContent, RecordDetail } from '../../../src/present/explore/explorer.js';
import { filterHash } from '../../../src/present/explore/record-filter.js';
import type { Cell } from '../../../src/present/tables/table.js';
import { episodeKey } from '../../../src/format/pawm.js';
import { stepKey } from '../../../src/release/load/pawm.js';
import { BENCHMARK_LABEL, type PawmBenchmark, type PawmContext } from '../derive/context.js';
import { guidedSteps } from '../derive/guided-steps.js';

/** The filter fields of one episode (its configuration, task and run), as its records carry them. */
const episodeFields = (e: {
  benchmark: PawmBenchmark;
  agent: string;
  method: string;
  gating: string;
  train_ratio: number | null;
  task_id: string;
  run: number;
}): [string, string][] => [
  ['benchmark', BENCHMARK_LABEL[e.benchmark]],
  ['agent', e.agent],
  ['method', e.method],
  ['gating', e.gating],
  ['train_ratio', e.train_ratio === null ? '' : String(e.train_ratio)],
  ['task_id', e.task_id],
  ['run', String(e.run)],
];

const at = (s?: { file: string; line: number }) => (s ? `${s.file}:${s.line}` : 'not in this release');

/**
 * PAWM's records for the explorer: every episode (its configuration, task, run and outcome), and
 * every guided step (one where the world model spoke: its guidance, the tentative action beside the
 * final one, its pitfall label). An episode opens into its steps; a step into its guidance.
 */
export function pawmExplorer(ctx: PawmContext): ExplorerContent {
  const { release } = ctx;
  const episodes: Record<string, Cell>[] = [];
  const episodeDetails: RecordDetail[] = [];
  for (const e of release.episodes) {
    const key = episodeKey(e);
    const steps = release.stepsByEpisode.get(key) ?? [];
    const lines = release.sources.stepLines.get(key) ?? [];
    episodes.push({
      benchmark: BENCHMARK_LABEL[e.benchmark],
      agent: e.agent,
      method: e.method,
      gating: e.gating,
      train_ratio: e.train_ratio,
      task_id: e.task_id,
      run: e.run,
      success: e.success,
      steps: e.steps,
      wm_calls: e.wm_calls,
      api_calls: e.api_calls,
    });
    const sections: DetailSection[] = [
      {
        type: 'facts',
        title: `${BENCHMARK_LABEL[e.benchmark]}: ${e.task_id}, run ${e.run}`,
        facts: [['episode at', at(release.sources.episode.get(key))]],
      },
      {
        type: 'records',
        title: 'Steps',
        links: [
          {
            label: `its guided steps (${steps.filter((s) => s.guidance !== null).length} of ${steps.length} steps; steps at ${release.sources.stepsFile}${lines.length ? `:${lines[0]}-${lines[lines.length - 1]}` : ''})`,
            hash: filterHash({ kind: 'guided-step', fields: episodeFields(e) }),
          },
        ],
      },
    ];
    episodeDetails.push({ sections });
  }
  const stepLine = new Map<string, number>();
  for (const [key, lines] of release.sources.stepLines) (release.stepsByEpisode.get(key) ?? []).forEach((s, i) => stepLine.set(stepKey(s), lines[i]));
  const guided = guidedSteps(ctx);
  const steps: Record<string, Cell>[] = [];
  const stepDetails: RecordDetail[] = [];
  for (const g of guided) {
    steps.push({
      benchmark: BENCHMARK_LABEL[g.benchmark],
      agent: g.agent,
      method: g.method,
      gating: g.gating,
      train_ratio: g.train_ratio,
      task_id: g.task_id,
      run: g.run,
      step: g.step,
      changed: g.changed,
      // labelled under the semantic analysis' labeler rule (its counts are of labelled steps)
      labelled: g.pitfall !== null,
      pitfall: g.pitfall,
      guidance: g.guidance,
    });
    const line = stepLine.get(stepKey(g));
    const labels = release.labelsByStep.get(stepKey(g)) ?? [];
    stepDetails.push({
      sections: [
        {
          type: 'facts',
          title: `${BENCHMARK_LABEL[g.benchmark]}: ${g.task_id}, run ${g.run}, step ${g.step}`,
          facts: [['step at', line === undefined ? '' : `${release.sources.stepsFile}:${line}`]],
        },
        {
          type: 'side',
          title: 'Tentative beside final action',
          left: { title: 'tentative', text: g.tentative_action },
          right: { title: 'final', text: g.final_action },
        },
        { type: 'table', title: 'Labels', columns: ['labeler', 'pitfall'], rows: labels.map((l) => [l.labeler, l.pitfall ? 'yes' : 'no']) },
        {
          type: 'records',
          title: 'Related',
          links: [{ label: 'its episode', hash: filterHash({ kind: 'episode', fields: episodeFields(g) }) }],
        },
      ],
    });
  }
  const config = ['benchmark', 'agent', 'method', 'gating', 'train_ratio'];
  return {
    release: { dir: release.dir, sha256: release.sha256 },
    kinds: [
      {
        kind: {
          kind: 'episode',
          label: 'Episodes',
          columns: [...config, 'task_id', 'run', 'success', 'steps'].map((key) => ({ key, label: key.replace('_', ' ') })),
          facets: [...config, 'run', 'success'],
          search: ['task_id', 'agent', 'method'],
        },
        rows: episodes,
        detailOf: (i) => episodeDetails[i],
      },
      {
        kind: {
          kind: 'guided-step',
          label: 'Guided steps',
          columns: ['benchmark', 'agent', 'method', 'task_id', 'run', 'step', 'changed', 'pitfall', 'guidance'].map((key) => ({
            key,
            label: key.replace('_', ' '),
          })),
          facets: [...config, 'changed', 'labelled', 'pitfall'],
          search: ['guidance', 'task_id', 'agent'],
        },
        rows: steps,
        detailOf: (i) => stepDetails[i],
      },
    ],
  };
}
