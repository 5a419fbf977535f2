#!/usr/bin/env python3
"""rover's benchmark: rover next to public tools on the same loads, on 127.0.0.1, in one run.

    bench/bench.py                      # every row (see ROWS at the end), full size
    bench/bench.py --rows small,large   # some rows
    bench/bench.py --quick              # small N, 2 runs: for development, not for results
    ROVER=/path/to/rover ROVER_STATIC=/path/to/static/rover bench/bench.py   # skip the two builds

Why it is shaped like this: each row is one function that sets up its load and names its contenders; `compare`
runs the contenders interleaved (A B A B …, rotating who goes first), verifies every run and keeps whole-process
figures (wall around the process, user+sys CPU from wait4, peak RSS from GNU time), never a timer inside a tool.
Rows return verdicts; the report turns them into one Markdown table (stdout and bench/results.md). The machinery
(measuring, servers, files, the interleaved runner, the report) is in harness.py; adding a row means one function
here and one entry in ROWS.

Exit status: 0 every run completed and every target passed, 1 a target failed (or rover failed a load), 2 the
benchmark itself could not run. Progress goes to stderr.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import traceback
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from harness import (BENCH_DIR, BUILDS, REPO_DIR, Bench, BenchError, Job, PhotoList, Result, Row, Verdict,
                     check_download, check_json_array, check_lines, check_metadata_download, detail_table,
                     ensure_tools, failed_verdict, log, merged_protocols, protocol_text, ratio_verdict, loadavg, report,
                     rover_binaries, traffic_table)

JOBS = 16  # concurrency for every download tool
RSS_LIMIT_MB = 60.0  # peak RSS target for every download row
ENGINES = ("curl", "urlsession")  # rover's HTTP engines (ROVER_HTTP_ENGINE); curl is the default and is judged
UNBOUNDED = "reported, not bounded"  # the target cell of a figure shown with no pass/fail
# Why rover-urlsession has no HTTPS figures on Linux (urlsession_https_problem probes it each run).
# Why rover-urlsession may have no HTTPS figures (urlsession_https_problem probes it each run).
URLSESSION_NO_CA = "URLSession on Linux trusts only the system's CA bundle"
URLSESSION_NO_CA_LONG = ("swift-corelibs-foundation gives libcurl the first system bundle it finds (EasyHandle.swift) "
                         "and reads URLSessionCertificateAuthorityInfoFile only on Android; rover refuses any other CA "
                         "file on this engine (exit 64). The harness shows it the test CA by mounting the bundle over "
                         "the system's in a mount namespace of the run's own (`unshare --mount`, root only)")
# Where FoundationNetworking on Linux looks for the CA bundle it hands libcurl: the first that exists (as rover's
# ConnectionSettings.urlSessionBundles).
URLSESSION_BUNDLES = ("/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt",
                      "/usr/share/ssl/certs/ca-bundle.crt", "/usr/local/share/certs/ca-root-nss.crt",
                      "/etc/ssl/cert.pem")
# 22 real Perseverance feed records (see the README beside it): the metadata row's photos are made from them.
M2020_RECORDS = REPO_DIR / "Tests" / "RoverCoreTests" / "Fixtures" / "frames" / "m2020-records.json"
KB = 1024
MB = 1024 * 1024


class RoverFailed(Exception):
    """rover failed a setup step of a row: the row reports it as failed targets."""


# ---------------------------------------------------------------------------------------------------------------
# Sizes. Quick mode keeps every row's shape but small N, so a development run takes a minute or two.

@dataclass(frozen=True)
class Scale:
    runs: int
    warmup: int
    latency: int  # 48 KB files behind 50 ms
    small: int  # 48 KB files
    medium: int  # 20 KB files
    tiny: int  # 1 KB files
    large: int  # 5 MB files
    few: int  # the "100 photos" side of the memory rows
    many: int  # the "60 000 photos" side, and the JSON rows
    rerun: int  # present files for the re-run row
    listing: int  # photos on the paged service


FULL = Scale(runs=3, warmup=1, latency=1000, small=1000, medium=10_000, tiny=60_000, large=50, few=100,
             many=60_000, rerun=10_000, listing=856)
QUICK = Scale(runs=2, warmup=0, latency=200, small=200, medium=1000, tiny=2000, large=10, few=100, many=2000,
              rerun=1000, listing=856)


# ---------------------------------------------------------------------------------------------------------------
# Contenders: how each tool downloads a PhotoList into a fresh directory.

def rover_stdin(b: Bench, photos: PhotoList, form: str, out: Path, expect_stderr: str | None = None,
                binary: Path | None = None) -> Job:
    """rover fetch-image - -o OUT -j 16, the photos on stdin as JSON Lines ("jsonl") or one array ("array");
    `binary` is one of the builds (default: the first asked for)."""
    return Job([str(binary or b.rover), "fetch-image", "-", "-o", str(out), "-j", str(JOBS)],
               stdin=photos.jsonl if form == "jsonl" else photos.array,
               check=lambda: check_download(out, photos.count, photos.size), evict=out, expect_stderr=expect_stderr)


def download_contenders(b: Bench, photos: PhotoList, urlsession: bool = True) -> dict[str, Callable[[str], Job]]:
    """rover on each build asked for (`--builds`: "rover", "rover-static") on its default curl engine, the runs the
    targets judge; "rover-urlsession", the plain build with ROVER_HTTP_ENGINE=urlsession (`--engines`; not when
    `urlsession` is False); then the peers asked for. Over HTTPS every one trusts the same CA bundle (the system's
    + the test CA), each the way its users would give it one; no one is told to skip verification. Every run's
    requests are read back from the server's log (connections, protocol)."""
    https = photos.base_url.startswith("https:")
    bundle = str(b.ca_bundle)

    def watched(job: Job) -> Job:
        job.watch = b.watch(photos.base_url, photos.count)
        return job

    def rover(binary: Path) -> Callable[[str], Job]:
        def job(label: str) -> Job:
            run = rover_stdin(b, photos, "jsonl", b.new_dir(label), binary=binary)
            run.env = {"CURL_CA_BUNDLE": bundle} if https else None  # as curl's own variable: rover honours it
            return watched(run)
        return job

    def rover_urlsession(label: str) -> Job:
        job = rover_stdin(b, photos, "jsonl", b.new_dir(label), binary=b.rovers["rover"])
        job.env = {"ROVER_HTTP_ENGINE": "urlsession"}
        if https:  # the bundle where URLSession reads the system's, for this run alone (urlsession_https_problem)
            job.argv = system_bundle_is(bundle, job.argv)
        return watched(job)

    def curl(label: str) -> Job:
        out = b.new_dir(label)
        config = out.parent / f"{out.name}.curl"  # beside the directory, so the directory holds only images
        config.write_text(photos.curl_template.read_text().replace("@OUT@", str(out)))
        # curl picks HTTP/2 over TLS where the server offers it (ALPN), HTTP/1.1 elsewhere.
        return watched(Job(["curl", "--parallel", "--parallel-max", str(JOBS), "-s",
                            *(["--cacert", bundle] if https else []), "-K", str(config)],
                           check=lambda: check_download(out, photos.count, photos.size, photos.names), evict=out))

    def aria2c(label: str) -> Job:
        out = b.new_dir(label)
        # aria2c speaks HTTP/1.1 only: on the HTTP/2 port it negotiates HTTP/1.1.
        return watched(Job(["aria2c", "-j", str(JOBS), "-x", "1", "-i", str(photos.aria2), "--dir", str(out),
                            *([f"--ca-certificate={bundle}"] if https else []),
                            "--console-log-level=error", "--summary-interval=0", "--allow-overwrite=true",
                            "--auto-file-renaming=false"],
                           check=lambda: check_download(out, photos.count, photos.size, photos.names), evict=out))

    contenders: dict[str, Callable[[str], Job]] = {}
    if "curl" in b.engines:
        contenders |= {name: rover(binary) for name, binary in b.rovers.items()}
    if "urlsession" in b.engines and "rover" in b.rovers and urlsession:
        contenders["rover-urlsession"] = rover_urlsession
    contenders |= {name: job for name, job in {"curl": curl, "aria2c": aria2c}.items() if name in b.peers}
    return contenders


def system_bundle_is(bundle: str, argv: list[str]) -> list[str]:
    """argv run in a mount namespace of its own where `bundle` is mounted over the system CA bundle that
    URLSession reads: the one way to show URLSession on Linux a test CA without touching the machine's trust store.
    The mount and the two small processes around the run cost ~2 ms of its CPU (URLSession spends ~600 ms a
    thousand images). Root only; urlsession_https_problem says when it cannot be done."""
    system = next((path for path in URLSESSION_BUNDLES if os.path.exists(path)), URLSESSION_BUNDLES[0])
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c",
            'mount --bind "$0" "$1" && shift && exec "$@"', bundle, system, *argv]


def urlsession_https_problem(b: Bench, photos: PhotoList) -> str | None:
    """Why rover's URLSession engine cannot be measured over HTTPS here, or None when it can: a one-photo run with
    the test CA mounted over the system's bundle (system_bundle_is) must download it. Asked once a benchmark.

    swift-corelibs-foundation on Linux hands libcurl the first system bundle it finds and reads no variable for
    another (URLSessionCertificateAuthorityInfoFile only on Android), and rover refuses any other CA file on that
    engine (exit 64); mounting needs root and a kernel that allows mount namespaces."""
    if "urlsession-https" in b.probes:  # the same trust on both TLS ports: asked once
        return b.probes["urlsession-https"]
    one = b.work / "lists" / "urlsession-probe.jsonl"
    with open(photos.jsonl, "rb") as f:
        one.write_bytes(f.readline())
    out = b.new_dir("urlsession-https-probe")
    argv = [str(b.rovers["rover"]), "fetch-image", "-", "-o", str(out)]
    job = Job(system_bundle_is(str(b.ca_bundle), argv), stdin=one, env={"ROVER_HTTP_ENGINE": "urlsession"},
              check=lambda: check_download(out, 1, photos.size))
    if os.geteuid() != 0:
        problem, stderr = "not root", ""
    else:
        _, problem = b.run("rover-urlsession-https-probe", job)
        stderr = b.last_stderr
    if problem:
        log(f"rover-urlsession over HTTPS is not measured: the one-photo probe ends with {problem}")
    b.probes["urlsession-https"], b.probes["urlsession-https-stderr"] = problem, stderr
    return problem


# ---------------------------------------------------------------------------------------------------------------
# Rows. Each sets up its load, runs `compare`, and judges rover against the targets from the issues.

def download_row(b: Bench, key: str, title: str, count: int, size: int, *, wall_limit: float | None,
                 cpu_limit: float | None = None, latency_ms: int = 0, scheme: str = "http",
                 issue: str | None = None) -> Row:
    """rover vs curl --parallel vs aria2c -j 16 on the same URLs; wall against the faster peer, CPU against curl;
    connections and protocol from the server's log. `scheme`: nginx's "http", "https" (HTTP/1.1 only) or "h2"
    (HTTP/2 offered); `issue` is cited in the targets."""
    directory = b.files(count, size)
    if latency_ms:
        base = b.python_server(f"images-{key}", "images", "--root", str(directory), delay_ms=latency_ms,
                               logged=True) + "/img"
    else:
        base = f"{b.nginx(scheme)}/{directory.name}"
    photos = b.photo_list(count, size, base)
    wants_urlsession = "urlsession" in b.engines and "rover" in b.rovers
    unmeasured = urlsession_https_problem(b, photos) if scheme != "http" and wants_urlsession else None
    results = b.compare(title, download_contenders(b, photos, urlsession=unmeasured is None))
    row = Row(title, details=[*detail_table(results, count, "ms"), "", "Requests as the server logged them "
                              "(timed runs; aria2c speaks HTTP/1.1 only):", "", *traffic_table(results)])
    peers = {n: r for n, r in results.items() if not n.startswith("rover")}
    for name in b.rovers:
        if name in results:
            row.verdicts += curl_engine_verdicts(title, name, results[name], peers, count, wall_limit, cpu_limit,
                                                 issue)
            row.verdicts += traffic_verdicts(title, name, results[name], peers, count, http2=scheme == "h2")
    if "rover-urlsession" in results:
        row.verdicts += urlsession_verdicts(title, results, peers, count)
    elif unmeasured:
        row.verdicts.append(Verdict(title, "URLSession engine", f"not measured: {URLSESSION_NO_CA} ({unmeasured} "
                                    "with the test CA mounted over it)", "", "", UNBOUNDED, None))
        row.details += ["", f"rover-urlsession not measured: {URLSESSION_NO_CA_LONG}. The one-photo run so set up "
                        f"ends with {unmeasured}:", "", "```", b.probes["urlsession-https-stderr"], "```"]
    return row


def measure_of(name: str, what: str) -> str:
    """The measure's name in the report: plain for "rover" (the plain build), prefixed for the other builds."""
    return what if name == "rover" else f"{name}: {what}"


def curl_engine_verdicts(title: str, name: str, rover: Result, peers: dict[str, Result], count: int,
                         wall_limit: float | None, cpu_limit: float | None, issue: str | None) -> list[Verdict]:
    """The issues' targets, for one build of rover on its default engine (libcurl): wall against the faster peer,
    CPU per image against curl, peak RSS."""
    if rover.failure:
        return [failed_verdict(title, measure_of(name, "download"), f"{name} failed: {rover.failure}")]
    verdicts = [ratio_verdict(title, measure_of(name, "wall"), rover.median("wall"),
                              {n: r.median("wall") for n, r in peers.items()}, "faster", wall_limit, "s",
                              issue=issue)]
    if cpu_limit:
        verdicts.append(ratio_verdict(title, measure_of(name, "CPU per image"), rover.median("cpu") * 1e3 / count,
                                      {n: r.median("cpu") * 1e3 / count for n, r in peers.items()}, "curl",
                                      cpu_limit, "ms", 3, issue=issue))
    rss = rover.peak_rss
    verdicts.append(Verdict(title, measure_of(name, "peak RSS"), f"{rss:.1f} MB",
                            ", ".join(f"{n} {r.peak_rss:.1f} MB" for n, r in peers.items()), "",
                            f"< {RSS_LIMIT_MB:.0f} MB", rss < RSS_LIMIT_MB))
    return verdicts


def traffic_verdicts(title: str, name: str, rover: Result, peers: dict[str, Result], count: int,
                     http2: bool) -> list[Verdict]:
    """Issue 26, from the server's log of every timed run: rover's curl engine opens at most -j connections, and
    where the server offers HTTP/2 (the h2 rows) every request goes over it."""
    if rover.failure:
        return []  # the download verdict says so already
    traffic = [s.traffic for s in rover.samples]
    if not all(traffic):
        return [Verdict(title, measure_of(name, "connections"), "not logged", "", "", f"≤ {JOBS} (26)", None)]
    logged_all = all(t.requests >= count for t in traffic)
    short = "" if logged_all else f"; the log holds {min(t.requests for t in traffic)} of {count} requests"

    def peers_text(value: Callable[[list], str]) -> str:
        return ", ".join(f"{n} {value([s.traffic for s in r.samples])}" for n, r in peers.items()
                         if r.samples and all(s.traffic for s in r.samples))

    worst = max(t.connections for t in traffic)
    verdicts = [Verdict(title, measure_of(name, "connections"),
                        f"{worst} (runs: {', '.join(str(t.connections) for t in traffic)}){short}",
                        peers_text(lambda ts: str(max(t.connections for t in ts))), "", f"≤ {JOBS} (26)",
                        worst <= JOBS if logged_all else None)]
    if http2:
        h2, total = sum(t.protocols.get("HTTP/2.0", 0) for t in traffic), sum(t.requests for t in traffic)
        verdicts.append(Verdict(title, measure_of(name, "protocol"), f"HTTP/2.0 for {h2:,} of {total:,} requests",
                                peers_text(lambda ts: protocol_text(merged_protocols(ts))), "",
                                "HTTP/2 where offered (26)", h2 == total if logged_all else None))
    return verdicts


def urlsession_verdicts(title: str, results: dict[str, Result], peers: dict[str, Result],
                        count: int) -> list[Verdict]:
    """rover over URLSession beside curl: CPU per image, wall and peak RSS with their ratios to curl's (to the first
    peer when curl is not run), and to rover's curl engine; shown, never judged (the issue: measure it, don't hide
    it)."""
    session = results["rover-urlsession"]
    measure = "URLSession engine"
    if session.failure:
        return [Verdict(title, f"{measure}: download", f"rover-urlsession failed: {session.failure}", "", "",
                        UNBOUNDED, None)]
    others = {**peers, **({"rover (curl engine)": results["rover"]}
                          if "rover" in results and not results["rover"].failure else {})}
    if not others:
        return [Verdict(title, f"{measure}: {what}", f"{value:.{digits}f} {unit}", "", "", UNBOUNDED, None)
                for what, value, unit, digits in (("CPU per image", session.median("cpu") * 1e3 / count, "ms", 3),
                                                  ("wall", session.median("wall"), "s", 2),
                                                  ("peak RSS", session.peak_rss, "MB", 1))]
    reference = "curl" if "curl" in others else next(iter(others))

    def verdict(what: str, value: Callable[[Result], float], unit: str, digits: int) -> Verdict:
        mine, theirs = value(session), {n: value(r) for n, r in others.items()}
        ratios = [f"{mine / theirs[n]:.2f}× {n}" for n in (reference, "rover (curl engine)")
                  if n in theirs and theirs[n] > 0]
        return Verdict(title, f"{measure}: {what}", f"{mine:.{digits}f} {unit}",
                       ", ".join(f"{n} {v:.{digits}f} {unit}" for n, v in theirs.items()), ", ".join(ratios),
                       UNBOUNDED, None)

    return [verdict("CPU per image", lambda r: r.median("cpu") * 1e3 / count, "ms", 3),
            verdict("wall", lambda r: r.median("wall"), "s", 2),
            verdict("peak RSS", lambda r: r.peak_rss, "MB", 1)]


def row_latency(b: Bench, scale: Scale) -> Row:
    """Does rover keep 16 requests in flight when the server, not the CPU, sets the pace?"""
    n = scale.latency
    return download_row(b, "latency", f"{n:,} × 48 KB, 50 ms per response", n, 48 * KB, wall_limit=1.05,
                        latency_ms=50)


# Issue 26's bounds for rover's default engine on small, medium and the HTTPS rows (issue 15's were 1.2× / 1.3×).
WALL_LIMIT = 1.05  # × the faster of curl and aria2c
CPU_LIMIT = 1.15  # × curl's CPU per image
# Issue 39: plain HTTP at 20 KB leaves the record's insert and the atomic file (~11% of curl's CPU an image, measured
# without Swift in bench/floor) and reading the photo's line on top of curl's work.
CPU_LIMIT_SMALL_PLAIN = 1.2


def row_https_small(b: Bench, scale: Scale) -> Row:
    """The small load over TLS, HTTP/1.1 only: handshakes, trust store and encryption on top (issue 26)."""
    n = scale.small
    return download_row(b, "https-small", f"HTTPS (HTTP/1.1): {n:,} × 48 KB", n, 48 * KB, wall_limit=WALL_LIMIT,
                        cpu_limit=CPU_LIMIT, scheme="https", issue="39")


def row_https_medium(b: Bench, scale: Scale) -> Row:
    n = scale.medium
    return download_row(b, "https-medium", f"HTTPS (HTTP/1.1): {n:,} × 20 KB", n, 20 * KB, wall_limit=WALL_LIMIT,
                        cpu_limit=CPU_LIMIT, scheme="https", issue="39")


def row_h2_small(b: Bench, scale: Scale) -> Row:
    """The small load where the server offers HTTP/2: rover must take it (issue 26); aria2c stays on HTTP/1.1."""
    n = scale.small
    return download_row(b, "h2-small", f"HTTPS (HTTP/2): {n:,} × 48 KB", n, 48 * KB, wall_limit=WALL_LIMIT,
                        cpu_limit=CPU_LIMIT, scheme="h2", issue="39")


def row_h2_medium(b: Bench, scale: Scale) -> Row:
    n = scale.medium
    return download_row(b, "h2-medium", f"HTTPS (HTTP/2): {n:,} × 20 KB", n, 20 * KB, wall_limit=WALL_LIMIT,
                        cpu_limit=CPU_LIMIT, scheme="h2", issue="39")


def row_small(b: Bench, scale: Scale) -> Row:
    """The client's CPU cost per image on raw loopback (issues 15, 26)."""
    n = scale.small
    return download_row(b, "small", f"{n:,} × 48 KB", n, 48 * KB, wall_limit=WALL_LIMIT, cpu_limit=CPU_LIMIT,
                        issue="39")


def row_medium(b: Bench, scale: Scale) -> Row:
    """More images, smaller: per-image overhead dominates (issues 15, 26)."""
    n = scale.medium
    return download_row(b, "medium", f"{n:,} × 20 KB", n, 20 * KB, wall_limit=WALL_LIMIT,
                        cpu_limit=CPU_LIMIT_SMALL_PLAIN, issue="39")


def row_tiny(b: Bench, scale: Scale) -> Row:
    """Almost no body at all: only per-request cost and memory that grows with the number of photos."""
    n = scale.tiny
    return download_row(b, "tiny", f"{n:,} × 1 KB", n, 1 * KB, wall_limit=None)


def row_large(b: Bench, scale: Scale) -> Row:
    """Large-body throughput: bodies must stream to disk, not sit in memory."""
    n = scale.large
    return download_row(b, "large", f"{n:,} × 5 MB", n, 5 * MB, wall_limit=1.1)


def row_per_byte(b: Bench, scale: Scale) -> Row:
    """Issue 39, point 3: the work rover adds per byte. The same count of images at 20 KB and at 48 KB over plain
    HTTP, rover and curl interleaved in one run: rover's extra CPU per image from the larger bodies is no more
    than curl's (each tool's fixed start-up and per-photo costs cancel in the difference)."""
    n = scale.small
    contenders: dict[str, Callable[[str], Job]] = {}
    for size in (20 * KB, 48 * KB):
        directory = b.files(n, size)
        photos = b.photo_list(n, size, f"{b.nginx('http')}/{directory.name}")
        every = download_contenders(b, photos, urlsession=False)
        contenders |= {f"{name}, {size // KB} KB": every[name] for name in ("rover", "curl") if name in every}
    title = f"per byte: {n:,} × 20 KB against {n:,} × 48 KB"
    results = b.compare(title, contenders)
    row = Row(title, details=[*detail_table(results, n, "ms")])
    failed = [name for name, result in results.items() if result.failure]
    if failed or len(results) < 4:
        row.verdicts.append(failed_verdict(title, "extra CPU per image", f"not measured ({', '.join(failed)})"))
        return row

    def slope(tool: str) -> float:  # µs of CPU an image, 48 KB less 20 KB
        return (results[f"{tool}, 48 KB"].median("cpu") - results[f"{tool}, 20 KB"].median("cpu")) * 1e6 / n

    mine, theirs = slope("rover"), slope("curl")
    row.verdicts.append(Verdict(title, "extra CPU per image for 28 KB more", f"{mine:.1f} µs", f"curl {theirs:.1f} µs",
                                f"{mine - theirs:+.1f} µs", "≤ curl's (39)", mine <= theirs))
    return row


def row_record(b: Bench, scale: Scale) -> Row:
    """Issue 39, point 4: what one photo's entry in the folder's record costs, alone. SQLite driven from C with the
    record's own table, indexes, pragmas and batches (bench/floor/record_insert.c): the three B-trees a photo
    rover keeps now against the four it kept before issue 39 (an index on the path)."""
    n = scale.medium
    title = f"the record: {n:,} inserts, batches of 1 024"
    program = b.work / "record_insert"
    if not shutil.which("cc"):
        return Row(title, [failed_verdict(title, "CPU per photo", "not measured: no C compiler (cc)")])
    build = subprocess.run(["cc", "-O2", "-o", str(program), str(BENCH_DIR / "floor" / "record_insert.c"),
                            "-lsqlite3"], capture_output=True, text=True)
    if build.returncode != 0:
        return Row(title, [failed_verdict(title, "CPU per photo",
                                          f"not measured: record_insert.c did not build ({build.stderr.strip()})")])

    def inserts(schema: str) -> Callable[[str], Job]:
        return lambda label: Job([str(program), str(b.new_dir(label) / "record.sqlite"), str(n), schema])

    results = b.compare(title, {"three B-trees (rover now)": inserts("current"),
                                "four B-trees (before 39)": inserts("path-index")})
    row = Row(title, details=[*detail_table(results, n, "µs")])
    now, before = results["three B-trees (rover now)"], results["four B-trees (before 39)"]
    if now.failure or before.failure:
        row.verdicts.append(failed_verdict(title, "CPU per photo", "record_insert failed"))
        return row
    mine, theirs = now.median("cpu") * 1e6 / n, before.median("cpu") * 1e6 / n
    row.verdicts.append(Verdict(title, "CPU per photo", f"{mine:.1f} µs", f"before: {theirs:.1f} µs",
                                f"{mine / theirs:.2f}× before", "fewer B-trees cost less (39)", mine < theirs))
    return row


def memory_verdicts(row: str, measure: str, results: dict[str, Result], few: str, many: str) -> list[Verdict]:
    """Issue 9: the many-photo run within 5 MB of the few-photo one, and at most 45 MB."""
    if any(r.failure for r in results.values()):
        why = "; ".join(f"{n}: {r.failure}" for n, r in results.items() if r.failure)
        return [failed_verdict(row, measure, f"rover failed ({why})")]
    small, big = results[few].peak_rss, results[many].peak_rss
    return [Verdict(row, measure, f"{big:.1f} MB ({many.removeprefix('rover, ')})",
                    f"{small:.1f} MB ({few.removeprefix('rover, ')})", f"+{big - small:.1f} MB",
                    "≤ +5 MB and ≤ 45 MB", big - small <= 5 and big <= 45)]


def already_downloaded(b: Bench, photos: PhotoList) -> Path:
    """A directory rover has already downloaded these photos into (once, untimed, shared by the re-run rows)."""
    if photos.jsonl not in b.populated:
        out = b.new_dir(f"present-{photos.count}")
        log(f"rover downloads {photos.count:,} photos once (untimed) to re-run on")
        _, problem = b.run("rover-populate", rover_stdin(b, photos, "jsonl", out))
        if problem:
            raise RoverFailed(f"rover could not download the {photos.count} photos to re-run on: {problem}")
        b.populated[photos.jsonl] = out
    return b.populated[photos.jsonl]


def per_contender(contenders: dict[str, object]) -> dict[str, int]:
    """The photo count in names like "rover, 60,000 photos"."""
    return {name: int(re.sub(r"\D", "", name)) for name in contenders}


def row_memory(b: Bench, scale: Scale) -> Row:
    """Peak RSS flat in the number of photos (issue 9), for photos on stdin and for a re-run."""
    few_n, many_n = scale.few, scale.many
    title = f"memory: {few_n:,} vs {many_n:,} photos"
    directory = b.files(many_n, 1 * KB)
    base = f"{b.nginx()}/{directory.name}"
    lists = {n: b.photo_list(n, KB, base) for n in (few_n, many_n)}
    row = Row(title)
    for form, measure in (("jsonl", "stdin, JSON Lines"), ("array", "stdin, JSON array")):
        contenders = {f"rover, {n:,} photos": (lambda label, n=n, form=form:
                                               rover_stdin(b, lists[n], form, b.new_dir(label)))
                      for n in lists}
        results = b.compare(f"{title}, {measure}", contenders)
        row.details += [f"{measure}:", "", *detail_table(results, per_contender(contenders), "µs"), ""]
        row.verdicts += memory_verdicts(title, f"peak RSS, {measure}", results, *contenders)
    try:
        present = {n: already_downloaded(b, photos) for n, photos in lists.items()}
    except RoverFailed as error:
        row.verdicts.append(failed_verdict(title, "peak RSS, re-run", str(error)))
        return row
    contenders = {f"rover, {n:,} photos": (lambda label, n=n:
                                           rover_stdin(b, lists[n], "array", present[n], "downloaded 0,"))
                  for n in lists}
    results = b.compare(f"{title}, re-run", contenders)
    row.details += ["re-run, all present (JSON array on stdin):", "",
                    *detail_table(results, per_contender(contenders), "µs")]
    row.verdicts += memory_verdicts(title, "peak RSS, re-run (all present)", results, *contenders)
    return row


def rover_supports_sol_range(b: Bench, api: str) -> bool:
    """The `--sol A..B` syntax is new: an older build rejects it as a usage error (exit 64)."""
    probe = subprocess.run([str(b.rover), "photos", "curiosity", "--sol", "1000..1001", "--format", "jsonl",
                            "--base-url", f"{api}/api/v1", "--no-cache"], env=b.env, capture_output=True, text=True)
    return not (probe.returncode == 64 and "--sol" in probe.stderr)


def row_range(b: Bench, scale: Scale) -> Row:
    """Peak RSS flat in the number of photos when they come from a sol range on the service (issue 9)."""
    few_n, many_n, per_sol = scale.few, scale.many, 50
    title = f"memory, sol range: {few_n:,} vs {many_n:,} photos"
    directory = b.files(many_n, 1 * KB)
    last_sol = 1000 + many_n // per_sol - 1
    api = b.python_server("api-range", "api", "--sols", f"1000..{last_sol}", "--per-sol", str(per_sol),
                          "--img-base", f"{b.nginx()}/{directory.name}")
    row = Row(title)
    if not rover_supports_sol_range(b, api):
        for measure in ("peak RSS, photos --sol A..B", "peak RSS, fetch-image --sol A..B"):
            row.verdicts.append(Verdict(title, measure, "not supported by this build", "", "",
                                        "≤ +5 MB and ≤ 45 MB", None))
        return row
    ranges = {few_n: f"1000..{1000 + few_n // per_sol - 1}", many_n: f"1000..{last_sol}"}
    connection = ["--base-url", f"{api}/api/v1", "--no-cache"]

    def listing(n: int) -> Callable[[str], Job]:
        def job(label: str) -> Job:
            out = b.new_dir(label) / "photos.jsonl"
            return Job([str(b.rover), "photos", "curiosity", "--sol", ranges[n], "--format", "jsonl", *connection],
                       stdout=out, check=check_lines(out, n))
        return job

    def download(n: int) -> Callable[[str], Job]:
        def job(label: str) -> Job:
            out = b.new_dir(label)
            return Job([str(b.rover), "fetch-image", "curiosity", "--sol", ranges[n], "-o", str(out), "-j",
                        str(JOBS), *connection], check=lambda: check_download(out, n, KB), evict=out)
        return job

    for measure, make in (("photos --sol A..B", listing), ("fetch-image --sol A..B", download)):
        contenders = {f"rover, {n:,} photos": make(n) for n in (few_n, many_n)}
        results = b.compare(f"{title}, {measure}", contenders)
        row.details += [f"{measure}:", "", *detail_table(results, per_contender(contenders), "µs"), ""]
        row.verdicts += memory_verdicts(title, f"peak RSS, {measure}", results, *contenders)
    return row


def row_listing(b: Bench, scale: Scale) -> Row:
    """A paged listing with latency against the best any client can do: page 1, then the rest at once."""
    n = scale.listing
    title = f"listing: {n} photos, 100 per page, 100 ms per response"
    api = b.python_server("api-listing", "api", "--sols", "1000..1000", "--per-sol", str(n), "--img-base",
                          "http://127.0.0.1:9/img", "--max-per-page", "100", "--pagination", delay_ms=100)

    def rover(label: str) -> Job:
        out = b.new_dir(label) / "photos.json"
        return Job([str(b.rover), "--service", "marsvista", "--base-url", f"{api}/api/v1", "photos", "curiosity",
                    "--sol", "1000", "--json", "--no-cache"], stdout=out, check=check_json_array(out, n))

    def best_case(label: str) -> Job:
        out = b.new_dir(label) / "photos.jsonl"
        return Job([sys.executable, str(BENCH_DIR / "best_case_pages.py"),
                    f"{api}/api/v1/rovers/curiosity/photos?sol=1000&per_page=100"],
                   stdout=out, check=check_lines(out, n))

    def best_case_curl(label: str) -> Job:
        # The same with curl's tool and jq (issue 39 says "curl's best case"): page 1, its page count read by jq,
        # then pages 2..N at once (`--parallel-immediate`: curl otherwise waits for the first connection, in case
        # it could multiplex on it, which costs HTTP/1.1 one more round trip).
        out = b.new_dir(label) / "pages.json"
        script = ('n=$(curl -sf "$1&page=1" | tee "$2" | jq .pagination.total_pages) && '
                  '{ [ "$n" -lt 2 ] || curl -sf --parallel --parallel-immediate --parallel-max 16 '
                  '"$1&page=[2-$n]" >> "$2"; }')
        return Job(["sh", "-c", script, "sh", f"{api}/api/v1/rovers/curiosity/photos?sol=1000&per_page=100",
                    str(out)], check=check_pages(out, n))

    peers = {"best case (Python)": best_case, "best case (curl)": best_case_curl}
    results = b.compare(title, {"rover": rover, **peers})
    row = Row(title, details=detail_table(results, n, "µs"))
    if results["rover"].failure:
        row.verdicts.append(failed_verdict(title, "wall", f"rover failed: {results['rover'].failure}"))
    else:
        row.verdicts.append(ratio_verdict(title, "wall", results["rover"].median("wall"),
                                          {name: results[name].median("wall") for name in peers},
                                          "faster", 1.05, "s", issue="39"))
    return row


def check_pages(path: Path, expected: int) -> Callable[[], str | None]:
    """Concatenated answers of the photos endpoint hold `expected` photos in all."""
    def check() -> str | None:
        text, count, at = path.read_text(), 0, 0
        decoder, space = json.JSONDecoder(), re.compile(r"\s*")
        try:
            while (at := space.match(text, at).end()) < len(text):
                page, at = decoder.raw_decode(text, at)
                count += len(page["photos"])
        except (ValueError, KeyError, TypeError) as error:
            return f"printed no photo pages: {error}"
        return None if count == expected else f"printed {count} photos, expected {expected}"
    return check


def per_photo_verdict(title: str, measure: str, rover: Result, peers: dict[str, float], n: int,
                      limit: float) -> Verdict:
    """CPU µs per photo: rover against the sum of the peers' (the work rover does in one process)."""
    if rover.failure:
        return failed_verdict(title, measure, f"rover failed: {rover.failure}")
    reference = sum(peers.values())
    verdict = ratio_verdict(title, measure, rover.median("cpu") * 1e6 / n,
                            {" + ".join(peers): reference * 1e6 / n}, " + ".join(peers), limit, "µs", 1)
    verdict.peers = ", ".join(f"{name} {value * 1e6 / n:.1f} µs" for name, value in peers.items())
    return verdict


def row_json(b: Bench, scale: Scale) -> Row:
    """JSON throughput on a large listing (issue 15): within 2x of jq -c on the same bytes.

    Encoding: `rover photos --format jsonl` from the mock service (its CPU, so the server's time is not
    counted; it still includes the HTTP client) against `jq -c '.photos[]'` over the very pages rover reads.
    Decoding: a re-run of `rover fetch-image -` over a JSON array whose files are all present, against
    `jq -c '.[]'` over the same array plus `find` listing the directory with sizes: what the re-run must do.
    """
    # rover stops a sol's listing past 25 000 photos (more than any sol holds), so they come 20 000 a sol.
    sols = -(-scale.many // 20_000)
    per_sol = -(-scale.many // sols)
    n = per_sol * sols
    last_sol = 1000 + sols - 1
    title = f"JSON: {n:,} photos"
    api = b.python_server("api-json", "api", "--sols", f"1000..{last_sol}", "--per-sol", str(per_sol), "--img-base",
                          "http://127.0.0.1:9/img")
    pages = b.work / "lists" / "json-pages.json"
    with open(pages, "wb") as f:  # rover asks for 500 a page on this preset: the same answers, concatenated
        for sol in range(1000, last_sol + 1):
            for page in range(1, per_sol // 500 + 2):
                url = f"{api}/api/v1/rovers/curiosity/photos?sol={sol}&page={page}&per_page=500"
                answer = subprocess.run(["curl", "-sf", url], env=b.env, capture_output=True)
                if answer.returncode != 0:
                    raise BenchError(f"the mock service did not answer {url}")
                f.write(answer.stdout)
                f.write(b"\n")

    def rover_encode(label: str) -> Job:
        out = b.new_dir(label) / "photos.jsonl"
        return Job([str(b.rover), "photos", "curiosity", "--sol", f"1000..{last_sol}", "--format", "jsonl",
                    "--base-url", f"{api}/api/v1", "--no-cache"], stdout=out, check=check_lines(out, n))

    def jq_encode(label: str) -> Job:
        out = b.new_dir(label) / "photos.jsonl"
        return Job(["jq", "-c", ".photos[]", str(pages)], stdout=out, check=check_lines(out, n))

    row = Row(title)
    results = b.compare(f"{title}, encode", {"rover": rover_encode, "jq": jq_encode})
    row.details += ["encode (`photos --format jsonl` vs `jq -c '.photos[]'`):", "",
                    *detail_table(results, n, "µs"), ""]
    row.verdicts.append(per_photo_verdict(title, "encode, CPU per photo", results["rover"],
                                          {"jq": results["jq"].median("cpu")}, n, 2.0))

    photos = b.photo_list(n, KB, f"{b.nginx()}/{b.files(n, KB).name}")
    try:
        present = already_downloaded(b, photos)
    except RoverFailed as error:
        row.verdicts.append(failed_verdict(title, "decode", str(error)))
        return row
    listing = ["find", str(present), "-type", "f", "-printf", "%s %f\n"]
    results = b.compare(f"{title}, decode", {
        "rover": lambda label: rover_stdin(b, photos, "array", present, "downloaded 0,"),
        "jq": lambda label: Job(["jq", "-c", ".[]", str(photos.array)]),
        "find": lambda label: Job(listing)})
    row.details += ["decode (re-run of `fetch-image -` over a JSON array, all present):", "",
                    *detail_table(results, n, "µs")]
    row.verdicts.append(per_photo_verdict(title, "decode + re-run, CPU per photo", results["rover"],
                                          {"jq": results["jq"].median("cpu"), "find": results["find"].median("cpu")},
                                          n, 2.0))
    return row


def cached_pages(cache: Path, out: Path) -> int:
    """The bodies of the photo pages in rover's response cache (`responses/*.entry`: a JSON header line, then the
    body as the server sent it), one a line, into `out`: what `jq -c '.photos[]'` reads. Returns how many."""
    count = 0
    with open(out, "wb") as f:
        for entry in sorted((cache / "responses").glob("*.entry")):
            header, _, body = entry.read_bytes().partition(b"\n")
            if "/photos" in json.loads(header)["key"]:
                f.write(body + b"\n")
                count += 1
    return count


def row_jsonl_cached(b: Bench, scale: Scale) -> Row:
    """JSON Lines from rover's response cache (issue 39): `rover photos --format jsonl --offline` over three
    20 000-photo sols fetched once before, against `jq -c '.photos[]'` over the very page bodies in that cache.
    No server and no HTTP in the timed runs: the cost is reading the cache entries, decoding the pages and writing
    every photo with its 27 metadata keys (null here; jq writes only the six keys the service sent). Bound: CPU
    and wall at most jq's."""
    sols = -(-scale.many // 20_000)
    per_sol = -(-scale.many // sols)
    n = per_sol * sols
    last_sol = 1000 + sols - 1
    title = f"JSON Lines of {n:,} cached photos"
    api = b.python_server("api-jsonl-cached", "api", "--sols", f"1000..{last_sol}", "--per-sol", str(per_sol),
                          "--img-base", "http://127.0.0.1:9/img")
    cache = b.work / "lists" / "jsonl-cache"
    command = [str(b.rover), "photos", "curiosity", "--sol", f"1000..{last_sol}", "--format", "jsonl",
               "--base-url", f"{api}/api/v1"]
    env = {"ROVER_CACHE_DIR": str(cache)}
    row = Row(title)
    log(f"rover lists {n:,} photos once (untimed) into its response cache")
    _, problem = b.run("rover-jsonl-cache-fill", Job(command, env=env, check=lambda: None))
    if problem:
        row.verdicts.append(failed_verdict(title, "CPU", f"rover could not fill its cache: {problem}"))
        return row
    pages = b.work / "lists" / "jsonl-cached-pages.json"
    row.details += [f"{cached_pages(cache, pages)} cached pages of 500; rover reads them with `--offline`, jq "
                    "reads their bodies concatenated.", ""]

    def rover(label: str) -> Job:
        out = b.new_dir(label) / "photos.jsonl"
        return Job([*command, "--offline"], env=env, stdout=out, check=check_lines(out, n))

    def jq(label: str) -> Job:
        out = b.new_dir(label) / "photos.jsonl"
        return Job(["jq", "-c", ".photos[]", str(pages)], stdout=out, check=check_lines(out, n))

    results = b.compare(title, {"rover": rover, "jq": jq})
    row.details += detail_table(results, n, "µs")
    for measure in ("cpu", "wall"):
        name = "CPU" if measure == "cpu" else "wall"
        if results["rover"].failure:
            row.verdicts.append(failed_verdict(title, name, f"rover failed: {results['rover'].failure}"))
            continue
        row.verdicts.append(ratio_verdict(title, name, results["rover"].median(measure),
                                          {"jq": results["jq"].median(measure)}, "jq", 1.0, "s", 3, issue="39"))
    return row


def feed_listing(b: Bench, feed: str, first_sol: int, sols: int, per_sol: int, out: Path) -> Job:
    """`rover photos perseverance --sol A..B --format jsonl` from the replaying feed (`servers.py feed`)."""
    return Job([str(b.rover), "photos", "perseverance", "--sol", f"{first_sol}..{first_sol + sols - 1}", "--format",
                "jsonl", "--service", "nasa-raw", "--base-url", feed, "--no-cache"],
               stdout=out, check=check_lines(out, sols * per_sol))


def row_metadata(b: Bench, scale: Scale) -> Row:
    """Photos with full frame metadata (taken/received UTC, LMST, sclk, site, drive, xyz, attitude, mast pointing,
    camera model, subframe, caption, …), made by rover itself from NASA's real Perseverance records.

    The 22 records of the test fixture are replayed by `servers.py feed`, every sol of a range listing all 22
    moved to that sol (ids, file URLs and Mars date rewritten), so each photo is its own frame. What is measured:
    - listing: `rover photos perseverance --sol A..B --format jsonl` from that feed, few vs many photos: peak RSS
      flat (bounded, as `memory`), CPU per photo beside `jq -c '.images[]'` over the same feed pages (reported);
    - decode: `rover fetch-image - --dry-run --format jsonl` reading rover's own JSON Lines (the first N photos of
      that listing) on stdin: CPU per photo beside `jq -c .` over the same file (reported), and peak RSS few vs
      many (bounded);
    - `rover fetch-image - --metadata -o DIR -j 16` over the same photos with `img_src` pointed at 1 KB files on
      nginx (as `tiny`), writing each image and its `.json`: peak RSS few vs many (bounded).
    """
    few_n, many_n = scale.few, scale.many
    title = f"metadata: {few_n:,} vs {many_n:,} photos with full metadata"
    row = Row(title)
    # rover refuses a sol Perseverance cannot have reached yet (about 2 050 by late 2026), so 60 000 photos come as
    # each record three times a sol (distinct frames) over 910 sols from sol 100.
    copies = 3
    per_sol = len(json.loads(M2020_RECORDS.read_bytes())) * copies
    first_sol = 100
    sols = {n: -(-n // per_sol) for n in (few_n, many_n)}  # whole sols: a listing gives per_sol photos a sol
    feed = b.python_server("feed-metadata", "feed", "--records", str(M2020_RECORDS), "--sols",
                           f"{first_sol}..{first_sol + sols[many_n] - 1}", "--copies", str(copies))

    # rover's own JSON Lines for every photo, once (untimed): the input of the stdin measures.
    listed = b.work / "lists" / "metadata-rover.jsonl"
    log(f"rover lists {sols[many_n] * per_sol:,} photos with full metadata once (untimed) to read back")
    _, problem = b.run("rover-metadata-listing", feed_listing(b, feed, first_sol, sols[many_n], per_sol, listed))
    if problem:
        for measure in ("listing", "decode", "fetch-image --metadata"):
            row.verdicts.append(failed_verdict(title, measure, f"rover could not list the photos: {problem}"))
        row.details += ["`rover photos perseverance` from the replaying feed failed:", "", "```", b.last_stderr,
                        "```"]
        return row
    with open(listed, "rb") as f:
        lines = [line for _, line in zip(range(many_n), f)]
    row.details += [f"Every photo is one of {per_sol // copies} real Perseverance records moved to a sol of its own "
                    f"({copies} copies a sol, each its own frame); rover's "
                    f"JSON Lines average {sum(map(len, lines)) / len(lines):,.0f} bytes a photo. "
                    "Peak RSS bounded as `memory` (≤ +5 MB and ≤ 45 MB); CPU figures reported, not bounded.", ""]
    inputs = {n: b.work / "lists" / f"metadata-{n}.jsonl" for n in (few_n, many_n)}
    directory = b.files(many_n, 1 * KB)
    base = f"{b.nginx()}/{directory.name}"
    downloads = {n: b.work / "lists" / f"metadata-{n}-nginx.jsonl" for n in (few_n, many_n)}
    img_src = re.compile(rb'"img_src":"(?:[^"\\]|\\.)*"')
    for n in (few_n, many_n):
        inputs[n].write_bytes(b"".join(lines[:n]))
        downloads[n].write_bytes(b"".join(img_src.sub(f'"img_src":"{base}/{i:06d}.jpg"'.encode(), line, count=1)
                                          for i, line in enumerate(lines[:n], 1)))

    # 1. The listing: rover's feed decoding and JSON Lines writing, against jq over the very pages.
    pages = b.work / "lists" / "metadata-feed-pages.json"
    direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # 127.0.0.1: never through a proxy
    with open(pages, "wb") as f:
        for sol in range(first_sol, first_sol + sols[many_n]):
            url = (f"{feed}/rss/api/?feed=raw_images&category=mars2020&feedtype=json&sol={sol}&num=100&page=0"
                   "&order=sol+desc")
            with direct.open(url, timeout=30) as answer:
                f.write(answer.read() + b"\n")
    counts = {n: sols[n] * per_sol for n in (few_n, many_n)}
    contenders: dict[str, Callable[[str], Job]] = {
        f"rover, {counts[n]:,} photos": (lambda label, n=n: feed_listing(b, feed, first_sol, sols[n], per_sol,
                                                                         b.new_dir(label) / "photos.jsonl"))
        for n in (few_n, many_n)}
    jq_name = f"jq, {counts[many_n]:,} photos"

    def jq_pages(label: str) -> Job:
        out = b.new_dir(label) / "photos.jsonl"
        return Job(["jq", "-c", ".images[]", str(pages)], stdout=out, check=check_lines(out, counts[many_n]))

    contenders[jq_name] = jq_pages
    results = b.compare(f"{title}, listing", contenders)
    row.details += ["listing (`photos perseverance --sol A..B --format jsonl` from the feed; jq: "
                    "`jq -c '.images[]'` over the same pages):", "",
                    *detail_table(results, per_contender(contenders), "µs"), ""]
    few_name, many_name = list(contenders)[:2]
    row.verdicts += memory_verdicts(title, "peak RSS, photos --format jsonl",
                                    {k: results[k] for k in (few_name, many_name)}, few_name, many_name)
    row.verdicts.append(unbounded_per_photo(title, "listing, CPU per photo", results[many_name],
                                            results[jq_name], counts[many_n], "jq -c '.images[]'"))

    # 2. Decoding rover's own JSON Lines: fetch-image - --dry-run reads every photo whole, prints where it would go.
    def dry_run(n: int) -> Callable[[str], Job]:
        def job(label: str) -> Job:
            out = b.new_dir(label)
            return Job([str(b.rover), "fetch-image", "-", "--dry-run", "--format", "jsonl", "-o", str(out)],
                       stdin=inputs[n], stdout=out.parent / f"{out.name}.jsonl",
                       check=check_lines(out.parent / f"{out.name}.jsonl", n))
        return job

    def jq_file(label: str) -> Job:
        out = b.new_dir(label) / "photos.jsonl"
        return Job(["jq", "-c", ".", str(inputs[many_n])], stdout=out, check=check_lines(out, many_n))

    contenders = {f"rover, {n:,} photos": dry_run(n) for n in (few_n, many_n)}
    few_name, many_name = list(contenders)
    jq_name = f"jq, {many_n:,} photos"
    contenders[jq_name] = jq_file
    results = b.compare(f"{title}, decode", contenders)
    row.details += ["decode (`fetch-image - --dry-run --format jsonl`, rover's JSON Lines on stdin; jq: `jq -c .` "
                    "over the same file):", "", *detail_table(results, per_contender(contenders), "µs"), ""]
    row.verdicts += memory_verdicts(title, "peak RSS, fetch-image - --dry-run",
                                    {k: results[k] for k in (few_name, many_name)}, few_name, many_name)
    row.verdicts.append(unbounded_per_photo(title, "decode, CPU per photo", results[many_name], results[jq_name],
                                            many_n, "jq -c ."))

    # 3. Downloading them with their metadata: every image and its <name>.json.
    def download(n: int) -> Callable[[str], Job]:
        def job(label: str) -> Job:
            out = b.new_dir(label)
            return Job([str(b.rover), "fetch-image", "-", "--metadata", "-o", str(out), "-j", str(JOBS)],
                       stdin=downloads[n], check=lambda: check_metadata_download(out, n, KB, "sclk"), evict=out)
        return job

    contenders = {f"rover, {n:,} photos": download(n) for n in (few_n, many_n)}
    results = b.compare(f"{title}, fetch-image --metadata", contenders)
    row.details += ["`fetch-image - --metadata -o DIR -j 16` (JSON Lines on stdin, 1 KB images from nginx):", "",
                    *detail_table(results, per_contender(contenders), "µs")]
    row.verdicts += memory_verdicts(title, "peak RSS, fetch-image - --metadata", results, *contenders)
    return row


def unbounded_per_photo(title: str, measure: str, rover: Result, peer: Result, n: int, peer_name: str) -> Verdict:
    """CPU µs per photo beside a peer's, with the ratio, and no target."""
    if rover.failure:
        return Verdict(title, measure, f"rover failed: {rover.failure}", "", "", UNBOUNDED, None)
    mine, theirs = rover.median("cpu") * 1e6 / n, peer.median("cpu") * 1e6 / n
    ratio = f"{mine / theirs:.2f}× jq" if theirs > 0 else ""
    return Verdict(title, measure, f"{mine:.1f} µs", f"{peer_name} {theirs:.1f} µs", ratio, UNBOUNDED, None)


def row_rerun(b: Bench, scale: Scale) -> Row:
    """A re-run over present files costs little above listing the directory (issue 26: ≤ 10 µs a photo above
    `ls -R`; issue 15 measured it against `find`, still shown)."""
    n = scale.rerun
    title = f"re-run: {n:,} photos present"
    photos = b.photo_list(n, KB, f"{b.nginx()}/{b.files(n, KB).name}")
    row = Row(title)
    try:
        present = already_downloaded(b, photos)
    except RoverFailed as error:
        row.verdicts.append(failed_verdict(title, "wall above a listing", str(error)))
        return row
    # Every build asked for (`--builds`): the bound holds for the plain one and the one `scripts/install` ships.
    rovers: dict[str, Callable[[str], Job]] = {
        name: (lambda label, binary=binary: rover_stdin(b, photos, "jsonl", present, "downloaded 0,", binary))
        for name, binary in b.rovers.items()}
    results = b.compare(title, {
        **rovers,
        # Names only, output to /dev/null: ls reads the directory and sorts it, stats nothing (d_type says which
        # entries are directories), the least any re-run can do.
        "ls -R": lambda label: Job(["ls", "-R", str(present)]),
        "find": lambda label: Job(["find", str(present), "-type", "f", "-printf", "%s %f\n"])})
    row.details = detail_table(results, n, "µs")
    ls_us, find_us = (results[k].median("wall") * 1e6 / n for k in ("ls -R", "find"))
    for name in rovers:
        measure = measure_of(name, "wall per photo above `ls -R`")
        if results[name].failure:
            row.verdicts.append(failed_verdict(title, measure, f"{name} failed: {results[name].failure}"))
            continue
        rover_us = results[name].median("wall") * 1e6 / n
        above = rover_us - ls_us
        row.verdicts.append(Verdict(title, measure, f"{rover_us:.1f} µs",
                                    f"ls -R {ls_us:.1f} µs, find {find_us:.1f} µs", f"+{above:.1f} µs",
                                    "≤ +10 µs (26)", above <= 10))
    return row


def row_startup(b: Bench, scale: Scale) -> Row:
    """Start-up (issue 26, was 1.3× in 14): `rover --version` within 1× `curl --version` (39), wall, for each build
    asked for (a statically linked Swift runtime is what users run, and loads fewer libraries). Each job runs the
    command 50 times from one shell, so the figures are start-up, not the harness's own cost of starting a
    process."""
    title = "start-up: 50 × --version"
    loop = "for i in $(seq 50); do \"$0\" --version; done"

    def version(binary: str) -> Callable[[str], Job]:
        return lambda label: Job(["sh", "-c", loop, binary])

    rovers = {name: version(str(binary)) for name, binary in b.rovers.items()}
    results = b.compare(title, {**rovers, "curl": version(shutil.which("curl") or "curl")})
    row = Row(title)
    row.details += ["`rover --version` against `curl --version`, 50 in a row a run:", "",
                    *detail_table(results, 50, "ms"), ""]
    for name in rovers:
        if results[name].failure:
            row.verdicts.append(failed_verdict(title, measure_of(name, "wall"), f"{name} failed"))
            continue
        row.verdicts.append(ratio_verdict(title, measure_of(name, "wall"), results[name].median("wall"),
                                          {"curl": results["curl"].median("wall")}, "curl", 1.0, "s", 3,
                                          issue="39"))
    return row


ROWS: dict[str, Callable[[Bench, Scale], Row]] = {
    "https-small": row_https_small, "https-medium": row_https_medium, "h2-small": row_h2_small,
    "h2-medium": row_h2_medium, "small": row_small, "medium": row_medium, "per-byte": row_per_byte,
    "record": row_record, "latency": row_latency, "tiny": row_tiny, "large": row_large,
    "memory": row_memory, "range": row_range, "listing": row_listing, "json": row_json,
    "jsonl-cached": row_jsonl_cached, "metadata": row_metadata, "rerun": row_rerun, "startup": row_startup,
}


# ---------------------------------------------------------------------------------------------------------------
# Command line.

def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", default="all", help=f"comma-separated, from: {', '.join(ROWS)} (default: all)")
    parser.add_argument("--quick", action="store_true", help="small N and 2 runs, for development")
    parser.add_argument("--runs", type=int, help="timed runs per contender (default 3; quick 2)")
    parser.add_argument("--warmup", type=int, help="untimed runs first (default 1; quick 0)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per tool run (default 300)")
    parser.add_argument("--quiet-wait", type=float, default=20,
                        help="seconds to wait before each timed run for other work to leave the CPUs (default 20)")
    parser.add_argument("--peers", default="curl,aria2c",
                        help="download rows' peers, from curl,aria2c (default both; curl alone for development: "
                             "aria2c takes most of a run)")
    parser.add_argument("--engines", default=",".join(ENGINES),
                        help="rover's HTTP engines on the download rows, from curl,urlsession (default both): curl "
                             "is rover's default and is held to the targets; urlsession (ROVER_HTTP_ENGINE) is "
                             "reported beside it, not bounded")
    parser.add_argument("--builds", default=",".join(BUILDS),
                        help="rover builds on the download rows, from release,static (default both): the "
                             "`swift build -c release` binary (ROVER=) and the stripped one scripts/install ships "
                             "(ROVER_STATIC=); both are held to the targets")
    parser.add_argument("--output", default=str(BENCH_DIR / "results.md"), help="where the table is written")
    args = parser.parse_args()
    args.rows = list(ROWS) if args.rows == "all" else args.rows.split(",")
    if unknown := [r for r in args.rows if r not in ROWS]:
        parser.error(f"unknown rows {unknown}; known: {', '.join(ROWS)}")
    args.engines = [e for e in args.engines.split(",") if e]
    if not args.engines or (unknown := [e for e in args.engines if e not in ENGINES]):
        parser.error(f"--engines takes {', '.join(ENGINES)} (one or both), got {args.engines}")
    peers = [p for p in args.peers.split(",") if p]
    if not peers or (unknown := [p for p in peers if p not in ("curl", "aria2c")]):
        parser.error(f"--peers takes curl, aria2c (one or both), got {peers}")
    args.peers = ",".join(peers)
    args.builds = [x for x in args.builds.split(",") if x]
    if not args.builds or [x for x in args.builds if x not in BUILDS]:
        parser.error(f"--builds takes {', '.join(BUILDS)} (one or both), got {args.builds}")
    if args.engines == ["urlsession"] and args.builds == ["static"]:
        parser.error("the URLSession engine runs on the release build only: --engines urlsession needs --builds release")
    return args


def main() -> int:
    args = parse_args()
    scale = QUICK if args.quick else FULL
    scale = dataclasses.replace(scale, runs=args.runs or scale.runs,
                                warmup=scale.warmup if args.warmup is None else args.warmup)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    bench = None
    try:
        ensure_tools()
        rovers = rover_binaries(args.builds)
        tmp_parent = Path(os.environ.get("BENCH_TMPDIR", "/var/tmp"))  # a real disk, like users' downloads
        # Every run's output stays on disk until exit: refuse to start rather than fill the disk halfway.
        need_gb = 1 if args.quick else 18  # 15 before URLSession and metadata (~3 GB more)
        if shutil.disk_usage(tmp_parent).free < need_gb * 1024**3:
            raise BenchError(f"need ~{need_gb} GB free in {tmp_parent}")
        # The other rows run one binary: the plain build, or the static one when it is the only one asked for.
        bench = Bench(next(iter(rovers.values())), scale.runs, scale.warmup, args.timeout, args.quiet_wait,
                      tmp_parent)
        bench.rovers = rovers
        bench.peers = set(args.peers.split(","))
        bench.engines = set(args.engines)
        log(f"rows {', '.join(args.rows)}; work dir {bench.work}")
        load_before = loadavg()
        rows = []
        for name in args.rows:
            cost = bench.wait_for_cheap_creates()
            log(f"row {name} (creating a file costs {cost:.0f} µs)")
            rows.append(ROWS[name](bench, scale))
        text = report(bench, rows, load_before, args.quick)
    except BenchError as error:
        log(f"ERROR: {error}")
        return 2
    except KeyboardInterrupt:
        log("interrupted")
        return 130
    except Exception:  # a bug or a broken machine: the benchmark could not run, which is exit 2, not 1
        log(f"ERROR:\n{traceback.format_exc()}")
        return 2
    finally:
        if bench:
            bench.close()
    Path(args.output).write_text(text)
    sys.stdout.write(text)
    log(f"table written to {args.output}")
    return 1 if any(v.passed is False for row in rows for v in row.verdicts) else 0


if __name__ == "__main__":
    sys.exit(main())
