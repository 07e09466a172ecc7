// CPU of this process and of its finished (waited-for) children, from /proc (Linux).
import { readFileSync } from 'node:fs';

/** CPU seconds, user + system: `self` of this process, `children` of its finished children; undefined where there is no /proc. */
export function procCpu() {
  try {
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return { self: (Number(f[11]) + Number(f[12])) / 100, children: (Number(f[13]) + Number(f[14])) / 100 };
  } catch {
    return undefined;
  }
}
