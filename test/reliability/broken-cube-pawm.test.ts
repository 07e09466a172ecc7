// The broken-release corpus, part: cube-pawm. See broken-suite.ts and broken-corpus.ts.
import { brokenSuite } from './broken-suite.js';

brokenSuite(['cube-pawm']);
