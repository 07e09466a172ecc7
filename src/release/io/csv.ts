import type { Problem } from './problems.js';

export interface ParsedCsv {
  /** the header row's column names */
  columns: string[];
  /** one object per record (column -> cell text), with the line the record starts on */
  rows: { line: number; value: Record<string, string> }[];
  problems: Problem[];
}

/**
 * Parses CSV as RFC 4180 writes it: comma-separated, the first record a header, fields optionally in
 * double quotes (a quote inside doubled, commas and newlines allowed inside), CRLF or LF line ends,
 * a UTF-8 byte-order mark accepted. Cells stay text: the importer types them by the release schema.
 * A record with more or fewer cells than the header, a duplicate or empty column name, or an
 * unterminated quote is a problem naming the line.
 */
export function parseCsv(text: string, label: string, maxProblems = 200): ParsedCsv {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const problems: Problem[] = [];
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let start = 1;
  let i = 0;
  let quoted = false;
  let atCellStart = true;
  const endRecord = () => {
    cells.push(cell);
    // a blank line between records (or at the end) is no record
    if (!(cells.length === 1 && cells[0] === '')) records.push({ line: start, cells });
    cells = [];
    cell = '';
    atCellStart = true;
  };
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (c === '\n') line++;
      cell += c;
      i++;
      continue;
    }
    if (c === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
      i++;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
      atCellStart = true;
      i++;
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      endRecord();
      i += c === '\r' ? 2 : 1;
      line++;
      start = line;
    } else {
      cell += c;
      atCellStart = false;
      i++;
    }
  }
  if (quoted) problems.push({ file: label, line: start, message: 'a quoted field is not closed (expected a closing ")' });
  else if (cell !== '' || cells.length > 0) endRecord();
  const [header, ...body] = records;
  if (!header) return { columns: [], rows: [], problems: problems.length ? problems : [{ file: label, message: 'empty file (expected a header row)' }] };
  const columns = header.cells;
  columns.forEach((c, k) => {
    if (c === '') problems.push({ file: label, line: header.line, field: `column ${k + 1}`, message: 'empty column name' });
    else if (columns.indexOf(c) !== k) problems.push({ file: label, line: header.line, field: c, message: 'two columns with the same name' });
  });
  const rows: ParsedCsv['rows'] = [];
  for (const r of body) {
    if (r.cells.length !== columns.length) {
      if (problems.length < maxProblems)
        problems.push({ file: label, line: r.line, message: `${r.cells.length} cells, expected ${columns.length} (one per header column)` });
      continue;
    }
    // a header names the keys: fromEntries keeps any name (`__proto__` too) an own field
    const value: Record<string, string> = Object.fromEntries(columns.map((c, k) => [c, r.cells[k]]));
    rows.push({ line: r.line, value });
  }
  return { columns, rows, problems };
}
