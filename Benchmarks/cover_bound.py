#!/usr/bin/env python3
"""How far CoverageBenchmark's greedy offline cover is from the best cover of its candidates.

Reads the candidate file CoverageBenchmark writes for a row (COVERAGE_CANDIDATES=FOLDER; the
format is in OfflineCover.write), and prints:

- the linear relaxation's optimum: no cover chosen from these candidates, holding these probe
  points, costs fewer requests (a lower bound for the sampled problem, not for centres off the
  candidate grid);
- a cover found by rounding the relaxation (thresholds, then random draws, each completed
  greedily and pruned in reverse), with its pages histogram: an upper bound, like the greedy
  column, found another way.

The relaxation over every fix takes minutes on 2 400 fixes; --stride N keeps the probes of every
N-th fix only (the bound stays a lower bound: fewer constraints), while the rounded cover is
completed over every fix.

Usage: python3 Benchmarks/cover_bound.py FILE [--stride N] [--draws N]
Needs SciPy (python3 -m pip install scipy).
"""

import argparse
import collections
import sys

try:
    import numpy as np
    import scipy.sparse as sparse
    from scipy.optimize import linprog
except ImportError:
    sys.exit("cover_bound.py: needs SciPy (python3 -m pip install scipy)")


def read(path):
    """The probe rows each candidate holds, and each candidate's cost in pages."""
    with open(path) as file:
        fixes, points = (int(value) for value in file.readline().split())
        for _ in range(fixes):
            file.readline()
        costs, rows, columns = [], [], []
        for line in file:
            fields = line.split()
            if not fields:
                continue
            column = len(costs)
            costs.append(int(fields[0]))
            for hold in fields[4:]:
                fix, mask = (int(value) for value in hold.split(":"))
                for bit in range(points):
                    if mask >> bit & 1:
                        rows.append(fix * points + bit)
                        columns.append(column)
    matrix = sparse.csr_matrix(
        (np.ones(len(rows)), (rows, columns)), shape=(fixes * points, len(costs))
    )
    return matrix, np.array(costs, dtype=float), fixes, points


def complete(chosen, held, costs, weights):
    """`chosen` made a cover of every row of `held` greedily, then pruned dearest first."""
    by_column = held.tocsc()
    chosen = set(chosen)
    times = np.zeros(held.shape[0])
    for column in chosen:
        times += by_column[:, column].toarray().ravel()
    while (times == 0).any():
        gain = by_column.T.dot((times == 0).astype(float)) / costs
        column = int(np.argmax(gain))
        chosen.add(column)
        times += by_column[:, column].toarray().ravel()
    for column in sorted(chosen, key=lambda c: (-costs[c], weights[c])):
        holds = by_column[:, column].toarray().ravel()
        if (times[holds > 0] >= 2).all():
            chosen.discard(column)
            times -= holds
    return chosen


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--stride", type=int, default=3)
    parser.add_argument("--draws", type=int, default=10)
    arguments = parser.parse_args()
    if arguments.stride < 1 or arguments.draws < 0:
        parser.error("--stride is 1 or more, --draws 0 or more")
    try:
        matrix, costs, fixes, points = read(arguments.file)
    except (OSError, ValueError) as error:
        sys.exit(f"cover_bound.py: {arguments.file}: cannot be read as candidates ({error})")
    held = matrix[np.diff(matrix.indptr) > 0]
    unheld = matrix.shape[0] - held.shape[0]
    kept = np.array([(row // points) % arguments.stride == 0 for row in range(matrix.shape[0])])
    sampled = matrix[kept & (np.diff(matrix.indptr) > 0)]
    relaxation = linprog(
        costs,
        A_ub=-sampled,
        b_ub=-np.ones(sampled.shape[0]),
        bounds=(0, 1),
        method="highs",
    )
    if relaxation.status != 0:
        sys.exit(f"cover_bound.py: the relaxation did not solve ({relaxation.message})")
    weights = relaxation.x
    best = None
    draws = [weights >= threshold for threshold in (0.9, 0.7, 0.5, 0.3, 0.2, 0.1, 0.05)]
    generator = np.random.default_rng(1)
    draws += [generator.random(len(weights)) < weights for _ in range(arguments.draws)]
    for draw in draws:
        cover = complete(np.nonzero(draw)[0], held, costs, weights)
        cost = sum(costs[column] for column in cover)
        if best is None or cost < best[0]:
            best = (cost, cover)
    histogram = collections.Counter(int(costs[column]) for column in best[1])
    print(f"{arguments.file}: {fixes} fixes, {len(costs)} candidate searches")
    print(f"lower bound (relaxation, every {arguments.stride}. fix): {relaxation.fun:.1f} requests")
    print(
        f"rounded cover: {int(best[0])} requests in {len(best[1])} searches "
        + ", ".join(f"{count} of {pages} page(s)" for pages, count in sorted(histogram.items()))
    )
    if unheld:
        print(f"{unheld} probe points no candidate holds (ties at the cap) are left out")


if __name__ == "__main__":
    main()
