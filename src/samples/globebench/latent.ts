import { createRng } from '../../derive/stats/rng.js';
import { UNSOLVED, UNSOLVED_L3 } from './calibration.js';
import type { ItemMeta } from './items.js';
import type { ModelPlan } from './models.js';
import { OPERATORS, type OpKind } from './operators.js';
import { SKILLS } from './taxonomy.js';
import { gaussian, shuffle, sigmoid } from './rand.js';
import { normInv } from './reach-back.js';

/**
 * The latent-difficulty model behind the pass plan (logit scale): an item's difficulty is its
 * operator's effect plus within-operator adjustments plus item noise; a model's chance to pass is
 * sigmoid(ability - difficulty + its own skill/domain/L3/long-history effects). Operator effects
 * carry most of the difficulty, which is what makes pooled contrasts differ from within-operator ones.
 */
const SHORT_ONLY_SKILL_OPS = [
  'games.capture_chain',
  'games.openspiel_step',
  'math.sympy_simplify',
  'math.sympy_solve',
  'code.schema_validation',
  'code.type_check',
  'code.bfcl_arg_validation',
];
const LONG_ONLY_SKILL_OPS = ['code.fk_cascade', 'code.trigger_update', 'code.orm_cascade', 'dlg.booking_change', 'dlg.tau2_cancel'];
const SHORT_OPS_IN_AUDIT_SKILLS = [
  'ent.balance_probe',
  'ent.stock_probe',
  'games.tw_inventory_probe',
  'code.fs_cat_probe',
  'code.git_log_probe',
  'math.ode_step',
  'dlg.tau2_lookup',
  'code.fs_move',
  'code.symlink_update',
  'ent.bfcl_file_ops',
  'math.unit_convert_chain',
  'dlg.tau2_rebook',
];
const shifts = (ids: string[], v: number): Record<string, number> => Object.fromEntries(ids.map((id) => [id, v]));

/**
 * Values found offline by matching the model's expected aggregates to the published ones (a
 * Nelder-Mead fit on the seed 20261130 layout); the pass-plan walk then removes the residuals.
 */
const KNOBS = {
  kindBase: { audit: 12.7, mixed: 3.0, error: -4.55, probe: -2.5 } as Record<OpKind, number>,
  kindSd: { audit: 0.3, mixed: 0.3, error: 0.3, probe: 0.3 } as Record<OpKind, number>,
  /** shift of long-history operators, by kind */
  longOpShift: { audit: 0, mixed: 0.07, error: -0.62, probe: -1.9 } as Record<OpKind, number>,
  /**
   * Within-operator item spread (logits). Wide: the published eta (0.69) leaves half of the variance
   * of item success inside operators, so most non-audit items are solved by nearly all models or by
   * nearly none.
   */
  itemSd: { audit: 4.7, mixed: 6.55, error: 6.55, probe: 6.55 } as Record<OpKind, number>,
  /** within a mixed operator, its L3 items are easier than its L0-L2 items (the Simpson reversal) */
  mixedL3Shift: -2.6,
  /** within an error operator, the blocked actions are a little easier than the normal ones */
  errorShift: -0.98,
  skillSd: 0.35,
  domainSd: 0.25,
  /**
   * Per-operator shifts. Skills with items in only one reach-back band do not enter the within-skill
   * contrast, so making their operators harder (short-only) or easier (long-only) moves the pooled
   * reach-back gap alone; the short probes beside long audits in one skill are the easy side of it.
   */
  opShift: {
    ...shifts(SHORT_ONLY_SKILL_OPS, 3.2),
    ...shifts(LONG_ONLY_SKILL_OPS, -1.18),
    ...shifts(SHORT_OPS_IN_AUDIT_SKILLS, -3.17),
  } as Record<string, number>,
};

/**
 * Item difficulties. The item noise is stratified (evenly spaced normal quantiles, shuffled) within
 * each operator and item group, so group means sit at their designed offsets instead of wandering
 * with the draw; the pass plan then needs only small corrections.
 */
export function itemDifficulty(items: ItemMeta[], seed: number): Float64Array {
  const rng = createRng(seed, 'globebench:difficulty');
  const opEffect = OPERATORS.map(
    (op) =>
      KNOBS.kindBase[op.kind] + KNOBS.kindSd[op.kind] * gaussian(rng) + (op.band === 'long' ? KNOBS.longOpShift[op.kind] : 0) + (KNOBS.opShift[op.id] ?? 0),
  );
  const groups = new Map<string, ItemMeta[]>();
  for (const it of items) {
    const key = `${it.opIndex}/${it.radius === 'L3' ? 'L3' : 'x'}/${it.outcome}`;
    groups.set(key, [...(groups.get(key) ?? []), it]);
  }
  const delta = new Float64Array(items.length);
  for (const key of [...groups.keys()].sort()) {
    const members = groups.get(key)!;
    const z = shuffle(
      rng,
      members.map((_, k) => normInv((k + 0.5) / members.length)),
    );
    members.forEach((it, k) => {
      let d = opEffect[it.opIndex] + KNOBS.itemSd[it.op.kind] * z[k];
      if (it.op.kind === 'mixed' && it.radius === 'L3') d += KNOBS.mixedL3Shift;
      if (it.outcome === 'error') d += KNOBS.errorShift;
      delta[it.idx] = d;
    });
  }
  return delta;
}

/** The 631 items no model solves: the hardest 553 L3 items and the hardest 78 others. */
export function unsolvableSet(items: ItemMeta[], delta: Float64Array): Uint8Array {
  const out = new Uint8Array(items.length);
  const hardest = (pool: ItemMeta[], k: number) => [...pool].sort((a, b) => delta[b.idx] - delta[a.idx] || a.idx - b.idx).slice(0, k);
  for (const it of hardest(
    items.filter((x) => x.radius === 'L3'),
    UNSOLVED_L3,
  ))
    out[it.idx] = 1;
  for (const it of hardest(
    items.filter((x) => x.radius !== 'L3'),
    UNSOLVED - UNSOLVED_L3,
  ))
    out[it.idx] = 1;
  return out;
}

/**
 * Per-model logits over items. Each model's ability is solved for so its expected passes over the
 * solvable items equal its planned total; unsolvable items get -Infinity.
 */
export function modelLogits(items: ItemMeta[], delta: Float64Array, models: ModelPlan[], unsolvable: Uint8Array, seed: number): Float64Array[] {
  const skills = Object.keys(SKILLS);
  const domains = ['code', 'enterprise', 'games', 'math_science', 'dialogue'];
  return models.map((m) => {
    const rng = createRng(seed, `globebench:model:${m.model_id}`);
    const skillEff = skills.map(() => KNOBS.skillSd * gaussian(rng));
    const domainEff = domains.map(() => KNOBS.domainSd * gaussian(rng));
    const base = new Float64Array(items.length);
    for (const it of items) {
      let b = -delta[it.idx] + skillEff[skills.indexOf(it.op.skill)] + domainEff[domains.indexOf(it.op.domain)];
      if (it.radius === 'L3') b += m.l3Bonus;
      if (it.band === 'long') b -= m.longPenalty;
      base[it.idx] = b;
    }
    const expected = (theta: number) => {
      let s = 0;
      for (let i = 0; i < base.length; i++) if (!unsolvable[i]) s += sigmoid(theta + base[i]);
      return s;
    };
    let lo = -20,
      hi = 20;
    for (let k = 0; k < 80; k++) {
      const mid = (lo + hi) / 2;
      if (expected(mid) < m.passes) lo = mid;
      else hi = mid;
    }
    const theta = (lo + hi) / 2;
    const logits = new Float64Array(items.length);
    for (let i = 0; i < base.length; i++) logits[i] = unsolvable[i] ? -Infinity : theta + base[i];
    return logits;
  });
}
