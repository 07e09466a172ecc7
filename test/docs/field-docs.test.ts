import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { fieldRows, fieldTable, typeText, withFieldTables } from '../../src/format/field-docs.js';

// the JSON Schema of a zod schema, made as `workbench schema` makes it
const json = (s: z.ZodTypeAny) => zodToJsonSchema(s, { target: 'jsonSchema7', $refStrategy: 'none' }) as Record<string, unknown>;

describe('typeText', () => {
  it('says each JSON Schema type in words, worked out by hand', () => {
    const cases: [z.ZodTypeAny, string][] = [
      [z.string(), 'string'],
      [z.string().min(1), 'non-empty string'],
      [z.string().regex(/^[URFDLB]{54}$/), 'string matching `^[URFDLB]{54}$`'],
      [z.number().int().nonnegative(), 'integer >= 0'],
      [z.number().int().min(1).max(5), 'integer 1..5'],
      [z.number().min(0).max(1), 'number 0..1'],
      [z.number().max(3), 'number <= 3'],
      [z.number().nullable(), 'number, or null'],
      [z.number().int().nonnegative().nullable(), 'integer >= 0, or null'],
      [z.boolean(), 'boolean'],
      [z.enum(['open', 'closed']), '`open` `closed`'],
      [z.enum(['L0', 'L1']).nullable(), '`L0` `L1`, or null'],
      [z.array(z.enum(['a', 'b'])), 'array of `a` `b`'],
      [z.array(z.object({ p: z.string() })).min(1), 'non-empty array of objects'],
      [z.array(z.string().regex(/^x$/)), 'array of strings matching `^x$`'],
      [z.union([z.array(z.string()), z.string()]), 'array of strings, or string'],
      [z.record(z.string(), z.unknown()), 'object'],
      [z.record(z.string(), z.unknown()).nullable(), 'object, or null'],
      [z.record(z.string(), z.object({ a: z.number() })), 'object: string -> object'],
      [z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/)), 'object: string -> string matching `^[0-9a-f]{64}$`'],
      [z.object({ a: z.string() }).nullable(), 'object, or null'],
      [z.unknown(), 'any JSON value'],
    ];
    for (const [schema, text] of cases) expect(typeText(json(schema)), text).toBe(text);
  });
});

describe('fieldRows and fieldTable', () => {
  const File = z.object({
    id: z.string().min(1).describe('The id.'),
    err: z
      .object({ class: z.string().describe('Its class.'), ref: z.string().nullable().describe('Its referent; null: any.') })
      .nullable()
      .describe('The error, or null.'),
    fields: z
      .array(z.object({ path: z.string().describe('A path.'), tol: z.number().optional().describe('Optional; absent means 0.') }))
      .describe('The fields.'),
    files: z.record(z.string(), z.object({ rows: z.number().int().describe('Rows.') })).describe('Files by path.'),
    hashes: z.record(z.string(), z.string().describe('A hash.')).optional().describe('Optional hashes | none.'),
  });

  it('lists the fields in declaration order, nested ones after their field, optional ones said so', () => {
    expect(fieldRows(json(File))).toEqual([
      { field: 'id', type: 'non-empty string', meaning: 'The id.' },
      { field: 'err', type: 'object, or null', meaning: 'The error, or null.' },
      { field: 'err.class', type: 'string', meaning: 'Its class.' },
      { field: 'err.ref', type: 'string, or null', meaning: 'Its referent; null: any.' },
      { field: 'fields', type: 'array of objects', meaning: 'The fields.' },
      { field: 'fields[].path', type: 'string', meaning: 'A path.' },
      { field: 'fields[].tol', type: 'number, optional', meaning: 'Optional; absent means 0.' },
      { field: 'files', type: 'object: string -> object', meaning: 'Files by path.' },
      { field: 'files.<key>.rows', type: 'integer', meaning: 'Rows.' },
      { field: 'hashes', type: 'object: string -> string, optional', meaning: 'Optional hashes | none.' },
      { field: 'hashes.<key>', type: 'string', meaning: 'A hash.' },
    ]);
  });

  it('writes a Markdown table: field names as code, a | in a cell escaped', () => {
    const table = fieldTable(json(z.object({ a: z.number().describe('|a| in units'), b: z.boolean().optional().describe('Optional; absent means false.') })));
    expect(table).toBe(
      [
        '| field | type | meaning |',
        '|---|---|---|',
        '| `a` | number | \\|a\\| in units |',
        '| `b` | boolean, optional | Optional; absent means false. |',
      ].join('\n'),
    );
  });
});

describe('withFieldTables', () => {
  it('replaces what lies between the markers of each known key and nothing else', () => {
    const doc = [
      '# t',
      'prose | with a bar',
      '<!-- fields: a -->',
      'old a',
      '<!-- end fields -->',
      'between',
      '<!-- fields: zz -->',
      'kept',
      '<!-- end fields -->',
      '<!-- fields: b -->',
      '<!-- end fields -->',
      'end',
    ].join('\n');
    const r = withFieldTables(
      doc,
      new Map([
        ['a', 'TABLE A $& $1'],
        ['b', 'TABLE B'],
      ]),
    );
    expect(r.keys).toEqual(['a', 'zz', 'b']);
    expect(r.unknown).toEqual(['zz']);
    expect(r.text).toBe(
      [
        '# t',
        'prose | with a bar',
        '<!-- fields: a -->',
        'TABLE A $& $1',
        '<!-- end fields -->',
        'between',
        '<!-- fields: zz -->',
        'kept',
        '<!-- end fields -->',
        '<!-- fields: b -->',
        'TABLE B',
        '<!-- end fields -->',
        'end',
      ].join('\n'),
    );
    // a second pass changes nothing
    expect(
      withFieldTables(
        r.text,
        new Map([
          ['a', 'TABLE A $& $1'],
          ['b', 'TABLE B'],
        ]),
      ).text,
    ).toBe(r.text);
  });
});
