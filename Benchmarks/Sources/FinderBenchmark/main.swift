print("FinderBenchmark: not written yet")
