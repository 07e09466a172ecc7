import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { vegaBundleFile } from '../src/present/notebook/display.js';

/**
 * Executes every notebook headless through real Jupyter (nbconvert + the tslab kernel registered by
 * setup.sh, with a plain PATH), as a reader would run it, and fails on any cell error. tslab reports a type error only as an empty
 * `<Error>:` plus the compiler's message on stderr, so stderr streams are checked too.
 */
const repo = resolve(__dirname, '..');
const nbDir = join(repo, 'notebooks');
const notebooks = readdirSync(nbDir)
  .filter((f) => f.endsWith('.ipynb'))
  .sort();
const out = mkdtempSync(join(tmpdir(), 'wb-nb-'));
/** Saved size of each executed notebook (bytes), printed at the end (the README's table). */
const savedSize = new Map<string, number>();
/** The executed notebook 01, saved with its outputs, stays under this (950 KB when the bundles were inlined). */
const MAX_SAVED_01 = 400_000;
/**
 * What a notebook must print, beyond running cleanly: 09 gives each benchmark's claims verdict line
 * (as `reproduce` prints it) and a verdict for each of the reader's own claims.
 */
const EXPECTED_TEXT: Record<string, RegExp[]> = {
  '09-claims.ipynb': [
    /globebench: \d+ of \d+ claims hold/,
    /pawm: \d+ of \d+ claims hold/,
    /cubebench: \d+ of \d+ claims hold/,
    /reader\.[a-z0-9.-]+: (holds|same direction, not significant|opposite direction, not significant|contradicted|not computable) \(item bootstrap: /,
  ],
};
/**
 * What a notebook's HTML outputs must hold: the explorer's record view in 08 (a raw response beside
 * its gold, a judge-decided response's judge records with verdict and confidence, a record list
 * with its count, 20 rows shown and the rest behind "show all"), in 06 (PAWM's guided steps that
 * changed the action, one opened with its two actions side by side) and in 07 (an episode's cube nets).
 */
const EXPECTED_HTML: Record<string, RegExp[]> = {
  '08-globebench-explore.ipynb': [
    /<div data-side="left"><h4>raw response<\/h4><pre>[^<]{20,}<\/pre>/,
    /<div data-side="right"><h4>gold state[^<]*<\/h4><pre>[^<]{20,}<\/pre>/,
    /<h3>Judge records<\/h3><div class="wb-scroll"[^>]*><table><tr><th>judge<\/th><th>verdict<\/th><th>confidence<\/th><th>prompt<\/th><th>at<\/th><\/tr><tr><td>[^<]+<\/td><td>(not_)?equivalent<\/td><td>(0|1)(\.\d+)?<\/td>/,
    /<tr class="wb-diff" data-outcome="[a-z_]+">/,
    /data-wb-view="record-list"><p><span class="count" data-record-count="\d+">/,
    /<details class="wb-all wb-toggle"><summary>Show all [\d,]+ rows \(the first 20 are shown\)/,
  ],
  '06-pawm-guidance.ipynb': [
    /data-wb-view="record-list"><p><span class="count" data-record-count="[1-9][\d,]*">/,
    /<section data-section="side"><h3>Tentative beside final action<\/h3>/,
  ],
  '07-cubebench-ablations.ipynb': [
    /<section data-section="nets"><h3>Replay[^<]*<\/h3><div class="nets"><figure><svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="112"/,
  ],
};
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  if (savedSize.size)
    process.stdout.write(
      `saved size of each executed notebook (with outputs):\n${[...savedSize].map(([nb, b]) => `  ${nb}  ${Math.round(b / 1000).toLocaleString('en-US')} KB`).join('\n')}\n`,
    );
});

describe('notebooks', () => {
  it('there are notebooks to run', () => expect(notebooks.length).toBeGreaterThan(0));
  it('each .ipynb is built from its percent-format source in notebooks/src (node scripts/make-notebook.mjs --all)', () => {
    const sources = readdirSync(join(nbDir, 'src'))
      .filter((f) => f.endsWith('.ts'))
      .sort();
    expect(sources.map((f) => f.replace(/\.ts$/, '.ipynb'))).toEqual(notebooks);
    for (const src of sources) {
      const target = join(out, src.replace(/\.ts$/, '.built.ipynb'));
      const r = spawnSync(process.execPath, [join(repo, 'scripts', 'make-notebook.mjs'), join(nbDir, 'src', src), target], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(readFileSync(target, 'utf8'), `${src}: run node scripts/make-notebook.mjs --all to rebuild the .ipynb`).toBe(
        readFileSync(join(nbDir, src.replace(/\.ts$/, '.ipynb')), 'utf8'),
      );
    }
  });
  it('the notebook sources type-check (tsc -p notebooks/tsconfig.json, against the built library)', () => {
    const r = spawnSync(process.execPath, [join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(nbDir, 'tsconfig.json')], { encoding: 'utf8' });
    expect(r.stdout + r.stderr).toBe('');
    expect(r.status).toBe(0);
  });
  it("the registered tslab kernel is this checkout's, by absolute path (scripts/setup.sh registers it)", () => {
    const r = spawnSync(process.execPath, [join(repo, 'scripts', 'register-kernel.mjs'), '--check'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
  });
  for (const nb of notebooks) {
    it(`${nb} runs headless without errors`, () => {
      const target = join(out, nb);
      const r = spawnSync(
        '/usr/bin/python3',
        ['-m', 'jupyter', 'nbconvert', '--to', 'notebook', '--execute', '--allow-errors', '--ExecutePreprocessor.timeout=600', nb, '--output', target],
        // a plain PATH, as a person's shell has: the kernel spec names node and tslab by absolute path
        {
          cwd: nbDir,
          encoding: 'utf8',
          env: { HOME: process.env.HOME ?? tmpdir(), LANG: 'C.UTF-8', PATH: '/usr/local/bin:/usr/bin:/bin', PYDEVD_DISABLE_FILE_VALIDATION: '1' },
        },
      );
      expect(r.status, r.stderr).toBe(0);
      const executed = JSON.parse(readFileSync(target, 'utf8'));
      const problems: string[] = [];
      let outputs = 0;
      let figures = 0;
      let inlined = 0;
      let loaders = 0;
      let text = '';
      let html = '';
      executed.cells.forEach((c: any, i: number) => {
        for (const o of c.outputs ?? []) {
          outputs++;
          if (o.output_type === 'error') problems.push(`cell ${i}: ${o.ename}: ${o.evalue}`);
          if (o.output_type === 'stream' && o.name === 'stderr') problems.push(`cell ${i} stderr: ${[].concat(o.text).join('')}`);
          text += [].concat(o.text ?? o.data?.['text/plain'] ?? []).join('');
          // a figure is one message with every MIME type a front end may pick, the spec declared as v5
          const vl = o.data?.['application/vnd.vegalite.v5+json'];
          if (vl) {
            figures++;
            if (!String(vl.$schema).endsWith('/vega-lite/v5.json')) problems.push(`cell ${i}: Vega-Lite MIME spec declares ${vl.$schema}`);
            for (const mime of ['text/html', 'text/plain']) if (!o.data[mime]) problems.push(`cell ${i}: figure without ${mime}`);
            // the static fallback once, inside the HTML (a second copy doubled notebook 02 to 2.2 MB)
            const svgs = JSON.stringify(o.data).split('<svg ').length - 1;
            if (svgs !== 1) problems.push(`cell ${i}: figure output carries ${svgs} SVGs, not 1`);
            if (![].concat(o.data['text/html']).join('').includes('<svg ')) problems.push(`cell ${i}: figure HTML without its static SVG`);
          }
          const h = [].concat(o.data?.['text/html'] ?? []).join('');
          html += h;
          if (h.includes('window.__wbDefine = window.define')) inlined++;
          if (h.includes(`src=${JSON.stringify(vegaBundleFile().name)}`)) loaders++;
        }
      });
      expect(problems).toEqual([]);
      expect(outputs).toBeGreaterThan(0);
      for (const re of EXPECTED_TEXT[nb] ?? []) expect(text, `${nb} prints ${re}`).toMatch(re);
      for (const re of EXPECTED_HTML[nb] ?? []) expect(html, `${nb} shows ${re}`).toMatch(re);
      // no output carries the ~820 KB of vega bundles: every figure loads the file the kernel wrote beside the notebook
      expect(inlined).toBe(0);
      expect(loaders).toBe(figures);
      if (figures > 0) expect(existsSync(join(nbDir, vegaBundleFile().name))).toBe(true);
      savedSize.set(nb, statSync(target).size);
      if (nb.startsWith('01-')) expect(statSync(target).size).toBeLessThan(MAX_SAVED_01);
      // PAWM's notebook alone takes minutes on two busy cores: bound each notebook, not at vitest's 2-minute default
    }, 600_000);
  }
});
