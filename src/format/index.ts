export * as common from './common.js';
export * as globebench from './globebench.js';
export * as pawm from './pawm.js';
export * as cubebench from './cubebench.js';
