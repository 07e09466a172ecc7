import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRelease } from '../../src/samples/write-release.js';
import { loadGlobebench } from '../../src/release/load/globebench.js';
import { prepareGlobe } from '../../analysis/globebench/derive/context.js';
import { partialCreditByModel } from '../../analysis/globebench/present/partial-credit.js';
import { decisionGivenStateTable } from '../../analysis/globebench/present/decision-given-state.js';
import { python } from '../helpers/reference.js';
import { tinyGlobebench } from '../helpers/tiny-globebench.js';
import { definitionsRelease } from './definitions-release.js';
import { hasSample, SAMPLE_DIR } from './helpers.js';

/**
 * An independent implementation of docs/release-format.md's grading, field-level partial credit and
 * "decision right given the state right", written from the format page in plain Python: it reads
 * the release files itself (MANIFEST.json, gzipped JSONL) and shares no code with the workbench.
 */
const REFERENCE = String.raw`
import gzip, json, math, sys
from collections import defaultdict
rel = json.load(sys.stdin)["dir"]
manifest = json.load(open(rel + "/MANIFEST.json", encoding="utf-8-sig"))
def rows(logical):
    for path in manifest["files"]:
        if path in (logical, logical + ".gz"):
            op = gzip.open if path.endswith(".gz") else open
            with op(rel + "/" + path, "rt", encoding="utf-8-sig") as f:
                return [json.loads(l) for l in f if l.strip()]
    return []
def jtype(v):
    if v is None: return "null"
    if isinstance(v, bool): return "boolean"
    if isinstance(v, (int, float)): return "number"
    if isinstance(v, str): return "string"
    if isinstance(v, list): return "array"
    return "object"
def canon(v):
    t = jtype(v)
    if t == "number": return repr(float(v))
    if t == "array": return "[" + ",".join(canon(x) for x in v) + "]"
    if t == "object": return "{" + ",".join(json.dumps(k) + ":" + canon(v[k]) for k in sorted(v)) + "}"
    return json.dumps(v)
MISSING = object()
def lookup(root, path):
    v = root
    for seg in path.split("."):
        if isinstance(v, list):
            if not seg.isdigit() or int(seg) >= len(v): return MISSING
            v = v[int(seg)]
        elif isinstance(v, dict):
            if seg not in v: return MISSING
            v = v[seg]
        else:
            return MISSING
    return v
def compare(spec, g, p):
    kind = spec["kind"]
    if kind == "text": return "text" if isinstance(p, str) else "mismatch"
    if kind == "set":
        if not isinstance(p, list): return "mismatch"
        return "match" if sorted(map(canon, g)) == sorted(map(canon, p)) else "wrong"
    if jtype(p) != jtype(g): return "mismatch"
    if kind == "numeric":
        return "match" if abs(p - g) <= spec.get("tol", 0) + 1e-9 * max(1, abs(g)) else "wrong"
    return "match" if canon(p) == canon(g) else "wrong"
def grade(item, resp, judges):
    decided = [f for f in item["fields"] if f["kind"] != "text"]
    pred = resp["prediction"]
    if resp["status"] != "answered" or pred is None:
        return dict(passed=False, ft="no_response", matched=0, decided=len(decided))
    outcomes = []
    for f in item["fields"]:
        p = lookup(pred, f["path"])
        outcomes.append("missing" if p is MISSING else compare(f, lookup(item["gold"], f["path"]), p))
    matched = sum(1 for o, f in zip(outcomes, item["fields"]) if f["kind"] != "text" and o == "match")
    out = lambda passed, ft: dict(passed=passed, ft=ft, matched=matched, decided=len(decided))
    perr = pred.get("error")
    matched_error = False
    if item["outcome"] == "error":
        if perr is None: return out(False, "under_error")
        g = item["gold_error"]
        ok = isinstance(perr, dict) and perr.get("class") == g["class"] and (g["referent"] is None or perr.get("referent") == g["referent"])
        if not ok: return out(False, "error_class")
        matched_error = True
    elif perr is not None:
        return out(False, "over_error")
    if all(o == "missing" for o in outcomes):
        return out(True, None) if matched_error else out(False, "no_state_fields")
    if "wrong" in outcomes: return out(False, "wrong_value")
    if "missing" in outcomes or "mismatch" in outcomes: return out(False, "structure_only")
    if "text" not in outcomes: return out(True, None)
    terra, sol = judges.get("terra"), judges.get("sol")
    rec = terra if terra is not None and terra["confidence"] >= 0.8 else sol
    return out(rec["verdict"] == "equivalent", None if rec["verdict"] == "equivalent" else "wrong_value")
items = {it["item_id"]: it for it in rows("items.jsonl")}
error_ops = {it["operator"] for it in items.values() if it["outcome"] == "error"}
result = {}
for m in rows("models.jsonl"):
    mid = m["model_id"]
    judges = defaultdict(dict)
    for j in rows("judge/%s.jsonl" % mid): judges[j["item_id"]][j["judge"]] = j
    credit, credit_n, fail_credit, fail_n, near, passed, n = 0.0, 0, 0.0, 0, 0, 0, 0
    state_right, decision_right = 0, 0
    for r in rows("responses/%s.jsonl" % mid):
        it = items[r["item_id"]]
        g = grade(it, r, judges[r["item_id"]])
        n += 1
        passed += g["passed"]
        if g["decided"] > 0:
            c = 0.0 if g["ft"] == "no_response" else g["matched"] / g["decided"]
            credit += c; credit_n += 1
            if not g["passed"] and g["ft"] != "no_response":
                fail_credit += c; fail_n += 1
                near += c >= 0.74
            if g["ft"] != "no_response" and g["matched"] == g["decided"] and it["operator"] in error_ops:
                state_right += 1
                decision_right += g["passed"]
    result[mid] = dict(success=passed / n, partial_credit=credit / credit_n if credit_n else None,
        credit_when_failed=fail_credit / fail_n if fail_n else None, failed_answered=fail_n, near_misses=near,
        state_right=state_right, decision_right=decision_right)
print(json.dumps(result))
`;

const dir = mkdtempSync(join(tmpdir(), 'wb-gradref-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function check(releaseDir: string) {
  const ctx = prepareGlobe(loadGlobebench(releaseDir), { seed: 1, resamples: 20 });
  const ref = python(REFERENCE, { dir: releaseDir }) as Record<string, Record<string, number | null>>;
  const pc = partialCreditByModel(ctx),
    dg = decisionGivenStateTable(ctx);
  expect(Object.keys(ref).sort()).toEqual(ctx.models.map((m) => m.model_id).sort());
  for (const [mid, want] of Object.entries(ref)) {
    const p = pc.rows.find((r) => r.model_id === mid)!,
      d = dg.rows.find((r) => r.model_id === mid)!;
    for (const k of ['success', 'partial_credit', 'credit_when_failed'] as const) {
      if (want[k] === null) expect(p[k], `${mid} ${k}`).toBeNull();
      else expect(p[k] as number, `${mid} ${k}`).toBeCloseTo(want[k]!, 12);
    }
    expect([p.failed_answered, p.near_misses, d.state_right, d.decision_right], mid).toEqual([
      want.failed_answered,
      want.near_misses,
      want.state_right,
      want.decision_right,
    ]);
  }
  return ref;
}

describe('partial credit and decision given state against an independent Python implementation', () => {
  it('the hand-built definitions release', () => {
    writeRelease(join(dir, 'defs'), definitionsRelease());
    const ref = check(join(dir, 'defs'));
    expect(ref.A).toMatchObject({ state_right: 2, decision_right: 1 }); // the reference agrees with the hand count
  });
  it('the tiny release', () => {
    writeRelease(join(dir, 'tiny'), tinyGlobebench());
    check(join(dir, 'tiny'));
  });
  it.skipIf(!hasSample)(
    'the sample release (20 models x 1,632 items)',
    () => {
      check(SAMPLE_DIR);
    },
    120_000,
  );
});
