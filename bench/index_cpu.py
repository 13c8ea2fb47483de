#!/usr/bin/env python3
"""bench/index_cpu.py RUNS CMD... -- the CPU time (user + sys) of CMD,
the median of RUNS runs, in milliseconds, from getrusage of the
children (the kernel's count of the time each ran, not the wall clock:
the machine may be busy). The whole process is counted: its start, the
index opened, the query and its output."""
import resource
import statistics
import subprocess
import sys

runs, cmd = int(sys.argv[1]), sys.argv[2:]
times = []
for _ in range(runs):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode > 1:
        sys.exit(f"{' '.join(cmd)}: exit {p.returncode}: {p.stderr.decode()}")
    times.append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
print(f"{statistics.median(times):.1f}")
