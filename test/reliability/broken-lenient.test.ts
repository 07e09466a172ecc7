// The broken-release corpus, part: globe-lenient (what is accepted on purpose). See broken-suite.ts and broken-corpus.ts.
import { brokenSuite } from './broken-suite.js';

brokenSuite(['globe-lenient']);
