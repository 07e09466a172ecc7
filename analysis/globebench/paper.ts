/**
 * GlobeBench's published numbers (../shared/papers/TARGETS.md). Read only to print the "paper" and
 * "delta" columns; nothing is computed from them. Rates are 0-1.
 */
export const PAPER = {
  table01: {
    /** overall success by model name, with the published rank */
    models: {
      'GPT-6 Astra': { success: 0.4957, rank: 1 },
      'Grok 4.6': { success: 0.2813, rank: 2 },
      'Qwen-AgentWorld': { success: 0.1446, rank: 15 },
      DWM: { success: 0.0521, rank: 19 },
    } as Record<string, { success: number; rank: number }>,
    medianGeneral: 0.21,
  },
  paired: {
    a: 'GPT-6 Astra',
    b: 'Grok 4.6',
    diff: 0.2145,
    ci_low: 0.1912,
    ci_high: 0.2377,
    net_items: 350,
  },
} as const;
