// The reference every read ratio under bench/ is measured against: the floor any loader of these
// formats pays. Prints one JSON line: {seconds, rows, maxRssMiB}.
/** Python's read of a release: each data file read once, sha256 of its bytes, gunzip, json.loads of every row. */
export const PYTHON_READ = `
import gzip, hashlib, json, os, resource, sys, time
t = time.perf_counter()
rows = 0
for rel in sys.argv[1:]:
    for dirpath, _, files in sorted(os.walk(rel)):
        for f in sorted(files):
            if not (f.endswith('.jsonl') or f.endswith('.jsonl.gz')): continue
            b = open(os.path.join(dirpath, f), 'rb').read()
            hashlib.sha256(b).hexdigest()
            if f.endswith('.gz'): b = gzip.decompress(b)
            for line in b.decode('utf-8').split('\\n'):
                if line: json.loads(line); rows += 1
print(json.dumps({"seconds": time.perf_counter() - t, "rows": rows, "maxRssMiB": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
`;
