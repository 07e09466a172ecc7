import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../repo-root.js';
import type { Cell } from '../tables/table.js';
import { escapeHtml } from '../report/escape-html.js';
import { SYNTHETIC_NOTICE, type Provenance } from '../report/provenance.js';
import { type DetailSection, RECORD_VIEW_RULES } from './record-view.js';

export type { DetailSection };

/**
 * The explorer of a benchmark's records (`OUT/<bench>/explore.html`): one offline page with its
 * script, style and data in files beside it (`explore-files/`), every one loaded by `<script src>`,
 * which works from file:// where fetch does not. The list's records come in chunks of at most 4 MB
 * loaded with the page; each record's detail (its side-by-side view, with raw texts) in chunks of
 * at most 4 MB loaded when it is opened. Raw texts stay on disk in the release until the report is
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
  /** one per row, in order */
  details: RecordDetail[];
}

export interface ExplorerContent {
  kinds: ExplorerKindRecords[];
  /** the release the text sources are in, and each file's sha256 as loaded */
  release: { dir: string; sha256: Readonly<Record<string, string>> };
}

/** What the writer fills: each detail chunk's slots, with the detail serialised and the texts to read. */
export interface TextChunkPlan {
  release: { dir: string; sha256: Readonly<Record<string, string>> };
  chunks: { file: string; index: number; slots: { detail: string; texts: [string, TextSource][] }[] }[];
  /** a text longer than this is cut there, with a note saying so and where the whole is */
  maxText: number;
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
  const listChunks: string[] = [];
  const plan: TextChunkPlan = { release: c.release, chunks: [], maxText: MAX_TEXT };
  let chunk: TextChunkPlan['chunks'][number] | undefined;
  let chunkBytes = 0;
  const kinds = c.kinds.map((k) => {
    const rows = k.rows.map((row, i) => {
      const d = k.details[i];
      const detail = JSON.stringify({ sections: d.sections });
      // the chunk is a JSON text inside a JS string: the detail's share is its escaped length; a
      // text's JSON is at most its line, and escaping it again at most doubles it
      const bytes = JSON.stringify(detail).length + (d.texts ?? []).reduce((s, [, t]) => s + 2 * Math.min(t.length ?? MAX_TEXT, 2 * MAX_TEXT) + 128, 0) + 64;
      if (!chunk || chunkBytes + bytes > MAX_CHUNK_BYTES - 1024) {
        chunk = { file: `${EXPLORE_DIR}/details-${String(plan.chunks.length).padStart(4, '0')}.js`, index: plan.chunks.length, slots: [] };
        plan.chunks.push(chunk);
        chunkBytes = 0;
      }
      chunkBytes += bytes;
      chunk.slots.push({ detail, texts: d.texts ?? [] });
      return { ...row, _d: chunk.index, _s: chunk.slots.length - 1 } as Record<string, Cell>;
    });
    return { ...k.kind, rows };
  });
  // list chunks: whole records, each chunk's JSON at most a quarter of the limit (doubled by escaping, twice over for safety)
  let part: unknown[] = [];
  let partBytes = 0;
  const flush = () => {
    if (part.length === 0) return;
    listChunks.push(chunkScript('wbExplorerRecords', listChunks.length, JSON.stringify(part)));
    part = [];
    partBytes = 0;
  };
  // a record is an array of its kind's field values (the names are in meta.js, once)
  const fieldsOf = kinds.map((k) => [...new Set(k.rows.flatMap((r) => Object.keys(r)))]);
  kinds.forEach((k, ki) => {
    for (const r of k.rows) {
      const rec = [ki, ...fieldsOf[ki].map((f) => (Object.hasOwn(r, f) ? r[f] : null))];
      const s = JSON.stringify(rec);
      if (partBytes + s.length > MAX_CHUNK_BYTES / 2.5) flush();
      part.push(rec);
      partBytes += s.length + 1;
    }
  });
  flush();
  const meta = {
    benchmark,
    kinds: kinds.map(({ rows, ...k }, ki) => ({ ...k, fields: fieldsOf[ki], total: rows.length })),
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
export function chunkScript(fn: string, index: number, json: string): string {
  // JSON.stringify of the text is a valid JS string literal (U+2028/2029 included since ES2019)
  return `${fn}(${index},${JSON.stringify(json)});\n`;
}
