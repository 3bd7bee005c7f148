print("HTTPBenchmark: not written yet")
