// Placeholder: the benchmark executable is being written.
print("XMLBindBenchmarks: not written yet")
