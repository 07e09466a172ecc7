// Registers the "tslab" Jupyter kernel so that it runs THIS checkout's tslab by absolute path.
// tslab's own installer writes argv ["tslab", ...], which Jupyter looks up on the server's PATH:
// a person who starts `jupyter notebook` from a shell without node_modules/.bin gets a kernel that
// dies at once. Here argv names node and tslab's entry script by absolute path, so no PATH setup
// is needed. Idempotent: does nothing when the registered spec already has this argv.
//
// Usage: node scripts/register-kernel.mjs [--prefix DIR] [--check]
//   --prefix DIR  install into DIR/share/jupyter/kernels (tests; add DIR/share/jupyter to JUPYTER_PATH)
//   --check       exit 1 (and say why) when the registered spec is not the expected one; change nothing
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PYTHON = '/usr/bin/python3'; // Debian's, which has Jupyter (the first python3 on PATH may not)
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tslabEntry = join(root, 'node_modules', 'tslab', 'bin', 'tslab');

export function expectedKernelSpec() {
  return {
    argv: [process.execPath, tslabEntry, 'kernel', '--config-path', '{connection_file}'],
    display_name: 'TypeScript',
    language: 'typescript',
  };
}

function registeredSpec(env, prefix) {
  if (prefix) {
    // only the spec in that prefix counts (the rest of the search path is the machine's business)
    const file = join(prefix, 'share', 'jupyter', 'kernels', 'tslab', 'kernel.json');
    return existsSync(file) ? { dir: dirname(file), argv: JSON.parse(readFileSync(file, 'utf8')).argv } : null;
  }
  const r = spawnSync(PYTHON, ['-m', 'jupyter', 'kernelspec', 'list', '--json'], { encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(`jupyter kernelspec list failed: ${r.stderr}`);
  const found = JSON.parse(r.stdout).kernelspecs?.tslab;
  return found ? { dir: found.resource_dir, argv: found.spec.argv } : null;
}

const sameArgv = (a, b) => Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);

function main(args) {
  const prefixAt = args.indexOf('--prefix');
  const prefix = prefixAt >= 0 ? args[prefixAt + 1] : undefined;
  const check = args.includes('--check');
  if (!existsSync(tslabEntry)) throw new Error(`${tslabEntry} is missing: run npm ci first`);
  const env = { ...process.env, PYDEVD_DISABLE_FILE_VALIDATION: '1' };
  if (prefix) env.JUPYTER_PATH = [join(prefix, 'share', 'jupyter'), process.env.JUPYTER_PATH].filter(Boolean).join(':');
  const want = expectedKernelSpec();
  const have = registeredSpec(env, prefix);
  if (have && sameArgv(have.argv, want.argv)) return 0;
  const why = have ? `${have.dir} runs ${JSON.stringify(have.argv)}` : 'no tslab kernel is registered';
  if (check) {
    console.error(`register-kernel: ${why}; expected ${JSON.stringify(want.argv)} (run bash scripts/setup.sh)`);
    return 1;
  }
  console.log(`setup: registering the tslab kernel (${why})`);
  const tmp = mkdtempSync(join(tmpdir(), 'wb-kernel-'));
  try {
    const dir = join(tmp, 'tslab');
    mkdirSync(dir);
    writeFileSync(join(dir, 'kernel.json'), JSON.stringify(want, null, 1) + '\n');
    const where = prefix ? ['--prefix', prefix] : process.getuid?.() === 0 ? [] : ['--user'];
    const r = spawnSync(PYTHON, ['-m', 'jupyter', 'kernelspec', 'install', '--replace', '--name', 'tslab', ...where, dir], { encoding: 'utf8', env });
    if (r.status !== 0) throw new Error(`jupyter kernelspec install failed: ${r.stderr}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  // a spec of the same name earlier on Jupyter's search path (e.g. a per-user one) would still win
  const now = registeredSpec(env, prefix);
  if (!now || !sameArgv(now.argv, want.argv)) {
    console.error(
      `register-kernel: installed, but Jupyter still finds ${now ? `${now.dir} running ${JSON.stringify(now.argv)}` : 'no tslab kernel'}; remove that spec and rerun`,
    );
    return 1;
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    process.exit(main(process.argv.slice(2)));
  } catch (e) {
    console.error(`register-kernel: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
}
