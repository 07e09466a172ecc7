import type { Cell, Format } from './table.js';

/** What a cell shows when the release gives it nothing to compute from. */
const NO_DATA_CELL = 'no data';

/** Text for one cell. Rates are stored 0-1 and shown 0-100 with two decimals (docs/release-format.md, "Conventions"). */
export function formatCell(value: Cell, format: Format = 'text'): string {
  if (value === null || value === undefined) return '';
  // a statistic of nothing (a rate over no answered items, a CI of one value) says so, not 'NaN'
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? NO_DATA_CELL : value > 0 ? 'inf' : '-inf';
  switch (format) {
    case 'int':
      return typeof value === 'number' ? Math.round(value).toLocaleString('en-US') : String(value);
    case 'pct':
      return typeof value === 'number' ? fixed(value * 100, 2) : String(value);
    case 'pp':
      return typeof value === 'number' ? signed(fixed(value * 100, 2)) : String(value);
    case 'num':
      return typeof value === 'number' ? fixed(value, 2) : String(value);
    case 'num3':
      return typeof value === 'number' ? fixed(value, 3) : String(value);
    case 'p':
      if (typeof value !== 'number') return String(value);
      if (value < 1e-16) return '< 1e-16';
      return value < 1e-3 ? value.toExponential(2) : value.toPrecision(4);
    case 'bool':
      return value ? 'yes' : 'no';
    default:
      return String(value);
  }
}

/** toFixed without the '-0.00' artefact. */
function fixed(x: number, digits: number): string {
  const s = x.toFixed(digits);
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s;
}

function signed(s: string): string {
  return s.startsWith('-') || /^0\.?0*$/.test(s) ? s : `+${s}`;
}
