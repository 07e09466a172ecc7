/** One `workbench` command, in a module of its own under cli/: its help, and what it does. */
export interface Command {
  /** the command's own help (`workbench COMMAND --help`), beginning with its usage (usage.ts) */
  help(): string;
  /** runs it; the exit code (a refused release or a usage error is thrown, main.ts reports it) */
  run(args: string[]): Promise<number> | number;
}
