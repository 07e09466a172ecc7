import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Executes every notebook headless through real Jupyter (nbconvert + the tslab kernel), as a
 * reader would run it, and fails on any cell error. tslab reports a type error only as an empty
 * `<Error>:` plus the compiler's message on stderr, so stderr streams are checked too.
 */
const repo = resolve(__dirname, '..');
const nbDir = join(repo, 'notebooks');
const notebooks = readdirSync(nbDir).filter((f) => f.endsWith('.ipynb')).sort();
const out = mkdtempSync(join(tmpdir(), 'wb-nb-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('notebooks', () => {
  it('there are notebooks to run', () => expect(notebooks.length).toBeGreaterThan(0));
  it('each .ipynb is built from its source in notebooks/src (scripts/make-notebook.py)', () => {
    const sources = readdirSync(join(nbDir, 'src')).filter((f) => f.endsWith('.nb.txt')).sort();
    expect(sources.map((f) => f.replace('.nb.txt', '.ipynb'))).toEqual(notebooks);
    for (const src of sources) {
      const target = join(out, src.replace('.nb.txt', '.built.ipynb'));
      const r = spawnSync('/usr/bin/python3', [join(repo, 'scripts', 'make-notebook.py'), join(nbDir, 'src', src), target], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(readFileSync(target, 'utf8'), `${src}: run scripts/make-notebook.py to rebuild the .ipynb`).toBe(readFileSync(join(nbDir, src.replace('.nb.txt', '.ipynb')), 'utf8'));
    }
  });
  for (const nb of notebooks) {
    it(`${nb} runs headless without errors`, () => {
      const target = join(out, nb);
      const r = spawnSync(
        '/usr/bin/python3',
        ['-m', 'jupyter', 'nbconvert', '--to', 'notebook', '--execute', '--allow-errors', '--ExecutePreprocessor.timeout=600', nb, '--output', target],
        { cwd: nbDir, encoding: 'utf8', env: { ...process.env, PATH: `${join(repo, 'node_modules', '.bin')}:${process.env.PATH}`, PYDEVD_DISABLE_FILE_VALIDATION: '1' } },
      );
      expect(r.status, r.stderr).toBe(0);
      const executed = JSON.parse(readFileSync(target, 'utf8'));
      const problems: string[] = [];
      let outputs = 0;
      executed.cells.forEach((c: any, i: number) => {
        for (const o of c.outputs ?? []) {
          outputs++;
          if (o.output_type === 'error') problems.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
          if (o.output_type === 'stream' && o.name === 'stderr') problems.push(`cell ${i} stderr: ${[].concat(o.text).join('')}`);
        }
      });
      expect(problems).toEqual([]);
      expect(outputs).toBeGreaterThan(0);
    });
  }
});
