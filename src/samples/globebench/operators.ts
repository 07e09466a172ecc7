import type { Domain } from './taxonomy.js';

/**
 * How an operator builds items, which decides most of an item's difficulty:
 * - `audit`: long synthetic audits; every item L3 with reach-back > 40, radius declared by the operator;
 * - `mixed`: actions whose radius depends on the entities drawn (L3 when downstream records exist);
 *   these are the operators with items on both sides of L3 vs L0-L2;
 * - `error`: actions that may be blocked (the outcome-error items and their normal siblings);
 * - `probe`: read-only or local actions (mostly L0).
 */
export type OpKind = 'audit' | 'mixed' | 'error' | 'probe';

/** The shape of an operator's gold state (see gold.ts). */
export type Family = 'ledger' | 'stock' | 'rows' | 'query' | 'files' | 'git' | 'room' | 'board' | 'algebra' | 'ode' | 'lab' | 'booking' | 'allocation';

export interface OperatorSpec {
  id: string;
  domain: Domain;
  skill: string;
  kind: OpKind;
  family: Family;
  backend: string;
  source: 'own' | 'adapted';
  /** own library simulator (locked by dependency hash) vs a third-party backend or container */
  simulator: 'own' | 'external';
  n: number;
  /** reach-back band of the operator's items: the filler turns it inserts */
  band: 'short' | 'long';
  /** typical reach-back (median, turns) */
  rb: number;
  /** whether the gold state has a free-text field the judge decides */
  text?: boolean;
}

type Src = [backend: string, source: 'own' | 'adapted', simulator: 'own' | 'external'];
const LEDGER: Src = ['ledger_sim', 'own', 'own'];
const INVENTORY: Src = ['inventory_sim', 'own', 'own'];
const FS: Src = ['fs_sim', 'own', 'own'];
const TINYDB: Src = ['tinydb', 'own', 'own'];
const DUNGEON: Src = ['dungeon_sim', 'own', 'own'];
const LAB: Src = ['lab_sim', 'own', 'own'];
const ODE: Src = ['scipy_ode', 'own', 'own'];
const SYMPY: Src = ['sympy', 'own', 'own'];
const BOOKING: Src = ['booking_sim', 'own', 'own'];
const SQLITE: Src = ['sqlite', 'own', 'external'];
const ODOO: Src = ['odoo', 'own', 'external'];
const GIT: Src = ['git', 'own', 'external'];
const BFCL: Src = ['bfcl', 'adapted', 'external'];
const TEXTWORLD: Src = ['textworld', 'adapted', 'external'];
const TAU2: Src = ['tau2-bench', 'adapted', 'external'];
const OPENSPIEL: Src = ['openspiel', 'adapted', 'external'];

function op(
  id: string,
  domain: Domain,
  skill: string,
  kind: OpKind,
  family: Family,
  src: Src,
  n: number,
  band: 'short' | 'long',
  rb: number,
  text = false,
): OperatorSpec {
  return { id, domain, skill, kind, family, backend: src[0], source: src[1], simulator: src[2], n, band, rb, text };
}

/**
 * 60 operators. Sizes are chosen so the counts the paper publishes come out exactly: 1,137 own items
 * (955 on own simulators), 495 adapted (BFCL 203, TextWorld 194, tau2-bench and OpenSpiel 98), and the
 * reach-back bands 408 / 1,192 / 32 (a few items per kind get no reach-back, see items.ts).
 */
export const OPERATORS: OperatorSpec[] = [
  // audits: 852 items, all L3 with long reach-back
  op('ent.saga_audit', 'enterprise', 'balance_propagation', 'audit', 'ledger', LEDGER, 100, 'long', 900),
  op('ent.ledger_rollup', 'enterprise', 'balance_propagation', 'audit', 'ledger', LEDGER, 70, 'long', 650),
  op('ent.stock_reconcile', 'enterprise', 'inventory_reconciliation', 'audit', 'stock', INVENTORY, 70, 'long', 700),
  op('ent.odoo_cascade_audit', 'enterprise', 'inventory_reconciliation', 'audit', 'stock', ODOO, 50, 'long', 420),
  op('ent.bfcl_session_audit', 'enterprise', 'tool_return_format', 'audit', 'ledger', BFCL, 65, 'long', 380),
  op('code.fk_cascade_audit', 'code', 'cascade_effects', 'audit', 'rows', TINYDB, 45, 'long', 520),
  op('code.fs_replay_audit', 'code', 'file_system_state', 'audit', 'files', FS, 80, 'long', 760),
  op('code.git_history_audit', 'code', 'version_control_state', 'audit', 'git', GIT, 40, 'long', 480),
  op('games.dungeon_audit', 'games', 'hidden_state_tracking', 'audit', 'room', DUNGEON, 40, 'long', 1100),
  op('games.tw_long_audit', 'games', 'hidden_state_tracking', 'audit', 'room', TEXTWORLD, 90, 'long', 560),
  op('math.lab_notebook_audit', 'math_science', 'unit_bookkeeping', 'audit', 'lab', LAB, 55, 'long', 600),
  op('math.ode_long_rollout', 'math_science', 'numeric_dynamics', 'audit', 'ode', ODE, 45, 'long', 820),
  op('dlg.booking_history_audit', 'dialogue', 'commitment_tracking', 'audit', 'booking', BOOKING, 55, 'long', 540),
  op('dlg.preference_audit', 'dialogue', 'dialogue_state_tracking', 'audit', 'booking', BOOKING, 47, 'long', 460),

  // mixed: 312 items, both L3 and L0-L2
  op('code.fk_cascade', 'code', 'cascade_effects', 'mixed', 'rows', SQLITE, 16, 'long', 150),
  op('code.trigger_update', 'code', 'cascade_effects', 'mixed', 'rows', TINYDB, 14, 'long', 120),
  op('code.orm_cascade', 'code', 'cascade_effects', 'mixed', 'rows', TINYDB, 15, 'long', 180),
  op('code.fs_move', 'code', 'file_system_state', 'mixed', 'files', FS, 16, 'short', 14),
  op('code.symlink_update', 'code', 'file_system_state', 'mixed', 'files', FS, 21, 'short', 18),
  op('code.git_rebase', 'code', 'version_control_state', 'mixed', 'git', GIT, 14, 'long', 110),
  op('ent.journal_post', 'enterprise', 'balance_propagation', 'mixed', 'ledger', LEDGER, 14, 'long', 200),
  op('ent.refund_chain', 'enterprise', 'balance_propagation', 'mixed', 'ledger', LEDGER, 11, 'long', 160),
  op('ent.invoice_update', 'enterprise', 'balance_propagation', 'mixed', 'ledger', LEDGER, 13, 'long', 90),
  op('ent.stock_transfer', 'enterprise', 'inventory_reconciliation', 'mixed', 'stock', INVENTORY, 16, 'long', 140),
  op('ent.bfcl_transfer', 'enterprise', 'tool_return_format', 'mixed', 'ledger', BFCL, 17, 'long', 95),
  op('ent.bfcl_file_ops', 'enterprise', 'tool_return_format', 'mixed', 'files', BFCL, 15, 'short', 12),
  op('games.tw_container', 'games', 'hidden_state_tracking', 'mixed', 'room', TEXTWORLD, 16, 'long', 130),
  op('games.tw_light', 'games', 'observation_rendering', 'mixed', 'room', TEXTWORLD, 14, 'short', 10, true),
  op('games.dungeon_trap', 'games', 'hidden_state_tracking', 'mixed', 'room', DUNGEON, 13, 'long', 240),
  op('games.capture_chain', 'games', 'rule_application', 'mixed', 'board', OPENSPIEL, 14, 'short', 9),
  op('math.unit_convert_chain', 'math_science', 'unit_bookkeeping', 'mixed', 'lab', LAB, 15, 'short', 16),
  op('math.ode_param_change', 'math_science', 'numeric_dynamics', 'mixed', 'ode', ODE, 14, 'long', 170),
  op('dlg.booking_change', 'dialogue', 'commitment_tracking', 'mixed', 'booking', BOOKING, 16, 'long', 130),
  op('dlg.tau2_rebook', 'dialogue', 'dialogue_state_tracking', 'mixed', 'booking', TAU2, 15, 'short', 20, true),
  op('dlg.tau2_cancel', 'dialogue', 'commitment_tracking', 'mixed', 'booking', TAU2, 13, 'long', 100),

  // error: 277 items, 155 with an error/block outcome
  op('ent.permission_gate', 'enterprise', 'permission_enforcement', 'error', 'ledger', LEDGER, 22, 'short', 12),
  op('ent.approval_limit', 'enterprise', 'permission_enforcement', 'error', 'allocation', ODOO, 24, 'long', 85),
  op('ent.bfcl_auth', 'enterprise', 'permission_enforcement', 'error', 'ledger', BFCL, 40, 'short', 8),
  op('code.schema_validation', 'code', 'input_validation', 'error', 'rows', SQLITE, 18, 'short', 6),
  op('code.type_check', 'code', 'input_validation', 'error', 'files', FS, 21, 'short', 9),
  op('code.bfcl_arg_validation', 'code', 'input_validation', 'error', 'files', BFCL, 36, 'short', 7),
  op('games.tw_locked_door', 'games', 'resource_limits', 'error', 'room', TEXTWORLD, 34, 'long', 110),
  op('games.carry_limit', 'games', 'resource_limits', 'error', 'room', DUNGEON, 12, 'short', 15),
  op('ent.allocation_contract', 'enterprise', 'resource_limits', 'error', 'allocation', LEDGER, 23, 'short', 22),
  op('dlg.tau2_policy', 'dialogue', 'policy_compliance', 'error', 'booking', TAU2, 20, 'short', 18),
  op('dlg.refund_policy', 'dialogue', 'policy_compliance', 'error', 'booking', BOOKING, 27, 'long', 95),

  // probes: 191 items
  op('code.sql_select_probe', 'code', 'query_results', 'probe', 'query', SQLITE, 12, 'short', 5),
  op('code.bfcl_query', 'code', 'query_results', 'probe', 'query', BFCL, 30, 'long', 75),
  op('ent.balance_probe', 'enterprise', 'balance_propagation', 'probe', 'ledger', LEDGER, 10, 'short', 11),
  op('ent.stock_probe', 'enterprise', 'inventory_reconciliation', 'probe', 'stock', INVENTORY, 6, 'short', 9),
  op('games.tw_look', 'games', 'observation_rendering', 'probe', 'room', TEXTWORLD, 28, 'long', 70, true),
  op('games.tw_inventory_probe', 'games', 'hidden_state_tracking', 'probe', 'room', TEXTWORLD, 12, 'short', 13),
  op('games.openspiel_step', 'games', 'rule_application', 'probe', 'board', OPENSPIEL, 24, 'short', 6, true),
  op('math.sympy_simplify', 'math_science', 'symbolic_transformation', 'probe', 'algebra', SYMPY, 8, 'short', 3),
  op('math.sympy_solve', 'math_science', 'symbolic_transformation', 'probe', 'algebra', SYMPY, 14, 'short', 4),
  op('math.ode_step', 'math_science', 'numeric_dynamics', 'probe', 'ode', ODE, 10, 'short', 7),
  op('dlg.tau2_lookup', 'dialogue', 'dialogue_state_tracking', 'probe', 'booking', TAU2, 12, 'short', 16, true),
  op('code.fs_cat_probe', 'code', 'file_system_state', 'probe', 'files', FS, 10, 'short', 8),
  op('code.git_log_probe', 'code', 'version_control_state', 'probe', 'git', GIT, 8, 'short', 10),
  op('math.unit_probe', 'math_science', 'unit_bookkeeping', 'probe', 'lab', LAB, 7, 'long', 90),
];
