import type { Analysis } from '../../src/present/report/analysis.js';
import type { GlobeContext } from './context.js';
import { fig09, fig10 } from './fig-domain.js';
import { fig03, fig06 } from './fig-radius.js';
import { fig04, fig07 } from './fig-reachback.js';
import { fig02, fig08, table18 } from './skills.js';
import { table02 } from './table02.js';
import { table03 } from './table03.js';
import { table14 } from './table14.js';
import { table19 } from './table19.js';
import { table20 } from './table20.js';
import { table22 } from './table22.js';
import { table23 } from './table23.js';

export { fig09, fig10 } from './fig-domain.js';
export { fig03, fig06 } from './fig-radius.js';
export { fig04, fig07, reachBins } from './fig-reachback.js';
export { fig02, fig08, skillStats, table18 } from './skills.js';
export { table02 } from './table02.js';
export { table03 } from './table03.js';
export { table14 } from './table14.js';
export { table19 } from './table19.js';
export { table20 } from './table20.js';
export { table22, outcomeStrata } from './table22.js';
export { table23 } from './table23.js';

/**
 * The issue-3 GlobeBench tables and figures, in the paper's order (main text first, then the
 * appendix tables each followed by its figures). Shared work (pass counts, per-skill statistics) is
 * cached on the context, so building them all computes it once.
 */
export const GLOBE_ANALYSES_ISSUE3: Analysis<GlobeContext>[] = [
  { id: 'table02', kind: 'table', build: table02 },
  { id: 'table03', kind: 'table', build: table03 },
  { id: 'fig02', kind: 'figure', build: fig02 },
  { id: 'fig03', kind: 'figure', build: fig03 },
  { id: 'fig04', kind: 'figure', build: fig04 },
  { id: 'table14', kind: 'table', build: table14 },
  { id: 'fig06', kind: 'figure', build: fig06 },
  { id: 'fig07', kind: 'figure', build: fig07 },
  { id: 'table18', kind: 'table', build: table18 },
  { id: 'fig08', kind: 'figure', build: fig08 },
  { id: 'table19', kind: 'table', build: table19 },
  { id: 'table20', kind: 'table', build: table20 },
  { id: 'table22', kind: 'table', build: table22 },
  { id: 'table23', kind: 'table', build: table23 },
  { id: 'fig09', kind: 'figure', build: fig09 },
  { id: 'fig10', kind: 'figure', build: fig10 },
];
