"""The double-dummy solver as it was before issue 26 (commit 46ee08e), frozen: the
reference that ``test_solver_equivalence.py`` and ``benchmarks/solver.py --vs`` hold
the current solver to (same values, same node counts, same move order)."""
