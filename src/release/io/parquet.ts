import { createRequire } from 'node:module';
import type { DecodedArray, FileMetaData, SchemaTree } from 'hyparquet/src/types.js';
import { MAX_NESTING, type ParsedJsonl, type Row } from './jsonl.js';
import type { Problem } from './problems.js';
import { checkJsonText } from './json-checks.js';

/**
 * hyparquet and its decompressors, loaded on the first Parquet file: a release in JSONL (every
 * bundled sample) never needs their ~45 modules, ~80 ms of CPU in each thread that imports them.
 * (`require` of an ES module is synchronous in Node 20.19 and later, so the reader stays synchronous.)
 */
function loadHyparquet() {
  const require = createRequire(import.meta.url);
  const { parquetMetadata, parquetSchema } = require('hyparquet') as typeof import('hyparquet');
  const { DEFAULT_PARSERS } = require('hyparquet/src/convert.js') as typeof import('hyparquet/src/convert.js');
  return {
    parquetMetadata,
    parquetSchema,
    assembleNested: (require('hyparquet/src/assemble.js') as typeof import('hyparquet/src/assemble.js')).assembleNested,
    readColumn: (require('hyparquet/src/column.js') as typeof import('hyparquet/src/column.js')).readColumn,
    getTreePath: (require('hyparquet/src/schema.js') as typeof import('hyparquet/src/schema.js')).getTreePath,
    compressors: (require('hyparquet-compressors') as typeof import('hyparquet-compressors')).compressors,
    parsers: {
      ...DEFAULT_PARSERS,
      stringFromBytes: (b: Uint8Array | undefined) => b && fatalUtf8.decode(b),
      // JSON columns are parsed by this module, with the same checks as JSON text in string columns
      jsonFromBytes: (b: Uint8Array | undefined) => b && fatalUtf8.decode(b),
    },
  };
}
let loaded: ReturnType<typeof loadHyparquet> | undefined;
const hyparquet = () => (loaded ??= loadHyparquet());

/**
 * Reads a Parquet file as release rows: one object per Parquet row, one field per top-level column,
 * rows numbered from 1 (the `line` of a problem is the row number). The reader is synchronous,
 * like the JSONL path, because the loaders are: it drives hyparquet's page decoders directly over
 * bytes already in memory instead of its promise-based read API.
 *
 * What a column gives:
 * - strings (BYTE_ARRAY, UTF8/STRING) as strings; bytes that are not UTF-8 are refused;
 * - booleans, INT32, FLOAT and DOUBLE as JSON booleans and numbers; a NaN or +-Infinity (which a
 *   double column can hold and JSON cannot) is refused;
 * - INT64 as a number when it is within 2^53 (every integer up to there is exact in a double), and
 *   refused beyond: the value cannot be held exactly, and the format refuses numbers it would round;
 * - columns with the JSON logical type are parsed as JSON text;
 * - nested columns (STRUCT, LIST, MAP) as objects and arrays, their leaves converted as above;
 * - DATE and TIMESTAMP as ISO 8601 strings; other binary as a problem.
 * A string column that carries one of the format's objects or arrays as JSON text is turned into
 * the object by the loader, which knows the field's type (`liftJsonColumns`).
 */
export function parseParquet(bytes: Uint8Array, label: string, maxProblems = 200): ParsedJsonl {
  const problems: Problem[] = [];
  const rows: Row<Record<string, unknown>>[] = [];
  const { parquetMetadata, parquetSchema } = hyparquet();
  let metadata: FileMetaData;
  try {
    metadata = parquetMetadata(bytes, { parsers: hyparquet().parsers });
  } catch (e) {
    return { rows, problems: [{ file: label, message: `not a readable Parquet file (${(e as Error).message})` }] };
  }
  let tree: SchemaTree;
  try {
    tree = parquetSchema(metadata);
  } catch (e) {
    return { rows, problems: [{ file: label, message: `unreadable Parquet schema (${(e as Error).message})` }] };
  }
  const names = tree.children.map((c) => c.element.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup !== undefined) return { rows, problems: [{ file: label, field: dup, message: 'two columns with the same name (a field is given once)' }] };
  // the Parquet reader builds a struct's object by assignment, where a field named `__proto__` would
  // be lost (or become the object's prototype): refused, rather than a value silently dropped
  const proto = tree.children.map((c) => protoFieldIn(c, c.element.name)).find((p) => p !== undefined);
  if (proto !== undefined)
    return {
      rows,
      problems: [
        {
          file: label,
          field: proto,
          message: 'a nested field named "__proto__" cannot be read from Parquet (the name is reserved by JavaScript objects); give this column as JSON text',
        },
      ],
    };

  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let groupStart = 0;
  for (const group of metadata.row_groups) {
    const groupRows = Number(group.num_rows);
    const columns = new Map<string, unknown[]>();
    for (const child of tree.children) {
      const name = child.element.name;
      try {
        columns.set(name, readTopColumn(view, group.columns, tree, child, groupStart, groupRows));
      } catch (e) {
        problems.push({ file: label, field: name, message: `cannot decode column (${(e as Error).message})` });
      }
    }
    if (problems.length > 0) return { rows, problems };
    const json = new Set(
      tree.children.filter((c) => c.element.converted_type === 'JSON' || c.element.logical_type?.type === 'JSON').map((c) => c.element.name),
    );
    for (let i = 0; i < groupRows; i++) {
      const line = groupStart + i + 1;
      const row: Record<string, unknown> = {};
      let ok = true;
      for (const [name, values] of columns) {
        // a top-level `__proto__` is dropped, as in a JSONL row
        if (name === '__proto__') continue;
        const raw = values[i];
        const r = json.has(name) && typeof raw === 'string' ? parseJsonText(raw) : toJsonValue(raw);
        if ('problem' in r) {
          if (problems.length < maxProblems) problems.push({ file: label, line, field: name, message: r.problem });
          ok = false;
          continue;
        }
        row[name] = r.value;
      }
      if (ok) rows.push({ line, value: row });
    }
    groupStart += groupRows;
  }
  const total = Number(metadata.num_rows);
  if (total !== groupStart) problems.push({ file: label, message: `the footer says ${total} rows, the row groups hold ${groupStart}` });
  return { rows, problems };
}

/** The row count a Parquet footer declares, or undefined when the file is not Parquet. */
export function parquetRowCount(bytes: Uint8Array): number | undefined {
  try {
    return Number(hyparquet().parquetMetadata(bytes).num_rows);
  } catch {
    return undefined;
  }
}

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes one top-level column of a row group (assembling nested ones) into one value per row. */
function readTopColumn(
  view: DataView,
  chunks: FileMetaData['row_groups'][number]['columns'],
  tree: SchemaTree,
  child: SchemaTree,
  groupStart: number,
  groupRows: number,
): unknown[] {
  const { getTreePath, readColumn, assembleNested, compressors, parsers } = hyparquet();
  const leaves = new Map<string, DecodedArray>();
  for (const chunk of chunks) {
    const meta = chunk.meta_data;
    if (!meta) throw new Error('column metadata missing');
    if (meta.path_in_schema[0] !== child.element.name) continue;
    if (chunk.file_path) throw new Error('columns in another file are not supported');
    const schemaPath = getTreePath(tree, meta.path_in_schema);
    const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
    const end = start + Number(meta.total_compressed_size);
    if (start < 0 || end > view.byteLength) throw new Error('column chunk lies outside the file');
    const reader = { view: new DataView(view.buffer, view.byteOffset + start, end - start), offset: 0 };
    const decoder = {
      pathInSchema: meta.path_in_schema,
      element: schemaPath[schemaPath.length - 1].element,
      schemaPath,
      type: meta.type,
      codec: meta.codec,
      parsers,
      compressors,
      utf8: true,
    };
    const { data } = readColumn(reader, { groupStart, selectStart: 0, selectEnd: groupRows, groupRows }, decoder);
    leaves.set(meta.path_in_schema.join('.'), flatten(data));
  }
  let values: DecodedArray | undefined;
  if (child.children.length > 0) {
    assembleNested(leaves, child, parsers);
    values = leaves.get(child.element.name);
  } else {
    values = leaves.get(child.element.name);
  }
  if (!values) throw new Error('no data for the column');
  if (values.length !== groupRows) throw new Error(`expected ${groupRows} values in the row group, got ${values.length}`);
  return values as unknown[];
}

function flatten(chunks: DecodedArray[]): DecodedArray {
  if (chunks.length === 1) return chunks[0];
  const out: unknown[] = [];
  for (const c of chunks) for (let i = 0; i < c.length; i++) out.push(c[i]);
  return out;
}

type Lifted = { value: unknown } | { problem: string };

/** Parses JSON text held in a Parquet string: the same JSON rules as a JSONL line. */
export function parseJsonText(text: string): Lifted {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const snippet = text.length > 60 ? `${text.slice(0, 60)}...` : text;
    return { problem: `not valid JSON text (${(e as Error).message}): ${JSON.stringify(snippet)}` };
  }
  if (depth(value) > MAX_NESTING) return { problem: `arrays/objects nested more than ${MAX_NESTING} levels deep (expected at most ${MAX_NESTING})` };
  // the same rules as a JSONL line: no repeated key, no integer a double cannot hold exactly
  const [issue] = checkJsonText(text, 1);
  if (issue) return { problem: `${issue.path ? `${issue.path}: ` : ''}${issue.message}` };
  return { value };
}

/** Nesting depth of arrays/objects, iteratively (a deep value must not overflow the stack here). */
function depth(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d + 1 > max) max = d + 1;
    if (max > MAX_NESTING) return max;
    for (const x of Object.values(v as object)) stack.push([x, d + 1]);
  }
  return max;
}

const TWO_53 = BigInt(Number.MAX_SAFE_INTEGER);

/** The dot path of the first field named `__proto__` below a column, if any. */
function protoFieldIn(node: SchemaTree, path: string): string | undefined {
  for (const c of node.children) {
    const at = `${path}.${c.element.name}`;
    if (c.element.name === '__proto__') return at;
    const deeper = protoFieldIn(c, at);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}

/** A decoded Parquet value as the JSON value a JSONL row would hold. */
function toJsonValue(v: unknown, level = 0): Lifted {
  // a Parquet null is a JSON null; the loader drops it where the field may be absent but not null
  if (v === null || v === undefined) return { value: null };
  if (level > MAX_NESTING) return { problem: `nested more than ${MAX_NESTING} levels deep` };
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return { value: v };
    case 'number':
      return Number.isFinite(v)
        ? { value: v }
        : { problem: `${v} is not a finite number (JSON has no NaN or Infinity, and the format refuses numbers that are not finite)` };
    case 'bigint':
      if (v > TWO_53 || v < -TWO_53)
        return {
          problem: `integer ${v} is beyond 2^53, where a double cannot hold every integer exactly (expected a value within +-${Number.MAX_SAFE_INTEGER}, or the digits as a string)`,
        };
      return { value: Number(v) };
  }
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? { problem: 'invalid date' } : { value: v.toISOString() };
  if (ArrayBuffer.isView(v)) return { problem: 'binary value (expected a string, number, boolean, or JSON text)' };
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (const x of v) {
      const r = toJsonValue(x, level + 1);
      if ('problem' in r) return r;
      out.push(r.value);
    }
    return { value: out };
  }
  if (typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as object)) {
      const r = toJsonValue(x, level + 1);
      if ('problem' in r) return r;
      out[k] = r.value;
    }
    return { value: out };
  }
  return { problem: `unsupported value of type ${typeof v}` };
}
