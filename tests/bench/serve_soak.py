#!/usr/bin/env python3
"""Runs `driftscope-cli serve` against a demo scenario for a long time and measures it.

A demo (`driftscope-cli demo-cluster --json --scenario S`) and a watcher of it (`serve --refresh R`)
run as child processes; /metrics is scraped every --scrape seconds as Prometheus would. Every
minute one line is printed (and appended to --out as JSON Lines):

  minute     minutes since serve started
  rss_mib    serve's resident memory (VmRSS of /proc/PID/status)
  cpu_s      serve's CPU seconds in that minute (utime + stime)
  scrape_ms  p50 and p99 of the scrapes of that minute (wall time of the whole HTTP exchange)
  series     samples in the last scrape
  records    driftscope_records_read_total of the offset-syncs topic in the last scrape

It measures; it asserts nothing (a soak's figures go into docs/watch.md and the issue's note).

Usage: serve_soak.py --cli build/app/driftscope-cli [--scenario busy] [--minutes 120]
                     [--scrape 5] [--refresh 5] [--sync-history MINUTES] [--out FILE]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time
import urllib.request

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def percentile(values, p):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--scenario", default="busy")
    parser.add_argument("--minutes", type=float, default=120)
    parser.add_argument("--scrape", type=float, default=5)
    parser.add_argument("--refresh", type=int, default=5)
    parser.add_argument("--sync-history", type=int, help="serve's --sync-history (minutes)")
    parser.add_argument("--out")
    args = parser.parse_args()

    demo = subprocess.Popen([args.cli, "demo-cluster", "--json", "--scenario", args.scenario],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    info = json.loads(demo.stdout.readline())
    serve = subprocess.Popen([args.cli, "serve", "--listen", "127.0.0.1:0", "--refresh", str(args.refresh),
                              "--source-bootstrap", info["source"]["bootstrap"],
                              "--target-bootstrap", info["target"]["bootstrap"]]
                             + (["--sync-history", str(args.sync_history)] if args.sync_history else []),
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    match = re.search(r"serving (http://\S+)/metrics", serve.stderr.readline())
    base = match.group(1)
    out = open(args.out, "a") if args.out else None
    start = time.monotonic()
    minute, cpu_before, latencies = 0, cpu_seconds(serve.pid), []
    series, records = 0, None
    try:
        while time.monotonic() - start < args.minutes * 60:
            t0 = time.monotonic()
            with urllib.request.urlopen(base + "/metrics", timeout=30) as reply:
                body = reply.read().decode()
            latencies.append((time.monotonic() - t0) * 1000)
            series = sum(1 for line in body.splitlines() if line and not line.startswith("#"))
            m = re.search(r'driftscope_records_read_total\{flow="[^"]*",topic="[^"]*offset-syncs[^"]*"\} (\S+)', body)
            records = float(m.group(1)) if m else None
            if time.monotonic() - start >= (minute + 1) * 60:
                minute += 1
                cpu_now = cpu_seconds(serve.pid)
                row = {"minute": minute, "rss_mib": round(rss_mib(serve.pid), 1),
                       "cpu_s": round(cpu_now - cpu_before, 2),
                       "scrape_ms_p50": round(percentile(latencies, 50), 2),
                       "scrape_ms_p99": round(percentile(latencies, 99), 2),
                       "series": series, "records": records}
                cpu_before, latencies = cpu_now, []
                print(json.dumps(row), flush=True)
                if out:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
            time.sleep(max(0.0, args.scrape - (time.monotonic() - t0)))
    finally:
        serve.terminate()
        demo.terminate()
        serve.wait(30)
        demo.wait(30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
