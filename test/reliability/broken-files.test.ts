// The broken-release corpus, part: globe-files. See broken-suite.ts and broken-corpus.ts.
import { brokenSuite } from './broken-suite.js';

brokenSuite(['globe-files']);
