import type { Rng } from '../../derive/stats/rng.js';
import type { GuidanceStyle, PawmBenchmark } from './calibration.js';
import type { Pitfall, Topic } from './domains.js';

/**
 * Guidance texts of the PAWM sample release, in natural English from weighted templates.
 *
 * A template is text with `[a|b|c]` (one alternative at random) and `{slot}` (filled from the step:
 * `{act}` the tentative action as a gerund phrase, `{Act}` the same capitalised, `{prereq}`, `{fix}`,
 * `{obj}`, `{state}`, `{subgoal}`, `{place}`, `{sight}`, `{step1}`..`{step3}`, `{goal}`).
 *
 * Pitfall-type guidance warns about the tentative action and is written with the failure and
 * stagnation vocabulary the paper finds characteristic of guidance that changes the agent's action
 * ("without", "remains", "fails", "failure", "stuck", "unable"); plan-type guidance describes
 * progress and next steps. The weights are calibration constants: they set how often each phrasing
 * is used, and so how strongly each word separates the two kinds of guidance.
 */

type Weighted = readonly [number, string];

/** Pitfall statements: what goes wrong with the tentative action, stated plainly. */
const PITFALL: Weighted[] = [
  [8, '[Careful|Caution|Heads up|Warning]: {act} without {prereq} [does nothing|has no effect|is pointless|gets you nowhere].'],
  [1.5, '{Act} [now|at this point|here] fails without {prereq}.'],
  [4, '{Act} without {prereq}: the {obj} remains {state}.'],
  [3.2, "The {obj} remains {state}, [so|and] {act} [will not|won't|cannot] [work|help] [yet|here|now]."],
  [2.3, '{Act} fails [because|as] the {obj} is still {state}.'],
  [1.6, '[This|That] is a likely failure point: {act} before {prereq} [ends|ruins|derails] the [task|episode|run].'],
  [1.6, 'You will [be|get] stuck [here|at this step|in a loop] if you keep {act} without {prereq}.'],
  [1.6, 'You [are|will be] unable to [finish|complete|get past] {subgoal} without {prereq}.'],
  [1.2, "Repeating {act} [again|once more] [will not|won't] change anything; the {obj} remains {state}."],
  [1.6, '{Act} [leads to|ends in|results in] [failure|a failure] [because|since] the {obj} is {state}.'],
  [1.4, 'The {obj} [stays|is still] {state} [and you get stuck|and you end up stuck|which leaves you stuck].'],
  [1.3, '[Nothing|No progress] [happens|will happen] without {prereq}; {act} [is|would be] wasted.'],
  [1.2, 'Right now you are unable to make progress this way: {prereq} has to come before it.'],
  [0.8, 'Skipping {prereq} fails [every time|each time|again and again] here.'],
];

/**
 * Hedged warnings: they anticipate the same pitfall but do not spell out the failure. Agents often
 * ignore them, so they are more common in guidance that did not change the action.
 */
const VAGUE: Weighted[] = [
  [1, '[Be careful|Take care] with {act}; [double-check|check] the {obj}.'],
  [1, 'Consider whether {prereq} is needed before {act}.'],
  [1, '{Act} might be premature; think about the {obj}.'],
  [1, 'Make sure {act} is what the task needs at this point.'],
  [1, 'It may help to look at the {obj} before {act}.'],
];

/** How often a pitfall warning is stated plainly, in guidance that changed / did not change the action. */
const PLAIN_IF_CHANGED = 0.92;
const PLAIN_IF_UNCHANGED = 0.62;

/** Advice after a pitfall statement; the same phrasings also open plans, so they do not mark pitfalls. */
const ADVICE: Weighted[] = [
  [0.7, 'Instead, {fix}.'],
  [0.7, '{Fix} first.'],
  [0.7, 'Do this: {fix}.'],
  [1, 'Better to {fix} now.'],
  [1, 'The next move should be to {fix}.'],
  [1, 'Go ahead and {fix}.'],
  [1, 'Recommended: {fix}.'],
  [2.5, ''],
];

/** Plan statements: progress and next steps. */
const PLAN: Weighted[] = [
  [1.2, 'Next, {step1}.'],
  [0.8, 'Now {step1}.'],
  [0.5, '{Step1} first.'],
  [0.4, 'Better to {step1} now.'],
  [0.4, 'The next move should be to {step1}.'],
  [0.4, 'Go ahead and {step1}.'],
  [0.3, 'Recommended: {step1}.'],
  [1, 'Good, {act} brings you closer to {subgoal}.'],
  [1, '{Act} helps with {subgoal}.'],
  [1.2, 'After {act}, you should see that {sight}.'],
  [0.6, 'You will then see that {sight}.'],
  [1, 'The plan is on track: {step1}, then {step2}.'],
  [0.5, 'The plan looks fine: {step1}, then {step2}.'],
  [1, 'Keep going with {subgoal}; the {obj} is in the {place}.'],
  [0.8, '{Act} is reasonable here.'],
  [0.7, '{Act} is a sensible move at this point.'],
  [1, 'Then {step2} and {step3}.'],
  [1, 'This wraps up {subgoal}; after that, {step2}.'],
];

/** Next-observation predictions. */
const OBS_PITFALL: Weighted[] = [
  [2, 'Nothing happens. The {obj} remains {state}.'],
  [2, 'The {obj} remains {state}; the action fails without {prereq}.'],
  [1.5, '[You cannot do that|That action fails] [yet|right now]. The {obj} is still {state}.'],
  [1.2, '[Error:|An error appears:] the action [fails|failed] without {prereq}.'],
  [1, 'The [view|screen|scene] [is unchanged|does not change]; the {obj} remains {state}.'],
  [1, 'The attempt ends in failure; the {obj} is {state}.'],
];
const OBS_VAGUE: Weighted[] = [
  [1, 'You see the {obj}; it is {state}.'],
  [1, 'The {obj} is {state}.'],
];
const OBS_PLAN: Weighted[] = [
  [2, '{Sight}.'],
  [2, 'You see that {sight}.'],
  [1, '{Sight}, and the {obj} is in view.'],
];
// A trained world model keeps one output format, so each style has a fixed frame.
const OBS_PREFIX = 'Predicted observation: ';
const SUBGOAL_PREFIX = 'Next milestone: {subgoal}.';
const FULL_PREFIX = 'Remaining plan: {step1}; {step2}; {step3}; then finish the goal ({goal}).';

export interface GuidanceContext {
  topic: Topic;
  /** the tentative action (a move, or the pitfall's action) */
  act: string;
  pitfall: Pitfall | null;
  /** imperative next steps, the first is what the agent does if it follows the plan */
  steps: string[];
  /** the milestone the episode is working toward at this step */
  subgoal: string;
  /** where the task takes place */
  place: string;
  /** what the next observation shows when the step goes as planned */
  sight: string;
}

function pickWeighted(rng: Rng, list: readonly Weighted[]): string {
  let total = 0;
  for (const [w] of list) total += w;
  let u = rng.next() * total;
  for (const [w, t] of list) {
    u -= w;
    if (u < 0) return t;
  }
  return list[list.length - 1][1];
}

export function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[rng.int(list.length)];
}

const capitalise = (s: string): string => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** Expands `[a|b]` alternatives first, then `{slot}`s (slot values may contain brackets). */
function expand(rng: Rng, template: string, slots: Record<string, string>): string {
  const chosen = template.replace(/\[([^\]]*)\]/g, (_, alts: string) => pick(rng, alts.split('|')));
  return chosen.replace(/\{(\w+)\}/g, (_, name: string) => {
    const lower = name[0].toLowerCase() + name.slice(1);
    const v = slots[lower];
    if (v === undefined) throw new Error(`guidance template: no slot ${name}`);
    return name === lower ? v : capitalise(v);
  });
}

function slotsFor(rng: Rng, c: GuidanceContext): Record<string, string> {
  const t = c.topic;
  const pf = c.pitfall;
  return {
    act: c.act,
    prereq: pf?.prereq ?? 'the previous step',
    fix: pf?.fix ?? c.steps[0],
    obj: pf?.obj ?? pick(rng, t.objects),
    state: pf?.state ?? 'ready',
    subgoal: c.subgoal,
    place: c.place,
    sight: c.sight,
    step1: c.steps[0],
    step2: c.steps[1],
    step3: c.steps[2],
    goal: t.goal,
  };
}

/**
 * One guidance text. `kind` says whether the world model anticipates a pitfall with the tentative
 * action; `style` is the world model's output format (next observation, trajectory to the next
 * subgoal, full remaining trajectory, or PAWM's pitfall warning); `changed` whether the agent will
 * heed it (plainly stated warnings are heeded more often than hedged ones).
 */
export function guidanceText(
  rng: Rng,
  _benchmark: PawmBenchmark,
  style: GuidanceStyle,
  kind: 'pitfall' | 'plan',
  changed: boolean,
  c: GuidanceContext,
): string {
  const slots = slotsFor(rng, c);
  const x = (t: string): string => expand(rng, t, slots);
  const parts: string[] = [];
  if (style === 'next_obs') {
    const plain = rng.next() < (changed ? PLAIN_IF_CHANGED : PLAIN_IF_UNCHANGED);
    parts.push(x(OBS_PREFIX) + x(pickWeighted(rng, kind === 'plan' ? OBS_PLAN : plain ? OBS_PITFALL : OBS_VAGUE)));
  } else {
    if (style === 'subgoal') parts.push(x(SUBGOAL_PREFIX).trimEnd());
    if (style === 'full') parts.push(x(FULL_PREFIX).trimEnd());
    if (kind === 'pitfall') {
      const plain = rng.next() < (changed ? PLAIN_IF_CHANGED : PLAIN_IF_UNCHANGED);
      parts.push(x(pickWeighted(rng, plain ? PITFALL : VAGUE)));
      parts.push(x(pickWeighted(rng, ADVICE)));
      if (rng.next() < 0.15) parts.push(x(pickWeighted(rng, PLAN)));
    } else {
      parts.push(x(pickWeighted(rng, PLAN)));
      if (rng.next() < 0.2) parts.push(x(pickWeighted(rng, PLAN)));
    }
  }
  return parts.filter((s) => s.length > 0).join(' ');
}
