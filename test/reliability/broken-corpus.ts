/**
 * The corpus of broken (and leniently accepted) releases, made at test time from the tiny valid
 * releases: each case copies one, breaks it in exactly one way, and says which problem line(s) the
 * loader must print for it (`file:line: field: message`, as `workbench validate` prints them).
 * Nothing here is committed as data; the 50 MB line is built in the test's temp dir.
 *
 * `makeCorpus(root)` writes every case into root/<name>/ (handy for looking at one by hand:
 * run a test that calls it with a fixed root).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { appendRows, dropLine, editLine, editManifest, readText, rehash, tinyCubebench, tinyPawm, writeText, writeTiny } from './tiny-releases.js';

export type BenchName = 'globebench' | 'cubebench' | 'pawm';

/** Which test file runs a case through the CLI (the corpus is split so each file stays quick). */
export type Group = 'globe-syntax' | 'globe-schema' | 'globe-refs' | 'globe-files' | 'globe-lenient' | 'cube-pawm';

export interface Case {
  name: string;
  group: Group;
  bench: BenchName;
  /** what kind of defect, for the report: one of the issue's list, or an extra found while testing */
  about: string;
  gzip?: boolean;
  /** breaks the freshly written tiny release in dir */
  build: (dir: string) => void;
  /** patterns that must each match one whole line of the problem output */
  expect: RegExp[];
  /** a lenient case: the release must load (exit 0) */
  accepted?: boolean;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A whole problem line given literally, or as a literal prefix followed by anything. */
const line = (s: string) => new RegExp(`^${esc(s)}$`);
const prefix = (s: string) => new RegExp(`^${esc(s)}`);

/** The problem message for a number literal beyond a double (it would read as +-Infinity). */
const overflow = (lexeme: string, shown = lexeme) =>
  `number ${shown} is beyond the largest double (+-1.7976931348623157e308) and would read as ${lexeme.startsWith('-') ? '-' : ''}Infinity; the format refuses numbers that are not finite`;
/** A row serialised with `text` in place of the JSON of `key`'s value (a literal JSON.stringify cannot write). */
const withLiteral = (o: object, key: string, text: string) => JSON.stringify({ ...o, [key]: 0 }).replace(`"${key}":0`, `"${key}":${text}`);

/** `s` with every character outside printable ASCII as \\uXXXX, as the NFC problems spell ids. */
const spell = (s: string) => s.replace(/[^\x20-\x7E]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
/** How an NFC problem says two spellings of one text apart. */
const nfcApart = (here: string, there: string) => `the same text under Unicode NFC normalization, written "${spell(here)}" here and "${spell(there)}" there`;
/** `café` precomposed (NFC) and as `e` + COMBINING ACUTE ACCENT (NFD): one text, two spellings. */
const CAFE_NFC = 'caf\u00E9';
const CAFE_NFD = 'cafe\u0301';
/** Replaces every `"field":"from"` of a release file by `"field":"to"` (rows as written by writeRelease, without spaces). */
const renameValue = (d: string, file: string, field: string, from: string, to: string) =>
  writeText(
    d,
    file,
    readText(d, file)
      .split(`"${field}":${JSON.stringify(from)}`)
      .join(`"${field}":${JSON.stringify(to)}`),
  );

const JUDGE_I1 = { item_id: 'i1', model_id: 'm1', judge: 'terra', verdict: 'equivalent', confidence: 0.9, prompt_version: 'j1' };
const FIFTY_MB = 50 * 1024 * 1024;

export const CASES: Case[] = [
  // ---- GlobeBench: JSON Lines syntax
  {
    name: 'truncated-last-line',
    group: 'globe-syntax',
    bench: 'globebench',
    about: 'truncated last line',
    build: (d) => {
      const t = readText(d, 'responses/m2.jsonl');
      writeText(d, 'responses/m2.jsonl', t.slice(0, t.length - 30)); // cut inside the last row
      rehash(d, { rows: false });
    },
    expect: [line('responses/m2.jsonl:4: last line does not end with a newline (truncated file?)'), prefix('responses/m2.jsonl:4: not valid JSON (')],
  },
  {
    name: 'not-json',
    group: 'globe-syntax',
    bench: 'globebench',
    about: 'a line that is not JSON',
    build: (d) => {
      editLine(d, 'items.jsonl', 2, () => '{"item_id": "i2", oops');
      rehash(d);
    },
    expect: [/^items\.jsonl:2: not valid JSON \(.+\): "\{\\"item_id\\": \\"i2\\", oops"$/],
  },
  {
    name: 'nan',
    group: 'globe-syntax',
    bench: 'globebench',
    about: 'NaN',
    build: (d) => {
      editLine(d, 'judge/m2.jsonl', 2, (o) => JSON.stringify(o).replace('"confidence":0.7', '"confidence":NaN'));
      rehash(d);
    },
    expect: [prefix('judge/m2.jsonl:2: not valid JSON (')],
  },
  {
    name: 'infinity',
    group: 'globe-syntax',
    bench: 'globebench',
    about: 'Infinity',
    build: (d) => {
      editLine(d, 'items.jsonl', 3, (o) => JSON.stringify({ ...o, gold: { room: 'hall', ending: 'x', size: 1 } }).replace('"size":1', '"size":Infinity'));
      editLine(d, 'items.jsonl', 4, (o) => JSON.stringify(o).replace('"reach_back":50', '"reach_back":-Infinity'));
      rehash(d);
    },
    expect: [prefix('items.jsonl:3: not valid JSON ('), prefix('items.jsonl:4: not valid JSON (')],
  },
  {
    name: 'blank-line',
    group: 'globe-syntax',
    bench: 'globebench',
    about: 'extra: a blank line in the middle',
    build: (d) => {
      editLine(d, 'models.jsonl', 1, (o) => JSON.stringify(o) + '\n');
      rehash(d);
    },
    expect: [line('models.jsonl:2: empty line (expected one JSON object per line)')],
  },
  {
    name: 'not-an-object',
    group: 'globe-syntax',
    bench: 'globebench',
    about: 'wrong types (a row that is not an object)',
    build: (d) => {
      editLine(d, 'responses/m1.jsonl', 3, () => '["i3", "m1"]');
      editLine(d, 'responses/m1.jsonl', 4, () => 'null');
      rehash(d);
    },
    expect: [line('responses/m1.jsonl:3: expected a JSON object'), line('responses/m1.jsonl:4: expected a JSON object')],
  },
  {
    name: 'invalid-utf8',
    group: 'globe-syntax',
    bench: 'globebench',
    about: 'extra: bytes that are not UTF-8',
    build: (d) => {
      const b = readFileSync(join(d, 'models.jsonl'));
      writeFileSync(join(d, 'models.jsonl'), Buffer.concat([b.subarray(0, 30), Buffer.from([0xff, 0xfe, 0xc3]), b.subarray(33)]));
      rehash(d, { rows: false });
    },
    expect: [line('models.jsonl: not valid UTF-8')],
  },
  {
    name: 'deep-nesting',
    group: 'globe-syntax',
    bench: 'globebench',
    about: 'extra: arrays nested 100,000 deep (used to overflow the stack in the grader)',
    build: (d) => {
      editLine(d, 'responses/m2.jsonl', 4, (o) => JSON.stringify({ ...o, prediction: { head: 'X' } }).replace('"X"', '['.repeat(100000) + ']'.repeat(100000)));
      rehash(d);
    },
    expect: [line('responses/m2.jsonl:4: arrays/objects nested more than 1000 levels deep (expected at most 1000)')],
  },
  {
    name: 'line-50mb-garbage',
    group: 'globe-syntax',
    bench: 'globebench',
    about: 'a 50 MB line (not JSON)',
    build: (d) => {
      editLine(d, 'responses/m1.jsonl', 2, () => 'x'.repeat(FIFTY_MB));
      rehash(d);
    },
    expect: [/^responses\/m1\.jsonl:2: not valid JSON \(.{0,200}\): "x{60}\.\.\."$/],
  },
  {
    name: 'line-50mb-raw-bad-status',
    group: 'globe-syntax',
    bench: 'globebench',
    about: 'a 50 MB line (valid JSON: a 50 MB raw response, with a bad status)',
    build: (d) => {
      editLine(d, 'responses/m1.jsonl', 2, (o) => ({ ...o, status: 'answered!', raw: 'y'.repeat(FIFTY_MB) }));
      rehash(d);
    },
    expect: [line('responses/m1.jsonl:2: status: expected one of "answered", "refusal", "empty", "error" (got "answered!")')],
  },

  {
    name: 'number-overflow',
    group: 'globe-syntax',
    bench: 'globebench',
    about: 'extra: number literals beyond a double (1e400 reads as Infinity): nested in gold, at the top level, negative, 401 digits',
    build: (d) => {
      editLine(d, 'items.jsonl', 3, (o) => withLiteral(o, 'gold', '{"room":"hall","ending":"the door opens","size":1e400}'));
      editLine(d, 'items.jsonl', 4, (o) => withLiteral(o, 'weight', '-1E+400'));
      editLine(d, 'models.jsonl', 1, (o) => withLiteral(o, 'params', `1${'0'.repeat(400)}`));
      rehash(d);
    },
    expect: [
      line(`items.jsonl:3: gold.size: ${overflow('1e400')}`),
      line(`items.jsonl:4: weight: ${overflow('-1E+400')}`),
      line(`models.jsonl:1: params: ${overflow('1', `1${'0'.repeat(19)}...${'0'.repeat(10)} (401 characters)`)}`),
    ],
  },
  {
    name: 'number-overflow-gz',
    group: 'globe-syntax',
    bench: 'globebench',
    about: 'extra: a gold number 1e400 in a gzipped file (it made every answer to the item wrong_value)',
    gzip: true,
    build: (d) => {
      editLine(d, 'items.jsonl.gz', 1, (o) => withLiteral(o, 'gold', '{"rows":1e400,"names":["a","b"]}'));
      rehash(d);
    },
    expect: [line(`items.jsonl.gz:1: gold.rows: ${overflow('1e400')}`)],
  },

  // ---- GlobeBench: schema
  {
    name: 'wrong-types',
    group: 'globe-schema',
    bench: 'globebench',
    about: 'wrong types',
    build: (d) => {
      editLine(d, 'items.jsonl', 1, (o) => ({ ...o, reach_back: '3' }));
      editLine(d, 'models.jsonl', 2, (o) => ({ ...o, name: 7 }));
      editLine(d, 'responses/m1.jsonl', 2, (o) => ({ ...o, prediction: [1, 2] }));
      editLine(d, 'items.jsonl', 2, (o) => ({ ...o, item_id: 2 }));
      rehash(d);
    },
    expect: [
      line('items.jsonl:1: reach_back: expected number, got string (got "3")'),
      line('models.jsonl:2: name: expected string, got number (got 7)'),
      line('responses/m1.jsonl:2: prediction: expected object, got array (got [1,2])'),
      line('items.jsonl:2: item_id: expected string, got number (got 2)'),
    ],
  },
  {
    name: 'missing-field',
    group: 'globe-schema',
    bench: 'globebench',
    about: 'wrong types (a required field missing)',
    build: (d) => {
      editLine(d, 'items.jsonl', 3, (o) => ({ ...o, fields: undefined }));
      rehash(d);
    },
    expect: [line('items.jsonl:3: fields: missing (expected array)')],
  },
  {
    name: 'out-of-range',
    group: 'globe-schema',
    bench: 'globebench',
    about: 'out-of-range values',
    build: (d) => {
      editLine(d, 'judge/m1.jsonl', 1, (o) => ({ ...o, confidence: 1.5 }));
      editLine(d, 'items.jsonl', 2, (o) => ({ ...o, reach_back: -1, domain: 'biology' }));
      editLine(d, 'items.jsonl', 1, (o) => ({ ...o, fields: [{ path: 'rows', kind: 'numeric', tol: -0.5 }, o.fields[1]] }));
      rehash(d);
    },
    expect: [
      line('judge/m1.jsonl:1: confidence: Number must be less than or equal to 1 (got 1.5)'),
      line('items.jsonl:2: reach_back: Number must be greater than or equal to 0 (got -1)'),
      line('items.jsonl:2: domain: expected one of "code", "enterprise", "games", "math_science", "dialogue" (got "biology")'),
      line('items.jsonl:1: fields.0.tol: Number must be greater than or equal to 0 (got -0.5)'),
    ],
  },

  // ---- GlobeBench: ids and references
  {
    name: 'duplicate-item-id',
    group: 'globe-refs',
    bench: 'globebench',
    about: 'duplicate ids (items)',
    build: (d) => {
      editLine(d, 'items.jsonl', 3, (o) => ({ ...o, item_id: 'i1' }));
      rehash(d);
    },
    expect: [line('items.jsonl:3: item_id: duplicate item_id i1 (first at line 1)')],
  },
  {
    name: 'duplicate-model-id',
    group: 'globe-refs',
    bench: 'globebench',
    about: 'duplicate ids (models)',
    build: (d) => {
      appendRows(d, 'models.jsonl', [{ model_id: 'm1', name: 'Again', provider: 'p', access: 'open', kind: 'general' }]);
      rehash(d);
    },
    expect: [line('models.jsonl:3: model_id: duplicate model_id m1 (first at line 1)')],
  },
  {
    name: 'duplicate-response',
    group: 'globe-refs',
    bench: 'globebench',
    about: 'duplicate ids (a second response to an item)',
    build: (d) => {
      appendRows(d, 'responses/m2.jsonl', [{ item_id: 'i2', model_id: 'm2', status: 'answered', prediction: { acct: [] }, raw: '', request: 'recovery' }]);
      rehash(d);
    },
    expect: [line('responses/m2.jsonl:5: item_id: second response to item i2 (first at line 2); expected one per item and model')],
  },
  {
    name: 'duplicate-judge-record',
    group: 'globe-refs',
    bench: 'globebench',
    about: 'duplicate ids (a second record of the same judge)',
    build: (d) => {
      appendRows(d, 'judge/m2.jsonl', [{ item_id: 'i3', model_id: 'm2', judge: 'sol', verdict: 'equivalent', confidence: 0.9, prompt_version: 'j2' }]);
      rehash(d);
    },
    expect: [line('judge/m2.jsonl:3: judge: second sol record for (i3, m2) (first at line 2); expected at most one')],
  },
  {
    name: 'response-unknown-item',
    group: 'globe-refs',
    bench: 'globebench',
    about: 'a response for an unknown item',
    build: (d) => {
      appendRows(d, 'responses/m1.jsonl', [{ item_id: 'i9', model_id: 'm1', status: 'refusal', prediction: null, raw: '', request: 'primary' }]);
      rehash(d);
    },
    expect: [line('responses/m1.jsonl:5: item_id: no item "i9" in items.jsonl')],
  },
  {
    name: 'response-unknown-model',
    group: 'globe-refs',
    bench: 'globebench',
    about: "a response for an unknown model (in a model's file)",
    build: (d) => {
      editLine(d, 'responses/m2.jsonl', 2, (o) => ({ ...o, model_id: 'm9' }));
      rehash(d);
    },
    expect: [
      line('responses/m2.jsonl:2: model_id: expected "m2" (the file\'s model), got "m9"'),
      line('responses/m2.jsonl: item_id: no response to item i2 (expected exactly one per item)'),
    ],
  },
  {
    name: 'responses-file-unknown-model',
    group: 'globe-refs',
    bench: 'globebench',
    about: 'a response for an unknown model (a file of its own)',
    build: (d) => {
      writeText(
        d,
        'responses/m9.jsonl',
        JSON.stringify({ item_id: 'i1', model_id: 'm9', status: 'refusal', prediction: null, raw: '', request: 'primary' }) + '\n',
      );
      editManifest(d, (m) => (m.files['responses/m9.jsonl'] = { sha256: '0'.repeat(64), rows: 1 }));
      rehash(d);
    },
    expect: [line('responses/m9.jsonl: no model "m9" in models.jsonl')],
  },
  {
    name: 'missing-response',
    group: 'globe-refs',
    bench: 'globebench',
    about: 'a missing response',
    build: (d) => {
      dropLine(d, 'responses/m1.jsonl', 2);
      rehash(d);
    },
    expect: [line('responses/m1.jsonl: item_id: no response to item i2 (expected exactly one per item)')],
  },
  {
    name: 'judge-unknown-item',
    group: 'globe-refs',
    bench: 'globebench',
    about: 'extra: a judge record for an unknown item',
    build: (d) => {
      appendRows(d, 'judge/m1.jsonl', [{ ...JUDGE_I1, item_id: 'i7' }]);
      rehash(d);
    },
    expect: [line('judge/m1.jsonl:2: item_id: no item "i7" in items.jsonl')],
  },
  // a judge record for a response decided deterministically is not refused (docs/release-format.md):
  // it is graded deterministically and reported in release-agreement (test/globebench/release-agreement.test.ts)
  {
    name: 'judge-missing',
    group: 'globe-refs',
    bench: 'globebench',
    about: 'a needed judge record missing',
    build: (d) => {
      writeText(d, 'judge/m1.jsonl', '');
      rehash(d);
    },
    expect: [line('responses/m1.jsonl:3: prediction: response (i3, m1) needs the judge: there is no terra or sol record')],
  },
  {
    name: 'judge-unusable',
    group: 'globe-refs',
    bench: 'globebench',
    about: 'a needed judge record missing (terra below the threshold and no sol)',
    build: (d) => {
      dropLine(d, 'judge/m2.jsonl', 2);
      rehash(d);
    },
    expect: [line('responses/m2.jsonl:3: prediction: response (i3, m2) needs the judge: terra confidence 0.6 is below 0.8 and there is no sol record')],
  },
  {
    name: 'error-item-without-gold-error',
    group: 'globe-refs',
    bench: 'globebench',
    about: 'an error item without gold_error',
    build: (d) => {
      editLine(d, 'items.jsonl', 4, (o) => ({ ...o, gold_error: null }));
      rehash(d);
    },
    expect: [line('items.jsonl:4: gold_error: expected {class, referent} on an item whose outcome is error')],
  },
  {
    name: 'field-path-not-in-gold',
    group: 'globe-refs',
    bench: 'globebench',
    about: 'a field path that does not exist in gold',
    build: (d) => {
      editLine(d, 'items.jsonl', 2, (o) => ({ ...o, fields: [o.fields[0], { path: 'acct.5.bal', kind: 'numeric' }] }));
      rehash(d);
    },
    expect: [line('items.jsonl:2: fields.1.path: path "acct.5.bal" does not exist in gold')],
  },

  {
    name: 'nfc-duplicate-item-id',
    group: 'globe-refs',
    bench: 'globebench',
    about: 'extra: two item ids that are one text under Unicode NFC (café precomposed and decomposed)',
    build: (d) => {
      for (const f of ['items.jsonl', 'responses/m1.jsonl', 'responses/m2.jsonl']) {
        renameValue(d, f, 'item_id', 'i1', CAFE_NFC);
        renameValue(d, f, 'item_id', 'i2', CAFE_NFD);
      }
      rehash(d);
    },
    expect: [line(`items.jsonl:2: item_id: duplicate item_id ${CAFE_NFD} (first at line 1; ${nfcApart(CAFE_NFD, CAFE_NFC)})`)],
  },
  {
    name: 'nfc-duplicate-model-id',
    group: 'globe-refs',
    bench: 'globebench',
    about: 'extra: two model ids that are one text under Unicode NFC (their files are two files)',
    build: (d) => {
      for (const [from, to] of [
        ['m1', CAFE_NFC],
        ['m2', CAFE_NFD],
      ]) {
        renameValue(d, 'models.jsonl', 'model_id', from, to);
        for (const kind of ['responses', 'judge']) {
          writeText(
            d,
            `${kind}/${to}.jsonl`,
            readText(d, `${kind}/${from}.jsonl`)
              .split(`"model_id":"${from}"`)
              .join(`"model_id":${JSON.stringify(to)}`),
          );
          rmSync(join(d, `${kind}/${from}.jsonl`));
          editManifest(d, (m) => {
            m.files[`${kind}/${to}.jsonl`] = m.files[`${kind}/${from}.jsonl`];
            delete m.files[`${kind}/${from}.jsonl`];
          });
        }
      }
      rehash(d);
    },
    expect: [line(`models.jsonl:2: model_id: duplicate model_id ${CAFE_NFD} (first at line 1; ${nfcApart(CAFE_NFD, CAFE_NFC)})`)],
  },
  {
    name: 'nfc-skill-spellings',
    group: 'globe-refs',
    bench: 'globebench',
    about: 'extra: one skill written two ways (NFC and NFD): two groups that read the same',
    build: (d) => {
      renameValue(d, 'items.jsonl', 'skill', 'sql', CAFE_NFC);
      renameValue(d, 'items.jsonl', 'skill', 'ledger', CAFE_NFD);
      rehash(d);
    },
    expect: [
      line(`items.jsonl:2: skill: skill ${CAFE_NFD} is the skill at line 1 written another way (${nfcApart(CAFE_NFD, CAFE_NFC)}); write it one way throughout`),
    ],
  },

  // ---- GlobeBench: files and manifest
  {
    name: 'corrupt-gz',
    group: 'globe-files',
    bench: 'globebench',
    about: 'a corrupt .gz',
    gzip: true,
    build: (d) => {
      const p = join(d, 'items.jsonl.gz');
      truncateSync(p, statSync(p).size - 12); // lose the end of the deflate stream and the trailer
      rehash(d, { rows: false });
    },
    expect: [line('items.jsonl.gz: corrupt gzip data (unexpected end of file)')],
  },
  {
    name: 'gz-not-gzip',
    group: 'globe-files',
    bench: 'globebench',
    about: 'a corrupt .gz (plain text under a .gz name)',
    gzip: true,
    build: (d) => {
      writeFileSync(join(d, 'models.jsonl.gz'), '{"model_id":"m1"}\n');
      rehash(d, { rows: false });
    },
    expect: [line('models.jsonl.gz: corrupt gzip data (incorrect header check)')],
  },
  {
    name: 'number-overflow-manifest',
    group: 'globe-files',
    bench: 'globebench',
    about: 'extra: a number literal beyond a double in MANIFEST.json',
    build: (d) => {
      const p = join(d, 'MANIFEST.json');
      writeFileSync(p, readFileSync(p, 'utf8').replace(/^\{/, '{\n  "size_bytes": 1e400,'));
    },
    expect: [line(`MANIFEST.json: size_bytes: ${overflow('1e400')}`)],
  },
  {
    name: 'sha256-mismatch',
    group: 'globe-files',
    bench: 'globebench',
    about: 'a manifest sha256 mismatch',
    build: (d) => {
      writeText(d, 'items.jsonl', readText(d, 'items.jsonl').replace('"sql"', '"sqm"'));
    },
    expect: [/^items\.jsonl: sha256 mismatch: MANIFEST\.json says [0-9a-f]{64}, the file has [0-9a-f]{64}$/],
  },
  {
    name: 'row-count-mismatch',
    group: 'globe-files',
    bench: 'globebench',
    about: 'extra: a row count that differs from the manifest',
    build: (d) => {
      rehash(d);
      editManifest(d, (m) => (m.files['models.jsonl'].rows = 3));
    },
    expect: [line('models.jsonl: row count mismatch: MANIFEST.json says 3, the file has 2')],
  },
  {
    name: 'unlisted-file',
    group: 'globe-files',
    bench: 'globebench',
    about: 'an unlisted file',
    build: (d) => {
      writeFileSync(join(d, 'notes.txt'), 'hello\n');
      mkdirSync(join(d, 'judge', 'old'));
      writeFileSync(join(d, 'judge', 'old', 'm1.jsonl'), '');
    },
    expect: [
      line('notes.txt: file not listed in MANIFEST.json (the loader refuses unlisted files)'),
      line('judge/old/m1.jsonl: file not listed in MANIFEST.json (the loader refuses unlisted files)'),
    ],
  },
  {
    name: 'unlisted-file-prototype-name',
    group: 'globe-files',
    bench: 'globebench',
    about: 'extra: an unlisted file named like an Object.prototype key (was let through)',
    build: (d) => {
      writeFileSync(join(d, 'constructor'), 'x\n');
      writeFileSync(join(d, 'toString'), 'x\n');
    },
    expect: [
      line('constructor: file not listed in MANIFEST.json (the loader refuses unlisted files)'),
      line('toString: file not listed in MANIFEST.json (the loader refuses unlisted files)'),
    ],
  },
  {
    name: 'listed-file-missing',
    group: 'globe-files',
    bench: 'globebench',
    about: 'extra: a listed file that is not there',
    build: (d) => rmSync(join(d, 'judge', 'm2.jsonl')),
    expect: [line('judge/m2.jsonl: listed in MANIFEST.json but not found')],
  },
  {
    name: 'listed-file-is-a-directory',
    group: 'globe-files',
    bench: 'globebench',
    about: 'extra: a directory where a listed data file should be (was "not found")',
    build: (d) => {
      rmSync(join(d, 'judge', 'm2.jsonl'));
      mkdirSync(join(d, 'judge', 'm2.jsonl'));
    },
    expect: [line('judge/m2.jsonl: listed in MANIFEST.json as a data file, but it is a directory')],
  },
  {
    name: 'required-file-empty',
    group: 'globe-files',
    bench: 'globebench',
    about: 'extra: an empty file where rows are required',
    build: (d) => {
      writeText(d, 'models.jsonl', '');
      rehash(d);
    },
    expect: [line('models.jsonl: empty file where rows are required')],
  },
  {
    name: 'manifest-missing',
    group: 'globe-files',
    bench: 'globebench',
    about: 'extra: no MANIFEST.json',
    build: (d) => rmSync(join(d, 'MANIFEST.json')),
    expect: [line('MANIFEST.json: missing (every release has a MANIFEST.json at its root)')],
  },
  {
    name: 'manifest-not-json',
    group: 'globe-files',
    bench: 'globebench',
    about: 'extra: MANIFEST.json that is not JSON',
    build: (d) => writeFileSync(join(d, 'MANIFEST.json'), '{"benchmark": "globebench",'),
    expect: [prefix('MANIFEST.json: not valid JSON (')],
  },
  {
    name: 'manifest-bad-fields',
    group: 'globe-files',
    bench: 'globebench',
    about: 'extra: MANIFEST.json with a bad hash and row count',
    build: (d) => editManifest(d, (m) => Object.assign(m.files['items.jsonl'], { sha256: 'XYZ', rows: -1 })),
    expect: [
      line('MANIFEST.json: files.items.jsonl.sha256: expected 64 hex digits (got "XYZ")'),
      line('MANIFEST.json: files.items.jsonl.rows: Number must be greater than or equal to 0 (got -1)'),
    ],
  },
  {
    name: 'manifest-path-escape',
    group: 'globe-files',
    bench: 'globebench',
    about: 'extra: a manifest path outside the release',
    build: (d) => editManifest(d, (m) => (m.files['../outside.jsonl'] = { sha256: '0'.repeat(64), rows: 0 })),
    expect: [line('MANIFEST.json: files.../outside.jsonl: expected a relative path inside the release')],
  },
  {
    name: 'symlink-and-fifo',
    group: 'globe-files',
    bench: 'globebench',
    about: 'extra: a symbolic link looping to the release and a FIFO (a loop used to end in ELOOP without a file name)',
    build: (d) => {
      symlinkSync('.', join(d, 'loop'));
      execFileSync('mkfifo', [join(d, 'pipe')]);
    },
    expect: [
      line('loop: a symbolic link (not followed: a release holds regular files only)'),
      line('pipe: not a regular file (a release holds regular files only)'),
    ],
  },

  // ---- GlobeBench: accepted leniently
  {
    name: 'bom',
    group: 'globe-lenient',
    bench: 'globebench',
    about: 'a BOM (accepted: JSONL files and MANIFEST.json)',
    accepted: true,
    build: (d) => {
      writeText(d, 'items.jsonl', '\uFEFF' + readText(d, 'items.jsonl'));
      writeText(d, 'responses/m1.jsonl', '\uFEFF' + readText(d, 'responses/m1.jsonl'));
      rehash(d);
      writeFileSync(join(d, 'MANIFEST.json'), '\uFEFF' + readFileSync(join(d, 'MANIFEST.json'), 'utf8'));
    },
    expect: [],
  },
  {
    name: 'bom-gz',
    group: 'globe-lenient',
    bench: 'globebench',
    about: 'a BOM inside a gzipped file (accepted)',
    gzip: true,
    accepted: true,
    build: (d) => {
      writeText(d, 'models.jsonl.gz', '\uFEFF' + readText(d, 'models.jsonl.gz'));
      rehash(d);
    },
    expect: [],
  },
  {
    name: 'crlf',
    group: 'globe-lenient',
    bench: 'globebench',
    about: 'CRLF line ends (accepted: every file, and MANIFEST.json)',
    accepted: true,
    build: (d) => {
      for (const f of ['items.jsonl', 'models.jsonl', 'responses/m1.jsonl', 'responses/m2.jsonl', 'judge/m1.jsonl', 'judge/m2.jsonl'])
        writeText(d, f, readText(d, f).replace(/\n/g, '\r\n'));
      rehash(d);
      writeFileSync(join(d, 'MANIFEST.json'), readFileSync(join(d, 'MANIFEST.json'), 'utf8').replace(/\n/g, '\r\n'));
    },
    expect: [],
  },
  {
    name: 'crlf-gz',
    group: 'globe-lenient',
    bench: 'globebench',
    about: 'CRLF line ends inside gzipped files (accepted)',
    gzip: true,
    accepted: true,
    build: (d) => {
      for (const f of ['items.jsonl.gz', 'responses/m2.jsonl.gz']) writeText(d, f, readText(d, f).replace(/\n/g, '\r\n'));
      rehash(d);
    },
    expect: [],
  },
  {
    name: 'line-50mb-raw-valid',
    group: 'globe-lenient',
    bench: 'globebench',
    about: 'a 50 MB line that is valid (a 50 MB raw response text): accepted',
    accepted: true,
    build: (d) => {
      editLine(d, 'responses/m1.jsonl', 2, (o) => ({ ...o, raw: 'z'.repeat(FIFTY_MB) }));
      rehash(d);
    },
    expect: [],
  },
  {
    name: 'model-id-with-dots',
    group: 'globe-lenient',
    bench: 'globebench',
    about: 'extra: a model id holding ".." (a file name, not a path escape; was refused)',
    accepted: true,
    build: (d) => {
      editLine(d, 'models.jsonl', 2, (o) => ({ ...o, model_id: 'v1..2' }));
      for (const kind of ['responses', 'judge']) {
        writeText(d, `${kind}/v1..2.jsonl`, readText(d, `${kind}/m2.jsonl`).replace(/"model_id":"m2"/g, '"model_id":"v1..2"'));
        rmSync(join(d, `${kind}/m2.jsonl`));
        editManifest(d, (m) => {
          m.files[`${kind}/v1..2.jsonl`] = m.files[`${kind}/m2.jsonl`];
          delete m.files[`${kind}/m2.jsonl`];
        });
      }
      rehash(d);
    },
    expect: [],
  },

  {
    name: 'number-underflow',
    group: 'globe-lenient',
    bench: 'globebench',
    about: 'extra: number literals below the smallest double (1e-400 reads as 0, as in every JSON reader; accepted)',
    accepted: true,
    build: (d) => {
      editLine(d, 'items.jsonl', 1, (o) => withLiteral(o, 'scale', '1e-400'));
      editLine(d, 'items.jsonl', 2, (o) => withLiteral(o, 'scale', '-1e-400'));
      rehash(d);
    },
    expect: [],
  },

  // ---- CubeBench
  {
    name: 'cube-scramble-state-mismatch',
    group: 'cube-pawm',
    bench: 'cubebench',
    about: 'a cube scramble that does not give the declared state',
    build: (d) => {
      editLine(d, 'tasks.jsonl', 2, (o) => ({ ...o, scramble: "F2 L D' B'" }));
      rehash(d);
    },
    expect: [
      /^tasks\.jsonl:2: state: expected the state the scramble reaches from solved \([URFDLB]{54}\): facelet \d+ \([URFDLB]\d\) is [URFDLB], the scramble gives [URFDLB]$/,
    ],
  },
  {
    name: 'cube-illegal-move-scramble',
    group: 'cube-pawm',
    bench: 'cubebench',
    about: 'an illegal move (scramble)',
    build: (d) => {
      editLine(d, 'tasks.jsonl', 1, (o) => ({ ...o, scramble: "R Uw'" }));
      rehash(d);
    },
    expect: [line('tasks.jsonl:1: scramble: move 2 "Uw\'" is not a move; expected moves like U R\' F2 x y\' separated by spaces (got "R Uw\'")')],
  },
  {
    name: 'cube-illegal-move-actions',
    group: 'cube-pawm',
    bench: 'cubebench',
    about: 'an illegal move (episode actions)',
    build: (d) => {
      editLine(d, 'episodes.jsonl', 3, (o) => ({ ...o, actions: ["B'", 'D3', "L'"] }));
      rehash(d);
    },
    expect: [line('episodes.jsonl:3: actions.1: expected a move like U, R\', F2, x, y\' or z2 (got "D3")')],
  },
  {
    name: 'cube-nbsp-in-scramble',
    group: 'cube-pawm',
    bench: 'cubebench',
    about: 'extra: a no-break space between moves (passed the schema, then crashed the replay without a file name)',
    build: (d) => {
      editLine(d, 'tasks.jsonl', 1, (o) => ({ ...o, scramble: "R\u00a0U'" }));
      rehash(d);
    },
    expect: [line('tasks.jsonl:1: scramble: move 1 "R\u00a0U\'" is not a move; expected moves like U R\' F2 x y\' separated by spaces (got "R\u00a0U\'")')],
  },
  {
    name: 'cube-bad-facelets',
    group: 'cube-pawm',
    bench: 'cubebench',
    about: 'out-of-range values (a facelet string that is not 54 URFDLB letters)',
    build: (d) => {
      editLine(d, 'tasks.jsonl', 3, (o) => ({ ...o, state: o.state.slice(0, 53) + 'X' }));
      rehash(d);
    },
    expect: [prefix('tasks.jsonl:3: state: expected 54 facelet letters from URFDLB (got ')],
  },
  {
    name: 'cube-wrong-types',
    group: 'cube-pawm',
    bench: 'cubebench',
    about: 'wrong types and out-of-range values (cube)',
    build: (d) => {
      editLine(d, 'tasks.jsonl', 1, (o) => ({ ...o, depth: 0 }));
      editLine(d, 'episodes.jsonl', 1, (o) => ({ ...o, claimed_success: 'yes', tier: 'audio' }));
      rehash(d);
    },
    expect: [
      line('tasks.jsonl:1: depth: Number must be greater than or equal to 1 (got 0)'),
      line('episodes.jsonl:1: claimed_success: expected boolean, got string (got "yes")'),
      line('episodes.jsonl:1: tier: expected one of "symbolic", "visual", "face", "vertex" (got "audio")'),
    ],
  },
  {
    name: 'cube-duplicate-ids',
    group: 'cube-pawm',
    bench: 'cubebench',
    about: 'duplicate ids (cube)',
    build: (d) => {
      editLine(d, 'tasks.jsonl', 3, (o) => ({ ...o, task_id: 't2' }));
      editLine(d, 'episodes.jsonl', 2, (o) => ({ ...o, episode_id: 'e1' }));
      rehash(d);
    },
    expect: [
      line('tasks.jsonl:3: task_id: duplicate task_id t2 (first at line 2)'),
      line('episodes.jsonl:2: episode_id: duplicate episode_id e1 (first at line 1)'),
    ],
  },
  {
    name: 'cube-unknown-task',
    group: 'cube-pawm',
    bench: 'cubebench',
    about: 'an episode of an unknown task',
    build: (d) => {
      editLine(d, 'episodes.jsonl', 4, (o) => ({ ...o, task_id: 't4' }));
      rehash(d);
    },
    expect: [line('episodes.jsonl:4: task_id: no task "t4" in tasks.jsonl')],
  },
  {
    name: 'cube-crlf-bom',
    group: 'cube-pawm',
    bench: 'cubebench',
    about: 'CRLF and a BOM in a cube release (accepted)',
    accepted: true,
    build: (d) => {
      for (const f of ['tasks.jsonl', 'episodes.jsonl']) writeText(d, f, '\uFEFF' + readText(d, f).replace(/\n/g, '\r\n'));
      rehash(d);
    },
    expect: [],
  },

  {
    name: 'cube-number-overflow',
    group: 'cube-pawm',
    bench: 'cubebench',
    about: 'extra: a duration of 1e400 seconds (reads as Infinity)',
    build: (d) => {
      editLine(d, 'episodes.jsonl', 1, (o) => withLiteral(o, 'duration_s', '1e400'));
      rehash(d);
    },
    expect: [line(`episodes.jsonl:1: duration_s: ${overflow('1e400')}`)],
  },
  {
    name: 'cube-nfc-ids',
    group: 'cube-pawm',
    bench: 'cubebench',
    about: 'extra: task ids one text under NFC (café), episode ids one text under NFC (K and the KELVIN SIGN, which NFC makes K)',
    build: (d) => {
      for (const f of ['tasks.jsonl', 'episodes.jsonl']) {
        renameValue(d, f, 'task_id', 't1', CAFE_NFC);
        renameValue(d, f, 'task_id', 't2', CAFE_NFD);
      }
      renameValue(d, 'episodes.jsonl', 'episode_id', 'e1', 'K1');
      renameValue(d, 'episodes.jsonl', 'episode_id', 'e2', '\u212A1');
      rehash(d);
    },
    expect: [
      line(`tasks.jsonl:2: task_id: duplicate task_id ${CAFE_NFD} (first at line 1; ${nfcApart(CAFE_NFD, CAFE_NFC)})`),
      line(`episodes.jsonl:2: episode_id: duplicate episode_id \u212A1 (first at line 1; ${nfcApart('\u212A1', 'K1')})`),
    ],
  },
  {
    name: 'cube-nfc-model-spellings',
    group: 'cube-pawm',
    bench: 'cubebench',
    about: 'extra: one model name written two ways (NFC and NFD): two models that read the same',
    build: (d) => {
      for (const n of [1, 2, 3, 4]) editLine(d, 'episodes.jsonl', n, (o) => ({ ...o, model: n <= 2 ? CAFE_NFC : CAFE_NFD }));
      rehash(d);
    },
    expect: [
      line(
        `episodes.jsonl:3: model: model ${CAFE_NFD} is the model at line 1 written another way (${nfcApart(CAFE_NFD, CAFE_NFC)}); write it one way throughout`,
      ),
    ],
  },
  // ---- PAWM
  {
    name: 'pawm-crlf-bom',
    group: 'cube-pawm',
    bench: 'pawm',
    about: 'CRLF and a BOM in a PAWM release (accepted)',
    accepted: true,
    build: (d) => {
      for (const f of ['episodes.jsonl', 'steps.jsonl']) writeText(d, f, '\uFEFF' + readText(d, f).replace(/\n/g, '\r\n'));
      rehash(d);
    },
    expect: [],
  },
  {
    name: 'pawm-step-missing',
    group: 'cube-pawm',
    bench: 'pawm',
    about: 'extra: an episode whose steps are not 1..n',
    build: (d) => {
      dropLine(d, 'steps.jsonl', 4);
      rehash(d);
    },
    expect: [line('episodes.jsonl:2: steps: episode has steps = 3, but steps.jsonl has 2 step row(s) for it (missing step 1); expected steps numbered 1..3')],
  },
  {
    name: 'pawm-wrong-types',
    group: 'cube-pawm',
    bench: 'pawm',
    about: 'wrong types and out-of-range values (PAWM)',
    build: (d) => {
      editLine(d, 'episodes.jsonl', 1, (o) => ({ ...o, run: 4, success: 1 }));
      rehash(d);
    },
    expect: [
      line('episodes.jsonl:1: run: Number must be less than or equal to 3 (got 4)'),
      line('episodes.jsonl:1: success: expected boolean, got number (got 1)'),
    ],
  },
  {
    name: 'pawm-label-without-guidance',
    group: 'cube-pawm',
    bench: 'pawm',
    about: 'extra: a guidance label on a step without guidance',
    build: (d) => {
      editLine(d, 'guidance_labels.jsonl', 1, (o) => ({ ...o, step: 3 }));
      rehash(d);
    },
    expect: [/^guidance_labels\.jsonl:1: step: step 3 of episode .+ has no guidance \(guidance is null\); labels describe guidance$/],
  },
  {
    name: 'pawm-number-overflow-flat-line',
    group: 'cube-pawm',
    bench: 'pawm',
    about: 'extra: 1e400 in a flat steps.jsonl line (the lines read without JSON.parse)',
    build: (d) => {
      editLine(d, 'steps.jsonl', 2, (o) => withLiteral(o, 'cost', '1e400'));
      rehash(d);
    },
    expect: [line(`steps.jsonl:2: cost: ${overflow('1e400')}`)],
  },
  {
    name: 'pawm-number-underflow-flat-line',
    group: 'cube-pawm',
    bench: 'pawm',
    about: 'extra: 1e-400 in a flat steps.jsonl line (reads as 0; accepted)',
    accepted: true,
    build: (d) => {
      editLine(d, 'steps.jsonl', 2, (o) => withLiteral(o, 'cost', '1e-400'));
      rehash(d);
    },
    expect: [],
  },
  {
    name: 'pawm-nfc-agent-spellings',
    group: 'cube-pawm',
    bench: 'pawm',
    about: 'extra: one agent written two ways (NFC in ScienceWorld, NFD in WebArena-Lite)',
    build: (d) => {
      for (const f of ['episodes.jsonl', 'steps.jsonl', 'guidance_labels.jsonl']) {
        writeText(
          d,
          f,
          readText(d, f)
            .split('\n')
            .map((l) => l.replace('"agent":"react"', `"agent":${JSON.stringify(l.includes('webarena') ? CAFE_NFD : CAFE_NFC)}`))
            .join('\n'),
        );
      }
      rehash(d);
    },
    expect: [
      line(
        `episodes.jsonl:3: agent: agent ${CAFE_NFD} is the agent at line 1 written another way (${nfcApart(CAFE_NFD, CAFE_NFC)}); write it one way throughout`,
      ),
    ],
  },
];

const SPECS = { globebench: tinyGlobebench, cubebench: tinyCubebench, pawm: tinyPawm };

/** Writes one case's release into dir. */
function makeCase(c: Case, dir: string): void {
  writeTiny(dir, SPECS[c.bench](), c.gzip ?? false);
  c.build(dir);
}

/** Writes every case into root/<name>/. */
export function makeCorpus(root: string, cases: Case[] = CASES): Map<string, string> {
  const dirs = new Map<string, string>();
  for (const c of cases) {
    const dir = join(root, c.name);
    makeCase(c, dir);
    dirs.set(c.name, dir);
  }
  return dirs;
}

/** A gzip "bomb": a few hundred KB that gunzip to `mib` MiB of spaces (concatenated gzip members). */
export function gzipBomb(mib: number): Buffer {
  const member = gzipSync(Buffer.alloc(1024 * 1024, 0x20), { level: 9 });
  return Buffer.concat(Array.from({ length: mib }, () => member));
}
