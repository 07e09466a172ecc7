// The broken-release corpus, part: globe-schema, globe-refs. See broken-suite.ts and broken-corpus.ts.
import { brokenSuite } from './broken-suite.js';

brokenSuite(['globe-schema', 'globe-refs']);
