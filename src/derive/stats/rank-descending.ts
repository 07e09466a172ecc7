/**
 * Competition ("1224") ranking, highest value first: tied values share the smallest rank,
 * as leaderboards print them.
 */
export function rankDescending(values: readonly number[]): number[] {
  return values.map((v) => 1 + values.filter((w) => w > v).length);
}
