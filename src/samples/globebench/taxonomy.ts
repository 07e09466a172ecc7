/**
 * The 19 primary skills and the capabilities each one exercises (the paper's Table 5 maps every
 * skill onto its four capabilities). Names are the sample's own; the paper does not list them.
 */
export type Capability = 'state_coherence' | 'causal_correctness' | 'interface_fidelity' | 'constraint_enforcement';
export type Domain = 'code' | 'enterprise' | 'games' | 'math_science' | 'dialogue';

export const SKILLS: Record<string, Capability[]> = {
  balance_propagation: ['state_coherence', 'causal_correctness'],
  inventory_reconciliation: ['state_coherence', 'causal_correctness'],
  cascade_effects: ['causal_correctness', 'state_coherence'],
  hidden_state_tracking: ['state_coherence'],
  file_system_state: ['state_coherence', 'interface_fidelity'],
  version_control_state: ['state_coherence', 'interface_fidelity'],
  query_results: ['interface_fidelity'],
  tool_return_format: ['interface_fidelity', 'state_coherence'],
  observation_rendering: ['interface_fidelity'],
  rule_application: ['causal_correctness'],
  symbolic_transformation: ['causal_correctness'],
  numeric_dynamics: ['causal_correctness', 'state_coherence'],
  unit_bookkeeping: ['state_coherence', 'causal_correctness'],
  permission_enforcement: ['constraint_enforcement'],
  input_validation: ['constraint_enforcement', 'interface_fidelity'],
  resource_limits: ['constraint_enforcement', 'causal_correctness'],
  policy_compliance: ['constraint_enforcement'],
  dialogue_state_tracking: ['state_coherence'],
  commitment_tracking: ['state_coherence', 'causal_correctness'],
};
