print("GeoBenchmark: not written yet")
