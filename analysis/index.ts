import type { Bench } from '../src/benchmark/contract.js';
import { globebench } from './globebench/index.js';
import { cubebench } from './cubebench/index.js';
import { pawm } from './pawm/index.js';

/** Every benchmark the workbench reproduces; the CLI and the tests iterate over this list. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const BENCHES: Bench<any, any>[] = [globebench, pawm, cubebench];
