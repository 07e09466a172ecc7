/**
 * A cheap admissible estimate of the HTM distance to solved: the cubie "3D Manhattan distance"
 * lower bound (Korf 1997, "Finding optimal solutions to Rubik's Cube using pattern databases",
 * AAAI), adapted to the half-turn metric.
 *
 *   h(s) = max( ceil(sum over corners c of dist_c(s) / 4), ceil(sum over edges e of dist_e(s) / 4) )
 *
 * dist_c(s) is the fewest face turns that would bring corner c alone to its home slot in its home
 * orientation (a breadth-first search over the 24 places one corner sticker can be). Why it is
 * admissible: a face turn moves exactly 4 corners and 4 edges, and changes each moved cubie's own
 * distance by at most one, so each sum drops by at most 4 per move.
 *
 * Used as phi_heuristic = -h (a classical solver's distance estimate, the paper's third dense
 * reward) and as a lower bound in the depth check of tasks deeper than the exact search reaches.
 */
import { FACE_TURNS, FACELET_GEOMETRY, MOVE_PERMS } from './moves.js';
import { normalizeOrientation } from './orientation.js';
import { solvedState, type CubeState } from './state.js';

interface Slot {
  /** facelet indices of the slot; the first is the reference sticker's place (U/D, else F/B) */
  facelets: number[];
}

/** Reference sticker first: the one facing U or D; on middle-layer edges the one facing F or B. */
function referenceRank(i: number): number {
  const n = FACELET_GEOMETRY[i].n;
  return n[1] !== 0 ? 0 : n[2] !== 0 ? 1 : 2;
}

function slots(kind: 'corner' | 'edge'): Slot[] {
  const byCubie = new Map<string, number[]>();
  FACELET_GEOMETRY.forEach(({ c }, i) => {
    const nonzero = c.filter((x) => x !== 0).length;
    if ((kind === 'corner' && nonzero === 3) || (kind === 'edge' && nonzero === 2)) {
      const k = c.join(',');
      byCubie.set(k, [...(byCubie.get(k) ?? []), i]);
    }
  });
  return [...byCubie.values()].map((f) => ({ facelets: f.sort((a, b) => referenceRank(a) - referenceRank(b) || a - b) }));
}

const CORNER_SLOTS = slots('corner');
const EDGE_SLOTS = slots('edge');

/** where[m][i]: the facelet position the sticker at i goes to under face turn m. */
const WHERE: Uint8Array[] = MOVE_PERMS.slice(0, FACE_TURNS).map((p) => {
  const w = new Uint8Array(54);
  for (let j = 0; j < 54; j++) w[p[j]] = j;
  return w;
});

/** Distance (in face turns) of a reference sticker from each facelet position back to `home`. */
function distancesTo(home: number): Int8Array {
  const dist = new Int8Array(54).fill(-1);
  dist[home] = 0;
  const queue = [home];
  for (let h = 0; h < queue.length; h++) {
    const i = queue[h];
    for (let m = 0; m < FACE_TURNS; m++) {
      const j = WHERE[m][i];
      if (dist[j] < 0) {
        dist[j] = dist[i] + 1;
        queue.push(j);
      }
    }
  }
  return dist;
}

interface Cubie {
  /** colour set as a sorted string key */
  colours: string;
  /** its reference colour (the colour of its reference sticker when home) */
  reference: number;
  dist: Int8Array;
}

function cubies(list: Slot[]): Map<string, Cubie> {
  const solved = solvedState();
  const out = new Map<string, Cubie>();
  for (const slot of list) {
    const colours = slot.facelets.map((i) => solved[i]);
    const key = [...colours].sort().join('');
    out.set(key, { colours: key, reference: colours[0], dist: distancesTo(slot.facelets[0]) });
  }
  return out;
}

const CORNERS = cubies(CORNER_SLOTS);
const EDGES = cubies(EDGE_SLOTS);

/**
 * A cubie's colours are distinct, so the set of them as a 6-bit mask names the cubie: the lookup
 * of sumDistances, by mask, without building a string per slot (it runs at every step of every
 * heuristic-reward episode).
 */
function byMask(known: Map<string, Cubie>): (Cubie | undefined)[] {
  const out: (Cubie | undefined)[] = new Array(64).fill(undefined);
  for (const c of known.values()) {
    let mask = 0;
    for (const ch of c.colours) mask |= 1 << Number(ch);
    out[mask] = c;
  }
  return out;
}

const CORNER_BY_MASK = byMask(CORNERS);
const EDGE_BY_MASK = byMask(EDGES);

function sumDistances(s: CubeState, list: Slot[], known: (Cubie | undefined)[]): number {
  let sum = 0;
  for (const slot of list) {
    const f = slot.facelets;
    let mask = 0;
    for (let k = 0; k < f.length; k++) mask |= 1 << s[f[k]];
    const cubie = known[mask];
    // a mask with fewer bits than stickers means a repeated colour, which no cubie has
    let bits = 0;
    for (let m = mask; m; m &= m - 1) bits++;
    if (!cubie || bits !== f.length) throw new Error(`not a cube: no cubie has the colours ${f.map((i) => s[i]).join(',')}`);
    let at = -1;
    for (let k = 0; k < f.length; k++) if (s[f[k]] === cubie.reference) at = f[k];
    sum += cubie.dist[at];
  }
  return sum;
}

/** The admissible HTM lower bound h(s) described above (0 exactly when solved). */
export function manhattanHeuristic(s: CubeState): number {
  const norm = normalizeOrientation(s);
  if (!norm) throw new Error('not a cube: the six centres are not six different faces');
  return homeCentresHeuristic(norm.state);
}

/** h(s) for a state whose centres are home (as every state of a face-turn search from a normalised one is). */
export function homeCentresHeuristic(s: CubeState): number {
  const c = sumDistances(s, CORNER_SLOTS, CORNER_BY_MASK);
  const e = sumDistances(s, EDGE_SLOTS, EDGE_BY_MASK);
  return Math.max(Math.ceil(c / 4), Math.ceil(e / 4));
}
