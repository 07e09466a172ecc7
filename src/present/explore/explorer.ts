import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { repoRoot } from '../../repo-root.js';
import type { Cell } from '../tables/table.js';
import { escapeHtml } from '../report/escape-html.js';
import { codeWidth, encodeColumn } from './column-codes.js';
import type { FileStamp } from '../../release/load/read-release.js';
import { SYNTHETIC_NOTICE, type Provenance } from '../report/provenance.js';
import { type DetailSection, RECORD_VIEW_RULES } from './record-view.js';

export type { DetailSection };

/**
 * The explorer of a benchmark's records (`OUT/<bench>/explore.html`): one offline page with its
 * script, style and data in files beside it (`explore-files/`), every one loaded by `<script src>`,
 * which works from file:// where fetch does not. The list's records come as a compact index (each
 * column a dictionary and a code per record, column-codes.ts) in chunks of at most 4 MB loaded with
 * the page: all that the list, its filters and its counts need; each record's detail (its
 * side-by-side view, with raw texts) in chunks of at most 4 MB loaded when it is opened. Details
 * are made one at a time (`detailOf`) and serialised into their chunk's bytes at once, so they are
 * never all in memory as objects. Raw texts stay on disk in the release until the report is
 * written: the detail chunks are planned here (`TextChunkPlan`) and filled by the writer, one chunk
 * at a time, from the release's rows (src/output/explorer-texts.ts).
 */

/** One kind of record: its list's columns, the fields offered as filters and the searched fields. */
interface ExplorerKind {
  kind: string;
  label: string;
  columns: { key: string; label: string }[];
  facets: string[];
  search: string[];
}

/** Where a text of a release row is: the loaded row's location, and the field that holds the text. */
export interface TextSource {
  file: string;
  line: number;
  offset?: number;
  length?: number;
  field: string;
}

export interface RecordDetail {
  sections: DetailSection[];
  /** name -> where its text is (a `textOf` of the sections names it) */
  texts?: [string, TextSource][];
}

interface ExplorerKindRecords {
  kind: ExplorerKind;
  rows: Record<string, Cell>[];
  /**
   * the detail of row i, made when the explorer is rendered: one detail at a time is in memory (a
   * real-size release has tens of thousands), serialised into its chunk as soon as it is made
   */
  detailOf: (i: number) => RecordDetail;
}

export interface ExplorerContent {
  kinds: ExplorerKindRecords[];
  /** the release the text sources are in, and each file's sha256 as loaded */
  release: ReleaseFiles;
}

/**
 * The files of a loaded release: each one's sha256 as loaded and, when the loader recorded it, its
 * size and modification time at that moment (`stamps`): a file whose stamp is unchanged is taken
 * as the file that was hashed, without hashing it again.
 */
export interface ReleaseFiles {
  dir: string;
  sha256: Readonly<Record<string, string>>;
  stamps?: ReadonlyMap<string, FileStamp>;
}

/**
 * What the writer fills: each detail chunk's slots, with the details serialised (UTF-8 JSON, one
 * after another, deflated raw; `ends[i]` is where slot i's ends once inflated) and the texts each
 * slot reads from the release. The bytes are posted to the main thread without a copy (transferred).
 */
export interface TextChunkPlan {
  release: ReleaseFiles;
  chunks: { file: string; index: number; details: Uint8Array; ends: number[]; texts: [string, TextSource][][] }[];
  /** a text longer than this is cut there, with a note saying so and where the whole is */
  maxText: number;
}

/** The buffers of a plan, to transfer with it to another thread. */
export function planBuffers(plan: TextChunkPlan | undefined): ArrayBuffer[] {
  return plan ? plan.chunks.map((c) => c.details.buffer as ArrayBuffer) : [];
}

/** The largest chunk file (bytes). */
const MAX_CHUNK_BYTES = 4_000_000;
/** A raw text longer than this (characters) is cut in the explorer, which says where the whole one is. */
const MAX_TEXT = 900_000;
const EXPLORE_DIR = 'explore-files';
const BUNDLE = 'explorer.js';

/** The page's own script, bundled by `npm run build` (scripts/bundle-explorer.mjs). */
function explorerBundle(): string {
  const file = join(repoRoot(), 'dist', 'vendor', BUNDLE);
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`the explorer's script ${file} is missing (run npm run build): ${(e as Error).message}`);
  }
}

/** The policy of the page: scripts and style from files beside it only; the DOM takes no markup strings. */
const EXPLORER_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src data:; require-trusted-types-for 'script'; trusted-types explorer";

const EXPLORER_CSS =
  'body{font-family:"DejaVu Sans",sans-serif;margin:0;color:#222}header{padding:8px 16px;background:#f3f3f3;border-bottom:1px solid #ccc}' +
  'h1{font-size:18px;margin:0 0 6px}.bar{display:flex;flex-wrap:wrap;gap:8px;align-items:center}.bar label{font-size:13px}' +
  '.chips button{margin:2px;font-size:12px}main{display:flex;gap:12px;padding:8px 16px}#list{flex:1 1 40%;min-width:0;overflow:auto}' +
  '#detail{flex:1 1 60%;min-width:0;overflow:auto;border-left:1px solid #ccc;padding-left:12px}' +
  'table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}' +
  'th{background:#f3f3f3}tbody tr.rec{cursor:pointer}tbody tr.rec:hover{background:#eef4ff}tbody tr.sel{background:#dde8ff}' +
  '.num{text-align:right;font-variant-numeric:tabular-nums}' +
  RECORD_VIEW_RULES.map(([sel, decl]) => `${sel}{${decl}}`).join('') +
  '.synthetic{background:#fff3cd;padding:4px 8px;border:1px solid #e0c36b}.count{font-weight:bold}';

export interface RenderedExplorer {
  files: Map<string, string>;
  texts: TextChunkPlan;
}

/** Renders the page, its script and style, the list chunks, and the plan of the detail chunks. */
export function renderExplorer(benchmark: string, provenance: Provenance, c: ExplorerContent): RenderedExplorer {
  const files = new Map<string, string>();
  const plan: TextChunkPlan = { release: c.release, chunks: [], maxText: MAX_TEXT };
  // the chunk being filled: its slots' details (UTF-8 JSON) until it is closed into bytes
  let open: { file: string; index: number; parts: Buffer[]; texts: [string, TextSource][][]; bytes: number } | undefined;
  const close = () => {
    if (!open) return;
    // deflated (level 1: a real-size release's 170 MB of details to about a tenth, in ~1 s), in a
    // buffer of its own so that it can be transferred (zlib may hand back a slice of a shared pool)
    const details = new Uint8Array(deflateRawSync(Buffer.concat(open.parts), { level: 1 }));
    const ends: number[] = [];
    let at = 0;
    for (const part of open.parts) ends.push((at += part.length));
    plan.chunks.push({ file: open.file, index: open.index, details, ends, texts: open.texts });
    open = undefined;
  };
  let chunks = 0;
  const kinds = c.kinds.map((k) => {
    // where each record's detail is: its chunk and slot (the list's `_d` and `_s`)
    const place = { d: new Array<number>(k.rows.length), s: new Array<number>(k.rows.length) };
    k.rows.forEach((_, i) => {
      const d = k.detailOf(i);
      const detail = Buffer.from(JSON.stringify({ sections: d.sections }));
      const texts = d.texts ?? [];
      // the chunk is JSON (DETAILS_CALL): the detail's share is its bytes; a text's literal is at
      // most its line, and one made again (cut, or a value that is not a string, indented) at most
      // about twice that
      const bytes = detail.length + texts.reduce((s, [, t]) => s + 2 * Math.min(t.length ?? MAX_TEXT, 2 * MAX_TEXT) + 128, 0) + 64;
      if (!open || open.bytes + bytes > MAX_CHUNK_BYTES - 1024) {
        close();
        open = { file: `${EXPLORE_DIR}/details-${String(chunks).padStart(4, '0')}.js`, index: chunks++, parts: [], texts: [], bytes: 0 };
      }
      open.bytes += bytes;
      open.parts.push(detail);
      open.texts.push(texts);
      place.d[i] = open.index;
      place.s[i] = open.parts.length - 1;
    });
    return { ...k.kind, rows: k.rows, place };
  });
  close();
  // the list's index: per kind, runs of records, each column a dictionary and a code per record
  // (column-codes.ts); each chunk's JSON at most a quarter of the limit (doubled by escaping)
  const fieldsOf = kinds.map((k) => {
    const names = new Set<string>();
    for (const r of k.rows) for (const name of Object.keys(r)) names.add(name);
    return [...names, '_d', '_s'];
  });
  const listChunks: string[] = [];
  kinds.forEach((k, ki) => {
    const fields = fieldsOf[ki];
    const fieldOf = (i: number, f: string): string | number | boolean | null => {
      if (f === '_d') return k.place.d[i];
      if (f === '_s') return k.place.s[i];
      const r = k.rows[i];
      return Object.hasOwn(r, f) ? (r[f] as string | number | boolean | null) : null;
    };
    let from = 0;
    while (from < k.rows.length) {
      // as many records as fit: each new dictionary value costs its JSON, each record its codes
      const seen = fields.map(() => new Set<unknown>());
      let dictBytes = 0;
      let to = from;
      let width = fields.length;
      for (; to < k.rows.length; to++) {
        let add = 0;
        let grownWidth = width;
        const grown: number[] = [];
        fields.forEach((f, fi) => {
          const v = fieldOf(to, f);
          if (!seen[fi].has(v)) {
            add += 2 * JSON.stringify(v).length + 2;
            grown.push(fi);
            grownWidth += codeWidth(seen[fi].size + 1) - codeWidth(seen[fi].size);
          }
        });
        if (to > from && dictBytes + add + (to + 1 - from) * grownWidth > MAX_CHUNK_BYTES / 2.5) break;
        dictBytes += add;
        width = grownWidth;
        for (const fi of grown) seen[fi].add(fieldOf(to, fields[fi]));
      }
      const columns = fields.map((f) => {
        const { dict, codes } = encodeColumn(Array.from({ length: to - from }, (_, j) => fieldOf(from + j, f)));
        return [dict, codes];
      });
      listChunks.push(chunkScript('wbExplorerRecords', listChunks.length, JSON.stringify({ kind: ki, n: to - from, columns })));
      from = to;
    }
  });
  const meta = {
    benchmark,
    kinds: kinds.map(({ rows, place: _, ...k }, ki) => ({ ...k, fields: fieldsOf[ki], total: rows.length })),
    detailChunks: plan.chunks.length,
  };
  const names = listChunks.map((_, i) => `${EXPLORE_DIR}/records-${String(i).padStart(4, '0')}.js`);
  listChunks.forEach((text, i) => files.set(names[i], text));
  files.set(`${EXPLORE_DIR}/meta.js`, chunkScript('wbExplorerMeta', 0, JSON.stringify(meta)));
  files.set(`${EXPLORE_DIR}/${BUNDLE}`, explorerBundle());
  files.set(`${EXPLORE_DIR}/explorer.css`, EXPLORER_CSS);
  const scripts = [`${EXPLORE_DIR}/${BUNDLE}`, `${EXPLORE_DIR}/meta.js`, ...names].map((n) => `<script src="${escapeHtml(n)}"></script>`).join('\n');
  const notice = provenance.synthetic ? `<p class="synthetic"><strong>Synthetic release.</strong> ${escapeHtml(SYNTHETIC_NOTICE)}</p>` : '';
  files.set(
    'explore.html',
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${EXPLORER_CSP}">` +
      `<meta name="referrer" content="no-referrer"><title>${escapeHtml(benchmark)}: records</title><link rel="stylesheet" href="${EXPLORE_DIR}/explorer.css"></head>` +
      `<body><header>${notice}<h1>${escapeHtml(benchmark)}: records of ${escapeHtml(provenance.release)} ${escapeHtml(provenance.version)}</h1>` +
      `<p><a href="index.html">back to the report</a></p><div class="bar" id="controls"></div><div class="chips" id="chips"></div></header>` +
      `<main><section id="list"><p>Loading the records...</p></section><section id="detail"></section></main>\n${scripts}\n</body></html>\n`,
  );
  return { files, texts: plan };
}

/** A data file: one call of the page's loader with a JSON text (parsed with JSON.parse: data only). */
function chunkScript(fn: string, index: number, json: string): string {
  // JSON.stringify of the text is a valid JS string literal (U+2028/2029 included since ES2019)
  return `${fn}(${index},${JSON.stringify(json)});\n`;
}

/**
 * The loader a detail chunk calls: `wbExplorerDetails(index,[...slots]);`, its argument a JSON text
 * written as it is (src/output/explorer-texts.ts). JSON is an expression of JavaScript (ES2019) that
 * runs no code; every object key in it is the explorer's own (`d`, `t`, `sections`, `type`, ...),
 * never a release string, so no key can be `__proto__`; release strings are JSON string literals.
 * Not escaped a second time into a string for JSON.parse: a chunk is mostly raw text, and escaping
 * it twice took most of the writing's time on a real-size release and made the files larger.
 */
export const DETAILS_CALL = 'wbExplorerDetails';
