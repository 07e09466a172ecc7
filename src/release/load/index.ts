export { globeOffload, loadGlobebench, responseKey, type GlobeRelease, type RowLocation, type Source } from './globebench.js';
export {
  openRelease,
  readJsonlFile,
  readReleaseFile,
  readDeclaredRelease,
  checkUnique,
  type DeclaredRelease,
  type RawRelease,
  type ReleaseFile,
} from './read-release.js';
export { loadPawm, stepKey, type PawmRelease } from './pawm.js';
export { loadCubebench, type CubeRelease } from './cubebench.js';
export { readItemRow, readResponseRaw, readResponseRaws, readResponseRow, rereadRow, RereadError } from './reread.js';
