// Preloaded into a CLI run by the output-safety and input-integrity tests (node --require): counts the file-system calls
// that change the disk and, at the Nth, kills the process with SIGKILL (WB_KILL_AT=N) or pauses it
// (WB_PAUSE_AT=N, WB_PAUSE_MS), so a test can stop a run at a chosen moment of its write phase.
// WB_FAIL_AT=N makes the Nth call fail with errno WB_FAIL_CODE (default ENOSPC, as on a full disk).
// WB_PAUSE_UNTIL=PATH makes the pause at WB_PAUSE_AT last until PATH exists (no race with a slow machine).
// WB_COUNT_FILE receives the number of calls made, for choosing N.
// Workers inherit node's options, so this file runs in every thread of the process (reproduce loads
// each benchmark in a worker thread, and writes every file from the main thread): the read faults
// apply in every thread, the write counts and WB_COUNT_FILE are the main thread's alone.
const fs = require('node:fs');
const { syncBuiltinESMExports } = require('node:module');
const { isMainThread } = require('node:worker_threads');

const killAt = Number(process.env.WB_KILL_AT ?? 0);
const pauseAt = Number(process.env.WB_PAUSE_AT ?? 0);
const pauseMs = Number(process.env.WB_PAUSE_MS ?? 0);
const failAt = Number(process.env.WB_FAIL_AT ?? 0);
const failCode = process.env.WB_FAIL_CODE ?? 'ENOSPC';
const countFile = process.env.WB_COUNT_FILE;
const pauseUntil = process.env.WB_PAUSE_UNTIL;
let n = 0;
const realCopyFileSync = fs.copyFileSync;
const realRenameSync = fs.renameSync;
for (const name of isMainThread ? ['writeFileSync', 'renameSync', 'rmSync', 'unlinkSync', 'mkdirSync', 'rmdirSync'] : []) {
  const real = fs[name];
  fs[name] = function (...args) {
    n++;
    if (n === killAt) process.kill(process.pid, 'SIGKILL');
    if (n === failAt) throw Object.assign(new Error(`${failCode}: simulated failure, ${name}`), { code: failCode });
    if (n === pauseAt && pauseUntil) while (!fs.existsSync(pauseUntil)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    else if (n === pauseAt) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, pauseMs);
    return real.apply(this, args);
  };
}
// WB_EACCES_SUFFIX: reading a file whose path ends so fails with EACCES (a root user cannot chmod it away);
const eaccesSuffix = process.env.WB_EACCES_SUFFIX;
// WB_REPLACE_SUFFIX=S with WB_REPLACE_WITH=PATH: just after a file whose path ends in S is first
// opened or read (in this thread), a copy of PATH is renamed over it, as a user or a sync tool might
// replace a file while the workbench runs; what was already opened keeps the old bytes.
const replaceSuffix = process.env.WB_REPLACE_SUFFIX;
const replaceWith = process.env.WB_REPLACE_WITH;
let replaced = false;
function replaceOnce(path) {
  if (!replaceSuffix || replaced || typeof path !== 'string' || !path.endsWith(replaceSuffix)) return;
  replaced = true;
  realCopyFileSync(replaceWith, `${path}.replacing`);
  realRenameSync(`${path}.replacing`, path);
}
const realOpen = fs.openSync;
fs.openSync = function (path, ...rest) {
  const fd = realOpen.call(this, path, ...rest);
  replaceOnce(path);
  return fd;
};
const realRead = fs.readFileSync;
fs.readFileSync = function (path, ...rest) {
  if (eaccesSuffix && typeof path === 'string' && path.endsWith(eaccesSuffix))
    throw Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: 'EACCES' });
  const bytes = realRead.call(this, path, ...rest);
  replaceOnce(path);
  return bytes;
};
syncBuiltinESMExports();
if (countFile && isMainThread) process.on('exit', () => fs.appendFileSync(countFile, `${n}\n`));
