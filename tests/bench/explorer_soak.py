#!/usr/bin/env python3
"""Measures the explorer on a growing live session: the analysis worker's CPU per minute and the
window's resident memory, at chosen minutes, for one or more `driftscope` binaries side by side.

Each binary gets demo clusters of its own (`driftscope-cli demo-cluster`, a separate process, so
the demo's cost is not counted) and is started under xvfb-run on them with `--mm2-config`, as
File > Connect does. Every --sample-interval seconds the window's threads are read from
/proc/PID/task/*/stat:

  worker   CPU seconds per minute of the explorer's model: the thread `driftscope-analys`
           (AnalysisService's worker) and `driftscope-seri`, where the model computes a release's
           series (binaries before that thread started one per answer, counted in `process` only)
  process  CPU seconds per minute of the whole window (GUI thread, reader, worker, series)
  rss      resident memory of the window, from /proc/PID/status (VmRSS)

Minute 1 is measured from the first sample (a few seconds after the window started).

Usage: explorer_soak.py --binary NAME=PATH [--binary NAME=PATH ...] --cli build/app/driftscope-cli
                        [--scenario busy] [--seconds 3600] [--at 1,10,60] [--out DIR]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

from demo_soak import TICK, thread_cpu  # the same /proc reading


def threads(pid):
    """{name: seconds} summed per thread name, and the process total (live and ended threads)."""
    per_tid = thread_cpu(pid)
    if per_tid is None:
        return None, None
    per_name = {}
    for name, seconds in per_tid.values():
        per_name[name] = per_name.get(name, 0.0) + seconds
    try:
        with open(f"/proc/{pid}/stat") as f:
            stat = f.read()
        fields = stat[stat.rindex(")") + 2:].split()
        total = (int(fields[11]) + int(fields[12])) / TICK
    except OSError:
        return None, None
    return per_name, total


def rss_mib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


class Window:
    def __init__(self, name, binary, cli, scenario, out):
        self.name, self.binary, self.cli, self.scenario, self.out = name, binary, cli, scenario, out
        self.samples = []  # (elapsed s, worker s, process s, rss MiB)

    def start(self):
        self.demo_log = open(os.path.join(self.out, f"{self.name}.demo.txt"), "w")
        self.demo = subprocess.Popen([self.cli, "demo-cluster", "--scenario", self.scenario],
                                     stdout=subprocess.PIPE, stderr=self.demo_log, text=True)
        source = target = None
        for line in self.demo.stdout:
            self.demo_log.write(line)
            if line.startswith("source "):
                source = line.split()[-1]
            elif line.startswith("target "):
                target = line.split()[-1]
            elif line.startswith("try:"):
                break
        if not source or not target:
            raise SystemExit(f"{self.name}: the demo clusters did not start")
        # The demo's status lines go on; a thread-free way to keep its pipe drained.
        subprocess.Popen(["cat"], stdin=self.demo.stdout, stdout=self.demo_log)
        config = os.path.join(self.out, f"{self.name}.mm2.properties")
        with open(config, "w") as f:
            f.write("clusters = A, B\n"
                    f"A.bootstrap.servers = {source}\n"
                    f"B.bootstrap.servers = {target}\n"
                    "A->B.enabled = true\n"
                    "emit.checkpoints.interval.seconds = 10\n")
        self.window_log = open(os.path.join(self.out, f"{self.name}.window.txt"), "w")
        self.xvfb = subprocess.Popen(["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24", self.binary,
                                      "--mm2-config", config], stdout=self.window_log,
                                     stderr=subprocess.STDOUT)
        self.pid = None
        deadline = time.time() + 30
        while time.time() < deadline and self.pid is None:
            time.sleep(0.5)
            out = subprocess.run(["pgrep", "-f", "-n", f"^{re.escape(self.binary)} --mm2-config {re.escape(config)}"],
                                 capture_output=True, text=True).stdout.split()
            self.pid = int(out[0]) if out else None
        if self.pid is None:
            raise SystemExit(f"{self.name}: the window did not start")
        self.started = time.time()

    def sample(self):
        per_name, total = threads(self.pid)
        if per_name is None:
            return False
        worker = sum(s for n, s in per_name.items() if n.startswith(("driftscope-anal", "driftscope-seri")))
        self.samples.append((time.time() - self.started, worker, total, rss_mib(self.pid)))
        return True

    def stop(self):
        # The window first, and xvfb-run left to end by itself, which stops its X server:
        # terminating xvfb-run (a shell script) left both running.
        try:
            os.kill(self.pid, 15)
        except (OSError, TypeError):
            pass
        try:
            self.xvfb.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.xvfb.terminate()
        self.demo.terminate()
        for p in (self.xvfb, self.demo):
            try:
                p.wait(timeout=20)
            except subprocess.TimeoutExpired:
                p.kill()

    def minute(self, m):
        """CPU seconds of worker and process in minute m (from m-1 to m), and RSS at m."""
        def at(t):
            best = None
            for s in self.samples:
                if s[0] <= t + 1:
                    best = s
            return best
        end, begin = at(m * 60), at((m - 1) * 60)
        if begin is None and self.samples:
            begin = self.samples[0]
        if end is None or begin is None or end[0] < m * 60 - 15 or end is begin:
            return None
        span = (end[0] - begin[0]) / 60 or 1
        return ((end[1] - begin[1]) / span, (end[2] - begin[2]) / span, end[3])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", action="append", required=True, help="NAME=PATH of a driftscope window")
    parser.add_argument("--cli", required=True)
    parser.add_argument("--scenario", default="busy")
    parser.add_argument("--seconds", type=int, default=3600)
    parser.add_argument("--at", default="1,10,60")
    parser.add_argument("--sample-interval", type=int, default=10)
    parser.add_argument("--out", default=None)
    args = parser.parse_args()
    out = args.out or tempfile.mkdtemp(prefix="explorer-soak-")
    os.makedirs(out, exist_ok=True)
    windows = [Window(*b.split("=", 1), args.cli, args.scenario, out) for b in args.binary]
    minutes = [int(m) for m in args.at.split(",")]
    try:
        for w in windows:
            w.start()
        printed = set()
        end = time.time() + args.seconds
        while time.time() < end:
            time.sleep(args.sample_interval)
            for w in windows:
                if not w.sample():
                    print(f"{w.name}: the window ended early (see {out})", file=sys.stderr)
                    return 1
            for m in minutes:
                if m in printed:
                    continue
                rows = [(w, w.minute(m)) for w in windows]
                if all(r is not None for _, r in rows):
                    printed.add(m)
                    for w, (worker, process, rss) in rows:
                        print(f"minute {m:3d}  {w.name:8s} worker {worker:6.2f} s/min  process {process:6.2f} s/min"
                              f"  rss {rss:7.1f} MiB", flush=True)
    finally:
        for w in windows:
            w.stop()
    print(f"logs and samples in {out}")
    with open(os.path.join(out, "samples.tsv"), "w") as f:
        f.write("window\telapsed_s\tworker_cpu_s\tprocess_cpu_s\trss_mib\n")
        for w in windows:
            for s in w.samples:
                f.write(f"{w.name}\t{s[0]:.0f}\t{s[1]:.2f}\t{s[2]:.2f}\t{s[3]}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
