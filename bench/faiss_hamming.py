#!/usr/bin/env python3
"""Faiss reference for ./semhash bench-hamming: exhaustive binary search on the same code files.

Reads raw codes (N rows of bits/8 bytes, no header), builds faiss.IndexBinaryFlat, and times each
query on its own, on one OpenMP thread, after a warm-up, as bench-hamming does for Lucene. Prints
the median milliseconds per top-k query and, with --radius, per range query, plus the sum of the
top-k distances so the two engines' answers can be compared exactly.

Needs Debian's python3-faiss (apt-get install python3-faiss) and runs with /usr/bin/python3.
Example:
  /usr/bin/python3 bench/faiss_hamming.py --codes codes.bin --queries queries.bin --bits 64 --k 100 --radius 2
"""
import argparse
import json
import statistics
import sys
import time

try:
    import faiss
    import numpy as np
except ImportError as e:
    sys.exit(f"error: {e}; install Debian's python3-faiss and run with /usr/bin/python3")


def load(path, bits):
    row = bits // 8
    data = np.fromfile(path, dtype=np.uint8)
    if data.size == 0 or data.size % row:
        sys.exit(f"error: {path} has {data.size} bytes, not a positive multiple of {row} ({bits}-bit codes)")
    return data.reshape(-1, row)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--codes", required=True)
    p.add_argument("--queries", required=True)
    p.add_argument("--bits", type=int, required=True)
    p.add_argument("--k", type=int, default=100)
    p.add_argument("--radius", type=int, default=-1)
    p.add_argument("--warmup", type=int, default=50)
    p.add_argument("--max-queries", type=int, default=1000)
    p.add_argument("--json")
    a = p.parse_args()
    faiss.omp_set_num_threads(1)
    codes = load(a.codes, a.bits)
    queries = load(a.queries, a.bits)[: a.max_queries]
    index = faiss.IndexBinaryFlat(a.bits)
    index.add(codes)
    for i in range(a.warmup):
        index.search(queries[i % len(queries)][None, :], a.k)
    times, dist_sum = [], 0
    for q in queries:
        t = time.perf_counter()
        d, _ = index.search(q[None, :], a.k)
        times.append((time.perf_counter() - t) * 1000)
        dist_sum += int(d.sum())
    out = {"engine": "faiss IndexBinaryFlat", "faiss_version": faiss.__version__, "threads": 1,
           "codes": int(codes.shape[0]), "bits": a.bits, "queries": len(queries), "k": a.k,
           "topk_median_ms": statistics.median(times), "topk_distance_sum": dist_sum}
    if a.radius >= 0:
        rtimes, hits = [], 0
        for i in range(a.warmup):
            index.range_search(queries[i % len(queries)][None, :], a.radius + 1)
        for q in queries:
            t = time.perf_counter()
            lims, _, _ = index.range_search(q[None, :], a.radius + 1)  # faiss: distance < threshold
            rtimes.append((time.perf_counter() - t) * 1000)
            hits += int(lims[1])
        out.update({"radius": a.radius, "radius_median_ms": statistics.median(rtimes),
                    "radius_mean_hits": hits / len(queries)})
    print(json.dumps(out, indent=2))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=2)


if __name__ == "__main__":
    main()
