import type { ReleaseSpec } from './write-release.js';
import { generateCubebench } from './cubebench/index.js';
import { generateGlobebench } from './globebench/index.js';
import { generatePawm } from './pawm/index.js';

/** The sample-release generators, by benchmark. Each is a pure function of its seed. */
export const GENERATORS: Record<string, (seed: number) => ReleaseSpec> = {
  globebench: generateGlobebench,
  pawm: generatePawm,
  cubebench: generateCubebench,
};
