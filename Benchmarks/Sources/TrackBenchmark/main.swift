print("TrackBenchmark: not written yet")
