import { releaseJsonSchemas } from './json-schema.js';
import type { ReleaseFiles } from './release-files.js';

type JsonSchema = Record<string, unknown>;

/** One row of a field table: the field's path, its type in words, and its description. */
export interface FieldRow {
  /** `item_id`; a nested field as `gold_error.class`, `fields[].path` or `files.<key>.sha256` */
  field: string;
  type: string;
  meaning: string;
}

const isSchema = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
const code = (v: unknown) => `\`${String(v)}\``;

/** The schema without its null alternative, and whether it had one (`anyOf [X, null]`, `type: [t, 'null']`). */
function withoutNull(s: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  if (Array.isArray(s.anyOf)) {
    const rest = (s.anyOf as JsonSchema[]).filter((p) => p.type !== 'null');
    if (rest.length < s.anyOf.length) return { schema: rest.length === 1 ? rest[0] : { anyOf: rest }, nullable: true };
  }
  if (Array.isArray(s.type) && s.type.includes('null')) {
    const rest = (s.type as string[]).filter((t) => t !== 'null');
    return { schema: { ...s, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  return { schema: s, nullable: false };
}

function range(s: JsonSchema): string {
  const min = s.minimum,
    max = s.maximum;
  if (typeof min === 'number' && typeof max === 'number') return ` ${min}..${max}`;
  if (typeof min === 'number') return ` >= ${min}`;
  if (typeof max === 'number') return ` <= ${max}`;
  return '';
}

/** What an element of an array is, in the plural: `a` `b` for an enum, strings, objects. */
function elements(s: JsonSchema): string {
  if (Array.isArray(s.enum)) return s.enum.map(code).join(' ');
  if (s.type === 'object') return 'objects';
  if (s.type === 'string' && typeof s.pattern === 'string') return `strings matching ${code(s.pattern)}`;
  if (s.type === 'string') return (s.minLength as number) >= 1 ? 'non-empty strings' : 'strings';
  if (s.type === 'integer') return `integers${range(s)}`;
  if (s.type === 'number') return `numbers${range(s)}`;
  if (s.type === 'boolean') return 'booleans';
  return typeText(s);
}

/**
 * A JSON Schema (as `workbench schema` prints it) in words, e.g. `integer >= 0, or null`,
 * `` `open` `closed` ``, `non-empty array of objects`, `object: string -> object`.
 */
export function typeText(s: JsonSchema): string {
  const { schema, nullable } = withoutNull(s);
  const orNull = nullable ? ', or null' : '';
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map(typeText).join(', or ') + orNull;
  if (Array.isArray(schema.enum)) return schema.enum.map(code).join(' ') + orNull;
  switch (schema.type) {
    case 'string':
      if (typeof schema.pattern === 'string') return `string matching ${code(schema.pattern)}${orNull}`;
      return ((schema.minLength as number) >= 1 ? 'non-empty string' : 'string') + orNull;
    case 'integer':
    case 'number':
      return `${schema.type}${range(schema)}${orNull}`;
    case 'boolean':
      return `boolean${orNull}`;
    case 'array': {
      const items = isSchema(schema.items) ? elements(schema.items) : 'any JSON values';
      return `${(schema.minItems as number) >= 1 ? 'non-empty ' : ''}array of ${items}${orNull}`;
    }
    case 'object': {
      const values = schema.additionalProperties;
      if (!schema.properties && isSchema(values) && Object.keys(values).length > 0) return `object: string -> ${typeText(values)}${orNull}`;
      return `object${orNull}`;
    }
    default:
      return `any JSON value${orNull}`;
  }
}

/**
 * The rows of an object schema's field table, in declaration order, nested fields after the field
 * that holds them: an object's fields as `a.b`, an array's objects' as `a[].b`, and the values of
 * an object keyed by free strings as `a.<key>` (or `a.<key>.b` when they are objects).
 */
export function fieldRows(schema: JsonSchema, prefix = ''): FieldRow[] {
  const rows: FieldRow[] = [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    const field = prefix + name;
    rows.push({ field, type: typeText(property) + (required.has(name) ? '' : ', optional'), meaning: (property.description as string | undefined) ?? '' });
    rows.push(...nestedRows(withoutNull(property).schema, field));
  }
  return rows;
}

function nestedRows(s: JsonSchema, field: string): FieldRow[] {
  if (s.type === 'object' && s.properties) return fieldRows(s, `${field}.`);
  if (s.type === 'array' && isSchema(s.items) && s.items.properties) return fieldRows(s.items, `${field}[].`);
  const values = s.additionalProperties;
  if (s.type === 'object' && isSchema(values)) {
    if (values.properties) return fieldRows(values, `${field}.<key>.`);
    if (typeof values.description === 'string')
      return [{ field: `${field}.<key>`, type: typeText(values), meaning: values.description }, ...nestedRows(values, `${field}.<key>`)];
  }
  return [];
}

/** A table cell: a `|` escaped, a line break a space. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** The Markdown field table of an object schema. */
export function fieldTable(schema: JsonSchema): string {
  const lines = ['| field | type | meaning |', '|---|---|---|'];
  for (const r of fieldRows(schema)) lines.push(`| \`${r.field}\` | ${cell(r.type)} | ${cell(r.meaning)} |`);
  return lines.join('\n');
}

/**
 * Every field table of docs/release-format.md, by the key its block is marked with: `MANIFEST.json`,
 * and `<benchmark> <file>` (e.g. `globebench responses/<model_id>.jsonl`) for each file of each
 * benchmark given (the list of benchmarks, `src/benchmark/registry.ts`), made from the JSON Schemas
 * `workbench schema` prints.
 */
export function releaseFieldTables(benchmarks: readonly { name: string; release: ReleaseFiles }[]): Map<string, string> {
  const tables = new Map<string, string>();
  const names = benchmarks.map((b) => b.name);
  for (const b of benchmarks) {
    for (const [file, schema] of Object.entries(releaseJsonSchemas(b.name, b.release, names).files)) {
      tables.set(file === 'MANIFEST.json' ? file : `${b.name} ${file}`, fieldTable(schema));
    }
  }
  return tables;
}

const BLOCK = /^<!-- fields: (.+?) -->\n[\s\S]*?^<!-- end fields -->$/gm;

/**
 * The text of a document with the block after every `<!-- fields: KEY -->` line, up to the next
 * `<!-- end fields -->` line, replaced by the table of KEY; the keys found in order, and those with
 * no table (their blocks are left as they were).
 */
export function withFieldTables(doc: string, tables: Map<string, string>): { text: string; keys: string[]; unknown: string[] } {
  const keys: string[] = [];
  const unknown: string[] = [];
  const text = doc.replace(BLOCK, (block, key: string) => {
    keys.push(key);
    const table = tables.get(key);
    if (table === undefined) {
      unknown.push(key);
      return block;
    }
    return `<!-- fields: ${key} -->\n${table}\n<!-- end fields -->`;
  });
  return { text, keys, unknown };
}
