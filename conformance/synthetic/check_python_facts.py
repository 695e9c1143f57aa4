"""The Python package over the synthetic build (scripts/tests/test-synthetic-type): the row no code names
is in castlike.types() with the facts of its row, and a conversion into it by the kernels agrees with
the reference's expectation, element by element, at every attribute setting its Cast version reads.

    python check_python_facts.py NAME    (exit 1 with one line per problem)
"""
import sys

import numpy as np

import castlike


def main() -> int:
    name = sys.argv[1]
    problems = []
    table = {t.name: t for t in castlike.types()}
    if name not in table:
        print(f"check_python_facts: castlike.types() does not list {name}")
        return 1
    row = table[name]
    document = castlike.type_table()
    listed = [t for t in document["types"] if t["name"] == name]
    if len(listed) != 1 or listed[0]["bits"] != row.bits:
        problems.append(f"castlike.type_table() disagrees with castlike.types() on {name}")
    versions = row.operator_versions("Cast")
    if not versions:
        problems.append(f"{name} has no Cast version in the Python facts")
    # Every float32 value from -8 to 8 by 1/64, and the specials: the kernels against the reference.
    x = np.concatenate([np.arange(-512, 513, dtype=np.float32) / 64,
                        np.array([np.inf, -np.inf, np.nan, -0.0], dtype=np.float32)])
    opset = castlike.NEWEST_OPSET
    checked = 0
    for saturate in (1, 0):
        got = castlike.cast(x, name, saturate=saturate, opset=opset, operator="Cast", raw=True, unpack=True)
        want = castlike.expected(x, name, saturate=saturate, opset=opset, operator="Cast")
        for i, (g, b, outcome) in enumerate(zip(np.asarray(got).ravel(), want.bits, want.outcome)):
            if outcome == "exact" and int(g) != int(b):
                problems.append(f"saturate={saturate}: {x[i]!r} -> kernels 0x{int(g):x}, reference 0x{int(b):x}")
        checked += len(x)
    for p in problems[:20]:
        print("check_python_facts:", p)
    print(f"check_python_facts: {name}: {row.bits} bits, Cast versions {[v.version for v in versions]}, "
          f"{checked} conversions, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
