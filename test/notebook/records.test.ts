import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExplorerContent, RecordDetail } from '../../src/present/explore/explorer.js';
import { matchingRecords, recordListHtml, recordViewHtml } from '../../src/present/notebook/records.js';

/**
 * The explorer's record list and record view as a notebook shows them (static HTML): the count, the
 * first 20 records and "show all", search and filters, the raw text read from the release file, the
 * judge records, and every release string escaped.
 */
const dir = mkdtempSync(join(tmpdir(), 'wb-records-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOSTILE = '<img src=x onerror=alert(1)>';
const lines = [JSON.stringify({ id: 'r0', raw: 'first raw text' }), JSON.stringify({ id: 'r1', raw: `</pre><script>alert(1)</script> ${HOSTILE}` })];
const text = `${lines.join('\n')}\n`;
writeFileSync(join(dir, 'responses.jsonl'), text);
const sha = createHash('sha256').update(text).digest('hex');

/** 45 responses, models A and B in turn (23 of A), the one at 7 with a hostile model name. */
function content(): ExplorerContent {
  const rows = Array.from({ length: 45 }, (_, i) => ({ id: `r${i}`, model: i === 7 ? HOSTILE : i % 2 === 0 ? 'A' : 'B', pass: i % 3 === 0, n: i }));
  const details: RecordDetail[] = rows.map((_, i) => {
    const line = (i % 2) + 1;
    return {
      sections: [
        { type: 'side', title: 'Response beside gold', left: { title: 'raw response', textOf: 'raw' }, right: { title: 'gold state', text: '{"x":1}' } },
        {
          type: 'fields',
          title: "Each field's outcome",
          rows: [{ path: 'x', kind: 'numeric', gold: '100', predicted: '170', outcome: 'numeric_off', same: false, detail: 'off by 70' }],
        },
        { type: 'table', title: 'Judge records', columns: ['judge', 'verdict', 'confidence'], rows: [['terra', 'fail', '0.83']] },
      ],
      texts: [['raw', { file: 'responses.jsonl', line, offset: line === 1 ? 0 : lines[0].length + 1, length: lines[line - 1].length, field: 'raw' }]],
    };
  });
  return {
    release: { dir, sha256: { 'responses.jsonl': sha } },
    kinds: [
      {
        kind: {
          kind: 'response',
          label: 'Responses',
          columns: [
            { key: 'id', label: 'id' },
            { key: 'model', label: 'model' },
            { key: 'pass', label: 'pass' },
            { key: 'n', label: 'n' },
          ],
          facets: ['model'],
          search: ['id', 'model'],
        },
        rows,
        detailOf: (i) => details[i],
      },
    ],
  };
}

/** The table rows of a list's body: shown at once, or behind "show all". */
const bodyRows = (html: string) => {
  const body = html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>'));
  const all = body.match(/<tr[ >]/g) ?? [];
  const extra = body.match(/<tr class="wb-extra">/g) ?? [];
  return { shown: all.length - extra.length, extra: extra.length };
};

describe('records in a notebook', () => {
  it('a filter selects as the explorer does, and the list shows 20 then the rest behind "show all"', () => {
    const c = content();
    // models A at 0, 2, ..., 44 (23 records)
    expect(matchingRecords(c, { where: { model: 'A' } })).toEqual(Array.from({ length: 23 }, (_, i) => 2 * i));
    const html = recordListHtml(c, { where: { model: 'A' } });
    expect(html).toContain('data-record-count="23"');
    expect(bodyRows(html)).toEqual({ shown: 20, extra: 3 });
    expect(html).toMatch(/<details class="wb-all wb-toggle"><summary>Show all 23 rows/);
    // 20 or fewer: no toggle
    const few = recordListHtml(c, { where: { model: 'A', pass: true } });
    // A and pass: i even and a multiple of 3 (0, 6, ..., 42)
    expect(few).toContain('data-record-count="8"');
    expect(bodyRows(few)).toEqual({ shown: 8, extra: 0 });
    expect(few).not.toContain('<details');
  });

  it('search looks in the searchable fields, case-insensitively', () => {
    const c = content();
    expect(matchingRecords(c, { q: 'R4' })).toEqual([4, 40, 41, 42, 43, 44]);
    expect(matchingRecords(c, { q: 'onerror' })).toEqual([7]);
  });

  it('a record opens with its raw text read from the release, gold beside it, the difference marked and the judge records', () => {
    const html = recordViewHtml(content(), 'response', 0);
    expect(html).toMatch(/<div data-side="left"><h4>raw response<\/h4><pre>first raw text<\/pre><\/div>/);
    expect(html).toMatch(/<div data-side="right"><h4>gold state<\/h4><pre>\{&quot;x&quot;:1\}<\/pre>/);
    // gold 100, predicted 170: the common prefix "1" and suffix "0" plain, the middle marked
    expect(html).toContain('<tr class="wb-diff" data-outcome="numeric_off">');
    expect(html).toContain('<code>1<mark>0</mark>0</code>');
    expect(html).toContain('<code>1<mark>7</mark>0</code>');
    expect(html).toMatch(
      /<h3>Judge records<\/h3><div class="wb-scroll" role="region" tabindex="0" aria-label="Judge records"><table><tr><th>judge<\/th><th>verdict<\/th><th>confidence<\/th><\/tr><tr><td>terra<\/td><td>fail<\/td><td>0\.83<\/td>/,
    );
  });

  it('release strings stay text: a hostile raw text and model name are escaped, in the list and the view', () => {
    const c = content();
    const view = recordViewHtml(c, 'response', 7);
    const list = recordListHtml(c, { q: 'onerror' });
    for (const html of [view, list]) {
      expect(html).not.toMatch(/<img|<script/i);
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    }
    expect(view).toContain('&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('a release file changed since loading is refused, not shown', () => {
    const c = content();
    c.release.sha256 = { 'responses.jsonl': '0'.repeat(64) };
    expect(() => recordViewHtml(c, 'response', 0)).toThrow(/changed on disk/);
  });
});
