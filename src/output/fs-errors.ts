/**
 * Errors about where the workbench writes its output (not about a release): a path that is refused,
 * a directory it cannot write, a file it will not overwrite. The CLI prints the message and exits 1.
 */
export class OutputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputError';
  }
}

/** What a failed file-system call means for a person, by its errno code. */
export function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied (the directory is not writable by this user)';
    case 'EROFS':
      return 'read-only file system';
    case 'ENOTDIR':
      return 'a path component is a file, not a directory';
    case 'EISDIR':
      return 'is a directory, not a file';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EDQUOT':
      return 'disk quota exceeded';
    case 'ENOENT':
      return 'no such file or directory';
    case 'EEXIST':
      return 'already exists';
    case 'ENAMETOOLONG':
      return 'file name too long';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files';
    default:
      return code ? `${code}: ${(e as Error).message}` : String((e as Error)?.message ?? e);
  }
}

/** Runs a file-system action, turning its failure into an OutputError naming the path and the cause. */
export function fsAction<T>(what: string, path: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof OutputError) throw e;
    throw new OutputError(`cannot ${what} ${path}: ${describeFsError(e)}`);
  }
}
