/**
 * The order the paper lists its models in (Experiment 1 table): derived rows, tables and figures put
 * these first, any other model after them alphabetically. Names only, no published number, so the
 * derive floor may read it (it may not read paper.ts).
 */
export const MODEL_ORDER: readonly string[] = ['GPT-5', 'MLP (policy gradient)', 'Grok-4', 'Gemini 2.5 Pro', 'Claude Sonnet 4', 'GPT-4o'];
