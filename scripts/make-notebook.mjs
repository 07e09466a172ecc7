#!/usr/bin/env node
// Builds a .ipynb (tslab kernel, no outputs) from a notebook source in jupytext's percent format:
// `// %%` starts a code cell, `// %% [markdown]` a Markdown cell whose lines are `// ` comments; an
// optional `// ---` ... `// ---` header (jupytext's metadata) is skipped. The sources are plain
// TypeScript, so tsc type-checks them (notebooks/tsconfig.json) and editors understand them; the
// .ipynb is what Jupyter opens. jupytext itself is not packaged for Debian, hence this builder
// (jupytext reads the same files: `jupytext --to ipynb notebooks/src/X.ts`).
//
// Usage: node scripts/make-notebook.mjs SRC.ts OUT.ipynb
//        node scripts/make-notebook.mjs --all     (every notebooks/src/*.ts -> notebooks/*.ipynb)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CELL = /^\/\/ %%(?:\s+\[(\w+)\])?\s*$/;

/** The notebook JSON text for a percent-format source; throws with the line of a malformed marker. */
export function buildNotebook(text, name = 'source') {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let at = 0;
  if (lines[0] === '// ---') {
    const end = lines.indexOf('// ---', 1);
    if (end < 0) throw new Error(`${name}:1: header opened with "// ---" is never closed`);
    at = end + 1;
  }
  const cells = [];
  let cur = null;
  const flush = () => {
    if (!cur) return;
    let body = cur.lines;
    if (cur.kind === 'markdown') {
      body = body.map((l, i) => {
        if (l === '' || l === '//') return '';
        if (!l.startsWith('// '))
          throw new Error(`${name}:${cur.from + i + 1}: a Markdown cell's lines start with "// " (got ${JSON.stringify(l.slice(0, 20))})`);
        return l.slice(3);
      });
    }
    const src = body.join('\n').replace(/^\n+|\n+$/g, '');
    const source = src.split('\n').map((l, i, a) => (i < a.length - 1 ? l + '\n' : l));
    cells.push(
      cur.kind === 'markdown'
        ? { cell_type: 'markdown', metadata: {}, source }
        : { cell_type: 'code', execution_count: null, metadata: {}, outputs: [], source },
    );
  };
  for (let i = at; i < lines.length; i++) {
    const m = CELL.exec(lines[i]);
    if (m) {
      if (m[1] && m[1] !== 'markdown') throw new Error(`${name}:${i + 1}: unknown cell type [${m[1]}] (use "// %%" or "// %% [markdown]")`);
      flush();
      cur = { kind: m[1] ? 'markdown' : 'code', lines: [], from: i + 1 };
    } else if (cur) {
      cur.lines.push(lines[i]);
    } else if (lines[i].trim() !== '') {
      throw new Error(`${name}:${i + 1}: text before the first "// %%" cell marker`);
    }
  }
  flush();
  cells.forEach((c, i) => (c.id = `cell-${String(i).padStart(2, '0')}`));
  const nb = {
    cells,
    metadata: {
      kernelspec: { display_name: 'TypeScript', language: 'typescript', name: 'tslab' },
      language_info: {
        codemirror_mode: { mode: 'typescript', name: 'javascript', typescript: true },
        file_extension: '.ts',
        mimetype: 'text/typescript',
        name: 'typescript',
        version: '3.7.2',
      },
    },
    nbformat: 4,
    nbformat_minor: 5,
  };
  // key order and indent as Jupyter writes them, so a saved-and-cleared notebook diffs cleanly
  return JSON.stringify(sortKeys(nb), null, 1) + '\n';
}

function sortKeys(v) {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys(v[k])]),
    );
  return v;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  try {
    if (args[0] === '--all') {
      const nbDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'notebooks');
      for (const f of readdirSync(join(nbDir, 'src'))
        .filter((f) => f.endsWith('.ts'))
        .sort()) {
        writeFileSync(join(nbDir, basename(f, '.ts') + '.ipynb'), buildNotebook(readFileSync(join(nbDir, 'src', f), 'utf8'), `notebooks/src/${f}`));
      }
    } else if (args.length === 2) {
      writeFileSync(args[1], buildNotebook(readFileSync(args[0], 'utf8'), args[0]));
    } else {
      console.error('usage: node scripts/make-notebook.mjs SRC.ts OUT.ipynb | --all');
      process.exit(2);
    }
  } catch (e) {
    console.error(`make-notebook: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
}
