/**
 * A derived row: plain named values (a table lays such rows out as they are). Declared here, below
 * present, so that a benchmark's derive/ can build rows a table shows without knowing tables.
 */
export type Cell = string | number | boolean | null | undefined;
export type Row = Record<string, Cell>;
