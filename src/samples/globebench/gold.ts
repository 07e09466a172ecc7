import type { Rng } from '../../derive/stats/rng.js';
import type { ItemMeta } from './items.js';
import type { Family } from './operators.js';
import { intBetween, pick, shuffle } from './rand.js';

/** One entry of an item's `fields` (docs/release-format.md): how a gold field is compared. */
export interface FieldSpec {
  path: string;
  kind: 'exact' | 'numeric' | 'set' | 'text';
  tol?: number;
}

/** A free-text gold field and the wording a faithful model might use instead (for the judge). */
interface TextSlot {
  path: string;
  /** an equivalent rewording */
  paraphrase: string;
  /** a plausible but wrong description */
  contradiction: string;
}

export interface Gold {
  gold: Record<string, unknown>;
  fields: FieldSpec[];
  goldError: { class: string; referent: string | null } | null;
  texts: TextSlot[];
  /** error classes a confused model might report instead */
  wrongClasses: string[];
}

/** How many state entities an item's gold holds: long audits are big, probes small. */
function entityCount(rng: Rng, it: ItemMeta): number {
  switch (it.op.kind) {
    case 'audit':
      return intBetween(rng, 10, 38);
    case 'mixed':
      return intBetween(rng, 3, 7);
    case 'error':
      return intBetween(rng, 2, 4);
    case 'probe':
      return intBetween(rng, 1, 3);
  }
}

const uniqueIds = (_rng: Rng, n: number, make: () => string): string[] => {
  const seen = new Set<string>();
  while (seen.size < n) seen.add(make());
  return [...seen];
};
const hex = (rng: Rng, n: number): string => Array.from({ length: n }, () => '0123456789abcdef'[rng.int(16)]).join('');

const ROOMS = [
  'kitchen',
  'cellar',
  'attic',
  'library',
  'hallway',
  'garden',
  'study',
  'pantry',
  'vault',
  'chapel',
  'armory',
  'gallery',
  'forge',
  'crypt',
  'lab',
  'greenhouse',
];
const THINGS = ['lamp', 'key', 'rope', 'map', 'coin', 'dagger', 'scroll', 'apple', 'lens', 'candle', 'ring', 'flask', 'hammer', 'compass', 'feather', 'bell'];
const STATUSES = ['pending', 'shipped', 'cancelled', 'refunded', 'on_hold', 'delivered'];
const BOOKING = ['confirmed', 'cancelled', 'changed', 'waitlisted', 'refunded'];
const UNITS = ['mol', 'g', 'mL', 'K', 'kPa', 'J', 'mg', 'L'];
const FILES = [
  'src/app.py',
  'src/db.py',
  'src/cli.py',
  'README.md',
  'setup.cfg',
  'tests/test_app.py',
  'docs/index.md',
  'src/util.py',
  'Makefile',
  'src/api.py',
  'config.yaml',
  'src/models.py',
  'scripts/run.sh',
  'src/cache.py',
  'LICENSE',
  'src/auth.py',
  'src/jobs.py',
  'data/seed.csv',
];
const BRANCHES = [
  'main',
  'develop',
  'feature-auth',
  'feature-cache',
  'hotfix-12',
  'release-21',
  'exp-batch',
  'feature-ui',
  'fix-race',
  'docs',
  'ci',
  'perf-db',
  'feature-search',
  'legacy',
  'staging',
  'spike-orm',
  'bump-deps',
  'wip-export',
  'i18n',
  'cleanup',
];

const ERRORS: Partial<Record<Family, string[]>> = {
  ledger: ['PermissionDenied', 'InsufficientFunds', 'Unauthorized', 'AccountFrozen'],
  allocation: ['CapacityExceeded', 'ApprovalRequired', 'QuotaExceeded'],
  rows: ['ConstraintViolation', 'CheckFailed', 'ForeignKeyViolation', 'TypeMismatch'],
  files: ['FileNotFoundError', 'IsADirectoryError', 'InvalidArgument', 'PermissionError'],
  room: ['DoorLocked', 'TooHeavy', 'NotReachable', 'InventoryFull'],
  booking: ['PolicyViolation', 'RefundNotAllowed', 'ChangeFeeRequired', 'FareClassClosed'],
};

/** Draws the gold next state of one item from its operator's family. */
export function makeGold(rng: Rng, it: ItemMeta): Gold {
  const n = entityCount(rng, it);
  const out = FAMILIES[it.op.family](rng, n, it);
  if (it.outcome === 'error') {
    const classes = ERRORS[it.op.family];
    if (!classes) throw new Error(`no error classes for family ${it.op.family}`);
    const cls = pick(rng, classes);
    // about a third of blocked actions name no specific referent (a policy, not an entity, blocks them)
    const referent = rng.next() < 0.35 ? null : out.referents.length ? pick(rng, out.referents) : null;
    return { gold: out.gold, fields: out.fields, texts: out.texts, goldError: { class: cls, referent }, wrongClasses: classes.filter((c) => c !== cls) };
  }
  return { gold: out.gold, fields: out.fields, texts: out.texts, goldError: null, wrongClasses: ERRORS[it.op.family] ?? ['InternalError', 'Timeout'] };
}

interface Drawn {
  gold: Record<string, unknown>;
  fields: FieldSpec[];
  texts: TextSlot[];
  referents: string[];
}

const FAMILIES: Record<Family, (rng: Rng, n: number, it: ItemMeta) => Drawn> = {
  ledger(rng, n) {
    const ids = uniqueIds(rng, n, () => `A-${intBetween(rng, 100, 999)}`);
    const accounts: Record<string, number> = {};
    for (const id of ids) accounts[id] = rng.next() < 0.2 ? -intBetween(rng, 1, 400) : intBetween(rng, 0, 6000);
    const open = intBetween(rng, 0, 6);
    return {
      gold: { accounts, open_sagas: open },
      fields: [...ids.map((id) => ({ path: `accounts.${id}`, kind: 'numeric' as const, tol: 0 })), { path: 'open_sagas', kind: 'numeric', tol: 0 }],
      texts: [],
      referents: ids,
    };
  },
  stock(rng, n) {
    const skus = uniqueIds(rng, n, () => `SKU-${intBetween(rng, 1000, 9999)}`);
    const stock: Record<string, number> = {};
    for (const s of skus) stock[s] = intBetween(rng, 0, 400);
    const backorders = uniqueIds(rng, intBetween(rng, 0, Math.min(6, n)), () => `SO-${intBetween(rng, 1000, 9999)}`);
    return {
      gold: { stock, backorders },
      fields: [...skus.map((s) => ({ path: `stock.${s}`, kind: 'numeric' as const })), { path: 'backorders', kind: 'set' }],
      texts: [],
      referents: skus,
    };
  },
  rows(rng, n) {
    const ids = uniqueIds(rng, n, () => String(intBetween(rng, 1, 999))).map(Number);
    const rows = ids.map((id) => ({ id, status: pick(rng, STATUSES), total: Math.round(rng.next() * 100000) / 100 }));
    const fields: FieldSpec[] = [];
    rows.forEach((_, k) => fields.push({ path: `rows.${k}.status`, kind: 'exact' }, { path: `rows.${k}.total`, kind: 'numeric', tol: 0.005 }));
    fields.push({ path: 'affected', kind: 'numeric' });
    return { gold: { table: 'orders', rows, affected: intBetween(rng, 0, n) }, fields, texts: [], referents: ids.map((id) => `orders.${id}`) };
  },
  query(rng, n) {
    const rows = Array.from({ length: n + 1 }, () => [intBetween(rng, 1, 500), pick(rng, THINGS), intBetween(rng, 1, 90)]);
    return {
      gold: { result: rows, row_count: rows.length },
      fields: [
        { path: 'result', kind: 'exact' },
        { path: 'row_count', kind: 'numeric' },
      ],
      texts: [],
      referents: [],
    };
  },
  files(rng, n) {
    const paths = shuffle(rng, [...FILES]).slice(0, Math.min(n, FILES.length));
    const files = paths.map((path) => ({ path, size: intBetween(rng, 0, 40000), sha: hex(rng, 7) }));
    const fields: FieldSpec[] = [];
    files.forEach((_, k) => fields.push({ path: `files.${k}.size`, kind: 'numeric' }, { path: `files.${k}.sha`, kind: 'exact' }));
    fields.push({ path: 'cwd', kind: 'exact' });
    return { gold: { cwd: pick(rng, ['/repo', '/repo/src', '/home/dev/app', '/srv/app']), files }, fields, texts: [], referents: paths };
  },
  git(rng, n) {
    const names = shuffle(rng, [...BRANCHES]).slice(0, Math.min(n, BRANCHES.length));
    const refs: Record<string, string> = {};
    for (const b of names) refs[b] = hex(rng, 7);
    const head = refs[names[0]];
    const staged = shuffle(rng, [...FILES]).slice(0, intBetween(rng, 0, 3));
    return {
      gold: { branch: names[0], head, refs, staged },
      fields: [
        { path: 'branch', kind: 'exact' },
        { path: 'head', kind: 'exact' },
        ...names.slice(1).map((b) => ({ path: `refs.${b}`, kind: 'exact' as const })),
        { path: 'staged', kind: 'set' },
      ],
      texts: [],
      referents: names,
    };
  },
  room(rng, n, it) {
    const names = shuffle(rng, [...ROOMS]).slice(0, Math.min(n, ROOMS.length));
    const rooms: Record<string, { door: string; items: string[] }> = {};
    for (const r of names) rooms[r] = { door: pick(rng, ['open', 'closed', 'locked']), items: shuffle(rng, [...THINGS]).slice(0, intBetween(rng, 0, 3)) };
    const location = names[0];
    const inventory = shuffle(rng, [...THINGS]).slice(0, intBetween(rng, 1, 4));
    const gold: Record<string, unknown> = { location, inventory, score: intBetween(rng, 0, 120), rooms };
    const fields: FieldSpec[] = [
      { path: 'location', kind: 'exact' },
      { path: 'inventory', kind: 'set' },
      { path: 'score', kind: 'numeric' },
    ];
    // audits ask for the whole map; shorter items only for the rooms the action touches
    for (const r of it.op.kind === 'audit' ? names : names.slice(0, 2))
      fields.push({ path: `rooms.${r}.door`, kind: 'exact' }, { path: `rooms.${r}.items`, kind: 'set' });
    const texts: TextSlot[] = [];
    if (it.op.text) {
      const thing = inventory[0];
      const other = pick(
        rng,
        ROOMS.filter((r) => r !== location),
      );
      gold.narration = `You pick up the ${thing}. The ${location} is quiet; a passage leads to the ${other}.`;
      texts.push({
        path: 'narration',
        paraphrase: `The ${thing} is now in your hands. Nothing stirs in the ${location}, and you can go on to the ${other}.`,
        contradiction: `You reach for the ${thing}, but it slips away. The ${location} is pitch dark and every exit is blocked.`,
      });
      fields.push({ path: 'narration', kind: 'text' });
    }
    return { gold, fields, texts, referents: [...names.map((r) => `door:${r}`), ...inventory.map((t) => `item:${t}`)] };
  },
  board(rng, _n, it) {
    const cells = Array.from({ length: 9 }, () => pick(rng, ['x', 'o', '.']));
    const board = `${cells.slice(0, 3).join('')}/${cells.slice(3, 6).join('')}/${cells.slice(6).join('')}`;
    const winner = pick(rng, ['x', 'o', 'none']);
    const status = winner === 'none' ? pick(rng, ['ongoing', 'draw']) : `${winner}_wins`;
    const gold: Record<string, unknown> = {
      board,
      to_move: pick(rng, ['x', 'o']),
      status,
      captured: shuffle(rng, ['p', 'n', 'b', 'r', 'q']).slice(0, intBetween(rng, 0, 3)),
    };
    const fields: FieldSpec[] = [
      { path: 'board', kind: 'exact' },
      { path: 'to_move', kind: 'exact' },
      { path: 'status', kind: 'exact' },
      { path: 'captured', kind: 'set' },
    ];
    const texts: TextSlot[] = [];
    if (it.op.text) {
      const line = pick(rng, ['the diagonal', 'the top row', 'the middle column', 'the bottom row']);
      gold.ending =
        winner === 'none'
          ? `The board fills up with no line completed, so the game ends in a draw.`
          : `Player ${winner.toUpperCase()} completes ${line} and wins the game.`;
      texts.push({
        path: 'ending',
        paraphrase:
          winner === 'none' ? 'No player manages three in a row before the grid is full: a draw.' : `${winner.toUpperCase()} wins by filling ${line}.`,
        contradiction:
          winner === 'none'
            ? 'Player X completes the top row and wins the game.'
            : `The game is still going; ${winner === 'x' ? 'O' : 'X'} is about to win on ${line}.`,
      });
      fields.push({ path: 'ending', kind: 'text' });
    }
    return { gold, fields, texts, referents: [] };
  },
  algebra(rng) {
    const a = intBetween(rng, 1, 9),
      b = intBetween(rng, 1, 9);
    const roots = [String(-a), String(b)];
    return {
      gold: { expression: `x**2 + ${b - a}*x - ${a * b}`, roots, degree: 2, value_at_1: 1 + (b - a) - a * b },
      fields: [
        { path: 'expression', kind: 'exact' },
        { path: 'roots', kind: 'set' },
        { path: 'degree', kind: 'numeric' },
        { path: 'value_at_1', kind: 'numeric', tol: 1e-9 },
      ],
      texts: [],
      referents: [],
    };
  },
  ode(rng, n) {
    const y = Array.from({ length: n }, () => Math.round((rng.next() * 20 - 10) * 1e4) / 1e4);
    return {
      gold: { t: Math.round(rng.next() * 1000) / 100, y },
      fields: [{ path: 't', kind: 'numeric', tol: 1e-9 }, ...y.map((_, k) => ({ path: `y.${k}`, kind: 'numeric' as const, tol: 1e-3 }))],
      texts: [],
      referents: [],
    };
  },
  lab(rng, n) {
    const ids = uniqueIds(rng, Math.max(1, Math.ceil(n / 2)), () => `Q${intBetween(rng, 1, 99)}`);
    const quantities: Record<string, { value: number; unit: string }> = {};
    for (const q of ids) quantities[q] = { value: Math.round(rng.next() * 50000) / 100, unit: pick(rng, UNITS) };
    const fields: FieldSpec[] = [];
    for (const q of ids) fields.push({ path: `quantities.${q}.value`, kind: 'numeric', tol: 0.01 }, { path: `quantities.${q}.unit`, kind: 'exact' });
    return { gold: { quantities }, fields, texts: [], referents: ids };
  },
  booking(rng, n, it) {
    const ids = uniqueIds(rng, Math.max(1, Math.ceil(n / 2)), () => `BK-${intBetween(rng, 1000, 9999)}`);
    const bookings: Record<string, { status: string; seat: string; fare: number }> = {};
    for (const b of ids)
      bookings[b] = {
        status: pick(rng, BOOKING),
        seat: `${intBetween(rng, 1, 40)}${pick(rng, ['A', 'B', 'C', 'D', 'E', 'F'])}`,
        fare: intBetween(rng, 40, 900),
      };
    const gold: Record<string, unknown> = { bookings };
    const fields: FieldSpec[] = [];
    for (const b of ids)
      fields.push(
        { path: `bookings.${b}.status`, kind: 'exact' },
        { path: `bookings.${b}.seat`, kind: 'exact' },
        { path: `bookings.${b}.fare`, kind: 'numeric' },
      );
    const texts: TextSlot[] = [];
    if (it.op.text && it.outcome === 'normal') {
      const b = ids[0],
        bk = bookings[b];
      gold.reply = `Your booking ${b} is now ${bk.status}; seat ${bk.seat}, fare ${bk.fare} USD.`;
      texts.push({
        path: 'reply',
        paraphrase: `Done: reservation ${b} shows as ${bk.status}, with seat ${bk.seat} at ${bk.fare} USD.`,
        contradiction: `I could not update ${b}; it remains on the previous itinerary and no fare was charged.`,
      });
      fields.push({ path: 'reply', kind: 'text' });
    }
    return { gold, fields, texts, referents: ids };
  },
  allocation(rng) {
    const weights = [intBetween(rng, 1, 5), intBetween(rng, 1, 5), intBetween(rng, 1, 5)];
    const capacity = intBetween(rng, 30, 300);
    const sum = weights.reduce((a, b) => a + b, 0);
    const allocated = weights.map((w) => Math.floor((capacity * w) / sum));
    return {
      gold: { capacity, weights, allocated },
      fields: [
        { path: 'capacity', kind: 'numeric' },
        { path: 'weights', kind: 'exact' },
        { path: 'allocated', kind: 'exact' },
      ],
      texts: [],
      referents: [`pool:P-${intBetween(rng, 1, 9)}`],
    };
  },
};
