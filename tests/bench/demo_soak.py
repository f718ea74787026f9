#!/usr/bin/env python3
"""Runs embedded demo scenarios side by side and measures them against their design (docs/demo.md).

Each scenario runs as `driftscope-cli demo-cluster --json` (its own process, its own mock
clusters) with a `driftscope-cli record` of it: the recorder reads the demo clusters through
librdkafka exactly as it reads any cluster. Meanwhile the demo's threads' CPU is sampled from
/proc/PID/task/*/stat. Afterwards the capture is exported (`driftscope-cli export`) and the
figures are taken from what the reader saw and from the demo's own status lines:

  cpu        CPU seconds of the demo process per minute, and of its two mock-broker threads
             (rdk:mock, source and target)
  lag        the demo's MM2 lag (the age of its oldest source record not yet mirrored)
  ckpt age   the largest age of a keeping-up group's checkpoint while the group's committed
             offset had moved past it (the report's "checkpoint stale" measure); not on filtered
             topics under releases up to 3.4.0, which emit none while the latest sync is ahead
             of the committed offset
  sync jump  the largest step of the upstream offset between consecutive syncs of a partition

With --check it exits 1 unless every scenario met its design:
  - CPU of the last minute <= 1.5 x the first minute's + 2 s (growth, not speed, is bounded)
  - the demo kept up (every status line after the first 30 s, and its largest lag, within
    the scenario's limit)
  - the largest checkpoint age within commit interval + 2 emit intervals + the time the topic
    takes to write offset.lag.max + 1 records + a produce interval + 5 s
  - every sync jump within (2 (offset.lag.max + 1) + the records of the lag limit) / (1 - filtered
    share)
  - exact: every sync of a partition without filtered records has upstream == downstream, and of
    a filtered partition downstream == upstream - floor(upstream * share) (the demo filters
    records evenly): no record was skipped, lost or duplicated by the demo's MM2
  - the reader saw offset syncs and checkpoints at all

Usage: demo_soak.py --cli build/app/driftscope-cli [--seconds 180] [--scenarios steady,busy]
                    [--out DIR] [--at 1,10,60] [--check]
"""
import argparse
import array
import bisect
import json
import math
import os
import subprocess
import sys
import tempfile
import threading
import time

TICK = os.sysconf("SC_CLK_TCK")


def thread_cpu(pid):
    """{tid: (name, seconds)} of a process's threads, or None once it is gone."""
    out = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return None
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        out[int(tid)] = (name, (int(fields[11]) + int(fields[12])) / TICK)
    return out


class Run:
    def __init__(self, cli, scenario, seconds, out, sample_interval=5):
        self.cli, self.scenario, self.seconds, self.out = cli, scenario, seconds, out
        self.sample_interval = sample_interval
        self.cpu = []  # (elapsed s, {tid: (name, s)})
        self.status = []
        self.failure = None

    def start(self):
        # The files of an earlier run of this scenario here (record never overwrites a capture).
        for name in os.listdir(self.out):
            if name.startswith(self.scenario + "."):
                os.remove(os.path.join(self.out, name))
        self.demo_out = open(os.path.join(self.out, f"{self.scenario}.demo.jsonl"), "w+")
        self.demo = subprocess.Popen(
            [self.cli, "demo-cluster", "--json", "--scenario", self.scenario, "--status-interval", "5",
             "--duration", str(self.seconds + 5)],
            stdout=self.demo_out, stderr=open(os.path.join(self.out, f"{self.scenario}.demo.err"), "w"))
        self.started = time.monotonic()
        deadline = self.started + 60
        while True:
            self.demo_out.seek(0)
            line = self.demo_out.readline()
            if line.endswith("\n"):
                break
            if self.demo.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"{self.scenario}: demo-cluster did not start")
            time.sleep(0.1)
        self.info = json.loads(line)
        self.capture = os.path.join(self.out, f"{self.scenario}.capture")
        self.recorder = subprocess.Popen(
            [self.cli, "record", "--out", self.capture, "--duration", str(self.seconds),
             "--mm2-version", self.info["mm2_release"],
             "--source-bootstrap", self.info["source"]["bootstrap"],
             "--target-bootstrap", self.info["target"]["bootstrap"], "--sample-interval", str(self.sample_interval)],
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.out, f"{self.scenario}.record.err"), "w"))
        self.sampler = threading.Thread(target=self.sample, daemon=True)
        self.sampler.start()

    def sample(self):
        while True:
            threads = thread_cpu(self.demo.pid)
            if threads is None or self.demo.poll() is not None:
                return
            self.cpu.append((time.monotonic() - self.started, threads))
            time.sleep(5)

    def finish(self):
        self.recorder.wait()
        self.demo.wait()
        self.sampler.join()
        self.demo_out.seek(0)
        lines = self.demo_out.read().splitlines()
        self.status = [json.loads(l) for l in lines[1:] if l.startswith("{")]
        jsonl = self.capture + ".jsonl"
        subprocess.run([self.cli, "export", self.capture, "--out", jsonl], check=True)
        self.reading = Reading(self, jsonl)
        os.remove(jsonl)  # the capture stays; the export is large


def cpu_per_minute(run):
    """[(total, source mock, target mock)] CPU seconds of each whole minute since the start."""
    if not run.cpu:
        return []
    # The two mock-broker threads, source first (it is created first, so its id is lower).
    mocks = sorted(tid for tid, (name, _) in run.cpu[-1][1].items() if name == "rdk:mock")

    def series(value):
        return [(elapsed, value(threads)) for elapsed, threads in run.cpu]

    def at(points, t):
        # Linear between the samples around t; CPU time is 0 at the start.
        before = (0.0, 0.0)
        for elapsed, v in points:
            if elapsed >= t:
                if elapsed == before[0]:
                    return v
                return before[1] + (v - before[1]) * (t - before[0]) / (elapsed - before[0])
            before = (elapsed, v)
        return None

    columns = [series(lambda th: sum(v for _, v in th.values()))]
    for i in range(2):
        tid = mocks[i] if i < len(mocks) else None
        columns.append(series(lambda th, tid=tid: th.get(tid, ("", 0.0))[1]))
    out = []
    minute = 1
    while True:
        ends = [at(c, 60 * minute) for c in columns]
        if ends[0] is None:
            return out
        starts = [at(c, 60 * (minute - 1)) for c in columns]
        out.append(tuple(e - b for b, e in zip(starts, ends)))
        minute += 1


def design(run):
    d = run.info["design"]
    topics = {t["name"]: t for t in d["topics"]}
    return d, topics


class Reading:
    """What the reader saw, taken from the exported capture in one pass and kept compact (the
    load scenario's hour is tens of millions of lines)."""

    def __init__(self, run, jsonl):
        d, topics = design(run)
        alias = run.info["source"]["alias"]
        keeps_up = {g["name"] for g in d["groups"] if g["habit"] == "keeps-up"}
        # Releases up to 3.4.0 translate from the latest sync only and emit nothing for a group
        # whose committed offset is behind it: on a filtered topic (a sync at every gap) that is
        # most rounds, as MM2 does (docs/demo.md), so those checkpoints have no age to check.
        release = tuple(int(x) for x in run.info["mm2_release"].split("."))
        unbounded = {name for name, t in topics.items()
                     if release < (3, 4, 1) and float(t["filtered_share"]) > 0}
        self.start_ms = None
        self.kinds = set()
        self.jumps = []    # (sync timestamp ms, topic, upstream step)
        self.inexact = []  # syncs off the exact upstream -> downstream mapping
        checkpoints = {}   # (group, source topic, partition) -> (timestamps, upstreams)
        samples = {}       # (group, topic, partition) -> (sampled at, committed)
        last = {}
        shares = {name: float(t["filtered_share"]) for name, t in topics.items()}
        with open(jsonl) as f:
            for line in f:
                if line.startswith('{"kind":"log-offsets"') or line.startswith('{"kind":"heartbeat"'):
                    self.kinds.add(line[9:line.index('"', 9)])
                    continue
                r = json.loads(line)
                kind = r.get("kind")
                self.kinds.add(kind)
                if kind == "offset-sync":
                    topic, u, dn = r["topic"], r["upstream"], r["downstream"]
                    share = shares.get(topic, 0.0)
                    if dn != (u - math.floor(u * share) if share > 0 else u):
                        self.inexact.append(r)
                    key = (topic, r["partition"])
                    if key in last:
                        self.jumps.append((r["timestamp_ms"], topic, u - last[key]))
                    last[key] = u
                elif kind == "checkpoint" and r["group"] in keeps_up:
                    t = r["topic"]
                    source_topic = t[len(alias) + 1:] if t.startswith(alias + ".") else t
                    if source_topic in unbounded:
                        continue
                    series = checkpoints.setdefault((r["group"], source_topic, r["partition"]),
                                                    (array.array("q"), array.array("q")))
                    series[0].append(r["timestamp_ms"])
                    series[1].append(r["upstream"])
                elif kind == "group-offset" and r["side"] == "source" and r["group"] in keeps_up:
                    if r["topic"] in unbounded:
                        continue
                    series = samples.setdefault((r["group"], r["topic"], r["partition"]),
                                                (array.array("q"), array.array("q")))
                    series[0].append(r["sampled_at_ms"])
                    series[1].append(r["offset"])
                elif kind == "event" and self.start_ms is None:
                    self.start_ms = r["at_ms"]
        # The largest age of the checkpoint in force at each sample where the group's committed
        # offset had moved past it: (sample time ms, group, topic, age ms).
        self.ages = []
        for key, (times, offsets) in samples.items():
            series = checkpoints.get(key)
            if not series:
                continue
            order = sorted(range(len(series[0])), key=lambda i: series[0][i])
            ts = [series[0][i] for i in order]
            ups = [series[1][i] for i in order]
            for t, committed in zip(times, offsets):
                i = bisect.bisect_right(ts, t) - 1
                if i >= 0 and ups[i] != committed:
                    self.ages.append((t, key[0], key[1], t - ts[i]))


def figures(run, at_minutes):
    cpu = cpu_per_minute(run)
    seen = run.reading
    jumps, inexact, ages = seen.jumps, seen.inexact, seen.ages
    t0 = seen.start_ms or 0
    rows = []
    for m in at_minutes:
        if m > len(cpu):
            continue
        end = t0 + 60_000 * m
        total, src, tgt = cpu[m - 1]
        lag = [s for s in run.status if s["elapsed_ms"] <= 60_000 * m]
        lag_now = lag[-1]["mirror_lag_ms"] if lag else None
        lag_max = lag[-1]["mirror_lag_max_ms"] if lag else None
        age = max((a for t, _, _, a in ages if t <= end), default=0)
        jump = max((j for t, _, j in jumps if t <= end), default=0)
        rows.append((m, total, src, tgt, lag_now, lag_max, age, jump))
    return cpu, jumps, inexact, ages, rows


def check(run, cpu, jumps, inexact, ages):
    d, topics = design(run)
    failures = []
    if len(cpu) >= 2:
        first, last = cpu[0][0], cpu[-1][0]
        if last > 1.5 * first + 2:
            failures.append(f"CPU grew: {last:.1f} s in the last minute against {first:.1f} s in the first")
    else:
        failures.append("fewer than two whole minutes of CPU samples")
    limit = d["mirror_lag_limit_ms"]
    late = [s for s in run.status if s["elapsed_ms"] > 30_000]
    if not late:
        failures.append("no status lines from the demo")
    for s in late:
        if not s["keeping_up"] or s["mirror_lag_ms"] > limit:
            failures.append(f"at {s['elapsed_ms'] / 1000:.0f} s: {s['status']}")
            break
    groups = {g["name"]: g for g in d["groups"]}
    for t, group, topic, age in ages:
        # A checkpoint moves when a newer sync lies below the committed offset: syncs come at
        # least every offset.lag.max + 1 records (delayed syncs at each flush come sooner, when
        # the ten permits allow).
        rate = float(topics[topic]["records_per_second"])
        bound = (groups[group]["commit_interval_ms"] + 2 * d["emit_checkpoints_interval_ms"] +
                 1000 * (d["offset_lag_max"] + 1) / rate + d["produce_interval_ms"] + 5000)
        if age > bound:
            failures.append(f"checkpoint of {group} {age / 1000:.1f} s old, design up to {bound / 1000:.0f} s")
            break
    for t, topic, jump in jumps:
        # A triggered sync waiting for one of the task's ten permits is overwritten by the next
        # trigger (two trigger intervals apart), and an engine up to its lag limit behind gets
        # that many records acknowledged at once; beyond that the demo says it cannot keep up.
        spec = topics[topic]
        rate = float(spec["records_per_second"])
        bound = (2 * (d["offset_lag_max"] + 1) + rate * limit / 1000) / (1 - float(spec["filtered_share"]))
        if jump > bound or jump < 0:
            failures.append(f"sync of {topic} jumped {jump} upstream offsets, design up to {bound:.0f}")
            break
    if inexact:
        r = inexact[0]
        failures.append(f"{len(inexact)} syncs off the exact mapping, first {r['topic']}-{r['partition']} "
                        f"{r['upstream']} -> {r['downstream']}")
    for kind in ("offset-sync", "checkpoint"):
        if kind not in run.reading.kinds:
            failures.append(f"the reader saw no {kind} records")
    return failures


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--cli", required=True)
    p.add_argument("--seconds", type=int, default=180)
    p.add_argument("--scenarios", default="steady,legacy,busy,load")
    p.add_argument("--out")
    p.add_argument("--at", default="1,10,60")
    p.add_argument("--check", action="store_true")
    p.add_argument("--sample-interval", type=int, default=5,
                   help="seconds between the recorder's samples of committed and log offsets")
    a = p.parse_args()
    out = a.out or tempfile.mkdtemp(prefix="demo-soak-")
    os.makedirs(out, exist_ok=True)
    runs = [Run(a.cli, s, a.seconds, out, a.sample_interval) for s in a.scenarios.split(",")]
    for r in runs:
        r.start()
    print(f"running {', '.join(r.scenario for r in runs)} for {a.seconds} s; files in {out}", flush=True)
    for r in runs:
        r.finish()
    at = [int(m) for m in a.at.split(",")]
    failed = False
    for r in runs:
        cpu, jumps, inexact, ages, rows = figures(r, at + [len(cpu_per_minute(r))])
        print(f"\n{r.scenario}: MM2 {r.info['mm2_release']}, lag limit "
              f"{r.info['design']['mirror_lag_limit_ms'] / 1000:.0f} s")
        print("  minute  cpu s/min  mock src  mock tgt  lag s  lag max s  ckpt age max s  sync jump max")
        seen = set()
        for m, total, src, tgt, lag, lag_max, age, jump in rows:
            if m in seen:
                continue
            seen.add(m)
            fmt = lambda v: "-" if v is None else f"{v / 1000:.1f}"
            print(f"  {m:6d}  {total:9.1f}  {src:8.1f}  {tgt:8.1f}  {fmt(lag):>5}  {fmt(lag_max):>9}  "
                  f"{age / 1000:14.1f}  {jump:13d}")
        print("  cpu per minute: " + " ".join(f"{c[0]:.1f}" for c in cpu))
        if a.check:
            failures = check(r, cpu, jumps, inexact, ages)
            for f in failures:
                print(f"  FAIL {r.scenario}: {f}")
            failed |= bool(failures)
            if not failures:
                print(f"  {r.scenario} meets its design")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
