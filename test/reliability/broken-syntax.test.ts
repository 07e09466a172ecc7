// The broken-release corpus, part: globe-syntax. See broken-suite.ts and broken-corpus.ts.
import { brokenSuite } from './broken-suite.js';

brokenSuite(['globe-syntax']);
