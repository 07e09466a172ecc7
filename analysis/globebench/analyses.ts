import type { Analysis } from '../../src/benchmark/contract.js';
import type { GlobeContext } from './derive/context.js';
import { fig02 } from './present/fig02.js';
import { fig03 } from './present/fig03.js';
import { fig04 } from './present/fig04.js';
import { fig06 } from './present/fig06.js';
import { fig07 } from './present/fig07.js';
import { fig08 } from './present/fig08.js';
import { fig09 } from './present/fig09.js';
import { fig10 } from './present/fig10.js';
import { table02 } from './present/table02.js';
import { table03 } from './present/table03.js';
import { table14 } from './present/table14.js';
import { table18 } from './present/table18.js';
import { table19 } from './present/table19.js';
import { table20 } from './present/table20.js';
import { table22 } from './present/table22.js';
import { table23 } from './present/table23.js';

/**
 * The GlobeBench paper's tables and figures after Table 1, in the paper's order (main text first,
 * then the appendix tables each followed by its figures). Shared work (pass counts, per-skill
 * statistics, CI cells) is derived once per context, so building them all computes it once.
 */
export const GLOBE_PAPER_ANALYSES: Analysis<GlobeContext>[] = [
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
