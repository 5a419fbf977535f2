#!/usr/bin/env python3
"""The machinery under bench/bench.py: measure one process, run contenders interleaved, serve files, report.

Nothing here knows about a particular load; rows live in bench.py. What a run means here:
- a Job is one process with its input, its output and a check of that output;
- `Bench.compare` runs several contenders A B C, B C A, … (warm-up runs first), verifies every run, and keeps
  wall (around the process), user+sys CPU (wait4) and peak RSS (GNU time) of the timed ones;
- a row turns the Results into Verdicts (rover | peers | ratio | target), and `report` into Markdown.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO_DIR = BENCH_DIR.parent
TRACK_FILES = {
    ".rover-record.sqlite", ".rover-record.sqlite-journal", ".rover-record.lock"
}  # rover's record and the folder's lock, allowed next to the images


def log(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


class BenchError(Exception):
    """The benchmark itself cannot go on (a peer or server failed, a tool is missing): exit 2."""


# ---------------------------------------------------------------------------------------------------------------
# Measuring one process.

@dataclass(frozen=True)
class Traffic:
    """What the server logged of one run: its requests, how many connections carried them, and by protocol."""

    requests: int
    connections: int
    protocols: dict[str, int]  # "HTTP/1.1" or "HTTP/2.0" -> requests


@dataclass(frozen=True)
class Sample:
    wall: float  # seconds, fork to reap
    cpu: float  # seconds, user + sys (wait4's rusage; includes GNU time's own ~1 ms)
    rss_mb: float  # peak resident set of the tool (GNU time's %M)
    traffic: Traffic | None = None  # from the server's access log, for jobs that ask (Job.watch)


@dataclass(frozen=True)
class Watch:
    """A run whose requests are read back from the server's access log: which log, which listener (one nginx
    log serves three ports), and how many requests the run makes (the log is read until they are all there)."""

    log: Path
    port: int
    requests: int


@dataclass
class Job:
    """One run of one contender: what to start and how to tell that it did its work."""

    argv: list[str]
    stdin: Path | None = None
    stdout: Path | None = None  # None: /dev/null
    check: Callable[[], str | None] = lambda: None  # the problem, or None when the output is right
    evict: Path | None = None  # drop this directory's files from the page cache afterwards
    expect_stderr: str | None = None  # a text the last stderr line must contain (e.g. "downloaded 0,")
    env: dict[str, str] | None = None  # variables added to the clean environment (e.g. ROVER_HTTP_ENGINE)
    watch: Watch | None = None  # read this run's requests from the server's log (connections, protocol)


def run_process(job: Job, env: dict[str, str], stderr_path: Path, timeout: float,
                on_start: Callable[[subprocess.Popen | None], None]) -> tuple[Sample, int]:
    """Runs job.argv to completion under /usr/bin/time; wall is measured around the process.

    CPU comes from wait4's rusage (microseconds; GNU time's own share is ~1 ms). Peak RSS comes from GNU time's
    %M and not from wait4: a child spawned from this Python process inherits the harness's memory high-water mark
    at exec (the kernel carries the old mm's peak over), so wait4 would report ~30 MB for a 2 MB `find`. GNU time
    is small, so the peak it sees for its own child is the tool's.
    """
    rss_path = stderr_path.with_suffix(".rss")
    with contextlib.ExitStack() as files:
        stdin = files.enter_context(open(job.stdin or os.devnull, "rb"))
        stdout = files.enter_context(open(job.stdout or os.devnull, "wb"))
        stderr = files.enter_context(open(stderr_path, "wb"))
        start = time.perf_counter()
        # A session of its own: Ctrl-C reaches the harness, which then stops the tool itself (see Bench.close).
        proc = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", str(rss_path), *job.argv], stdin=stdin,
                                stdout=stdout, stderr=stderr, env={**env, **(job.env or {})},
                                start_new_session=True)
        on_start(proc)
        timer = threading.Timer(timeout, lambda: os.killpg(proc.pid, signal.SIGKILL))
        timer.start()
        try:
            _, status, usage = os.wait4(proc.pid, 0)
        finally:
            timer.cancel()
            on_start(None)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)  # already reaped: keep Popen from waiting again
    # GNU time writes "Command exited with non-zero status N" before the number when the tool fails.
    rss_lines = rss_path.read_text().split() if rss_path.exists() else []
    rss_kb = int(rss_lines[-1]) if rss_lines and rss_lines[-1].isdigit() else 0
    return Sample(wall, usage.ru_utime + usage.ru_stime, rss_kb / 1024), proc.returncode


def last_lines(path: Path, count: int = 15) -> str:
    with contextlib.suppress(OSError):
        return "\n".join(path.read_text(errors="replace").splitlines()[-count:])
    return ""


# ---------------------------------------------------------------------------------------------------------------
# Statistics and verdicts.

@dataclass
class Result:
    """One contender's runs: samples, or why it failed."""

    samples: list[Sample] = field(default_factory=list)
    failure: str | None = None
    stderr_tail: str = ""

    def median(self, attribute: str) -> float:
        return statistics.median(getattr(s, attribute) for s in self.samples)

    def spread(self, attribute: str) -> str:
        values = [getattr(s, attribute) for s in self.samples]
        return f"{min(values):.3f}–{max(values):.3f}"  # the median's precision, so it always lies inside

    @property
    def peak_rss(self) -> float:
        return max(s.rss_mb for s in self.samples)


@dataclass
class Verdict:
    row: str
    measure: str
    rover: str
    peers: str
    ratio: str
    target: str
    passed: bool | None  # None: no target (informational, or the row could not run with this build)


@dataclass
class Row:
    title: str
    verdicts: list[Verdict] = field(default_factory=list)
    details: list[str] = field(default_factory=list)  # Markdown lines: the per-contender table and notes


def ratio_verdict(row: str, measure: str, rover: float, peers: dict[str, float], reference: str,
                  limit: float | None, unit: str, digits: int = 2, issue: str | None = None) -> Verdict:
    """rover ÷ reference ≤ limit; `reference` is a peer's name, or "faster" for the smallest peer value.
    With no limit the ratio is shown without a verdict; `issue` (a number) is cited in the target."""
    ref_name = min(peers, key=peers.get) if reference == "faster" else reference
    ratio = rover / peers[ref_name] if peers[ref_name] > 0 else float("inf")
    peers_text = ", ".join(f"{name} {value:.{digits}f} {unit}" for name, value in peers.items())
    judged = "faster peer" if reference == "faster" else reference
    if limit is None:
        return Verdict(row, measure, f"{rover:.{digits}f} {unit}", peers_text, f"{ratio:.2f}× {ref_name}", "", None)
    cite = f" ({issue})" if issue else ""
    return Verdict(row, measure, f"{rover:.{digits}f} {unit}", peers_text, f"{ratio:.2f}× {ref_name}",
                   f"≤ {limit}× {judged}{cite}", ratio <= limit)


def failed_verdict(row: str, measure: str, why: str) -> Verdict:
    return Verdict(row, measure, why, "", "", "", False)


def detail_table(results: dict[str, Result], items: int | dict[str, int], per: str) -> list[str]:
    """Per contender: medians with their min–max, CPU per item (per = "ms" or "µs"), worst peak RSS.

    `items` is what the CPU is divided by: one count for all, or one per contender."""
    scale = 1e3 if per == "ms" else 1e6
    counts = items if isinstance(items, dict) else dict.fromkeys(results, items)
    lines = [f"| contender | wall s (min–max) | CPU s (min–max) | CPU {per} per item | peak RSS MB |",
             "|---|---:|---:|---:|---:|"]
    for name, result in results.items():
        if result.failure:
            lines.append(f"| {name} | failed | | | |")
            continue
        lines.append(
            f"| {name} | {result.median('wall'):.3f} ({result.spread('wall')}) | {result.median('cpu'):.3f} "
            f"({result.spread('cpu')}) | {result.median('cpu') * scale / counts[name]:.2f} | {result.peak_rss:.1f} |")
    for name, result in results.items():
        if result.failure:
            lines += ["", f"{name} failed: {result.failure}", "", "```", result.stderr_tail, "```"]
    return lines


def traffic_table(results: dict[str, Result]) -> list[str]:
    """Per contender, what the server logged of its timed runs: requests and connections a run, protocols."""
    lines = ["| contender | requests a run | connections a run | protocol |", "|---|---:|---:|---|"]
    for name, result in results.items():
        traffic = [s.traffic for s in result.samples if s.traffic]
        if result.failure or not traffic:
            lines.append(f"| {name} | {'failed' if result.failure else 'not logged'} | | |")
            continue
        lines.append(f"| {name} | {', '.join(str(t.requests) for t in traffic)} | "
                     f"{', '.join(str(t.connections) for t in traffic)} | {protocol_text(merged_protocols(traffic))} |")
    return lines


def merged_protocols(traffic: list[Traffic]) -> dict[str, int]:
    """Requests per protocol over several runs."""
    protocols: dict[str, int] = {}
    for t in traffic:
        for protocol, count in t.protocols.items():
            protocols[protocol] = protocols.get(protocol, 0) + count
    return protocols


def protocol_text(protocols: dict[str, int]) -> str:
    """"HTTP/2.0" when every request used it, else each protocol's share ("HTTP/1.1 90%, HTTP/2.0 10%")."""
    total = sum(protocols.values())
    if len(protocols) == 1:
        return next(iter(protocols))
    return ", ".join(f"{p} {n * 100 / total:.0f}%" for p, n in sorted(protocols.items())) if total else "none"


# ---------------------------------------------------------------------------------------------------------------
# The machine: tools, servers, files, and the interleaved runner.

@dataclass(frozen=True)
class PhotoList:
    """The same photos in every client's input format, and what a finished download must contain."""

    count: int
    size: int
    base_url: str  # http://, or https:// on one of nginx's TLS ports
    jsonl: Path
    array: Path
    curl_template: Path  # @OUT@ becomes the run's directory
    aria2: Path
    names: list[str]


class Bench:
    def __init__(self, rover: Path, runs: int, warmup: int, timeout: float, quiet_wait: float,
                 tmp_parent: Path) -> None:
        self.rover, self.runs, self.warmup, self.timeout, self.quiet_wait = rover, runs, warmup, timeout, quiet_wait
        self.rovers = {"rover": rover}  # the builds the download rows run (`--builds`): contender name -> binary
        self.peers = {"curl", "aria2c"}  # the download rows' peers (`--peers`)
        self.engines = {"curl", "urlsession"}  # rover's HTTP engines on the download rows (`--engines`)
        self.work = Path(tempfile.mkdtemp(prefix="rover-bench.", dir=tmp_parent))
        self.work.chmod(0o755)  # nginx workers run as nobody and must read the files
        for name in ("www", "out", "home", "lists", "logs"):
            (self.work / name).mkdir()
        self.env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(self.work / "home"),
                    "LANG": "C.UTF-8"}  # no proxies, no ~/.curlrc, no rover config
        self.servers: list[subprocess.Popen] = []
        self.current: subprocess.Popen | None = None
        self.nginx_ports: dict[str, int] = {}  # "http", "https" (HTTP/1.1 only), "h2" (HTTP/2 offered) -> port
        self.nginx_proc: subprocess.Popen | None = None  # its master: SIGUSR1 makes the worker flush its log
        self.nginx_log: Path | None = None  # its access log (buffered), shared by its three listeners
        self.access_logs: dict[int, Path] = {}  # port -> the access log its server writes (see Watch)
        self.ca_bundle: Path | None = None  # the system's CAs + the test CA: what every client trusts on HTTPS
        self.generated: dict[int, int] = {}  # file size -> how many files exist
        self.photo_lists: dict[tuple[int, int, str], PhotoList] = {}
        self.populated: dict[Path, Path] = {}  # photo list -> a directory rover already downloaded it into
        self.probes: dict[str, str | None] = {}  # a row's one-off question -> its answer (e.g. urlsession-https)
        self.run_counter = 0
        self.noisy_runs = 0
        self.timed_runs = 0
        self.last_stderr = ""  # the last run's stderr tail, for failure reports

    # --- lifetime -------------------------------------------------------------------------------------------
    def close(self) -> None:
        """Stops the tool still running (interrupted), the servers, and removes every file."""
        for proc in [self.current, *self.servers]:
            if proc and proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)
        for proc in [self.current, *self.servers]:
            if proc:
                with contextlib.suppress(subprocess.TimeoutExpired, ChildProcessError):
                    proc.wait(timeout=10)
        log(f"removing {self.work} (a mass delete: file creation on this disk is slow for a minute afterwards)")
        shutil.rmtree(self.work, ignore_errors=True)

    # --- files ----------------------------------------------------------------------------------------------
    def files(self, count: int, size: int) -> Path:
        """www/s<size>/NNNNNN.jpg, 1..count: random bytes in a JPEG frame, so nothing can compress them."""
        directory = self.work / "www" / f"s{size}"
        directory.mkdir(exist_ok=True)
        have = self.generated.get(size, 0)
        if count > have:
            log(f"generating {count - have} files of {size} bytes")
            head, tail = bytes.fromhex("ffd8ffe000104a46494600010100000100010000"), b"\xff\xd9"
            for i in range(have + 1, count + 1):
                (directory / f"{i:06d}.jpg").write_bytes(head + os.urandom(size - len(head) - len(tail)) + tail)
                (directory / f"{i:06d}.jpg").chmod(0o644)
            directory.chmod(0o755)
            self.generated[size] = count
        return directory

    def photo_list(self, count: int, size: int, base_url: str) -> PhotoList:
        """The inputs for `count` files of `size` at base_url/NNNNNN.jpg (the files must exist), written once:
        rows asking for the same photos share the list, and so the directory rover already downloaded it into."""
        key = (count, size, base_url)
        if key in self.photo_lists:
            return self.photo_lists[key]
        directory = self.work / "lists" / f"{len(self.photo_lists) + 1:02d}-{count}x{size}"
        directory.mkdir()
        names = [f"{i:06d}.jpg" for i in range(1, count + 1)]
        photos = [json.dumps({
            "id": i, "sol": 1000, "img_src": f"{base_url}/{name}", "earth_date": "2015-05-30",
            "camera": {"id": 20, "name": "FHAZ", "rover_id": 5, "full_name": "Front Hazard Avoidance Camera"},
            "rover": {"id": 5, "name": "Curiosity", "landing_date": "2012-08-06", "launch_date": "2011-11-26",
                      "status": "active"}}, separators=(",", ":")) for i, name in enumerate(names, 1)]
        paths = PhotoList(count, size, base_url, directory / "photos.jsonl", directory / "photos.json",
                          directory / "curl.template", directory / "aria2.list", names)
        paths.jsonl.write_text("".join(p + "\n" for p in photos))
        paths.array.write_text("[" + ",".join(photos) + "]\n")
        paths.curl_template.write_text(
            "".join(f'url = "{base_url}/{n}"\noutput = "@OUT@/{n}"\n' for n in names))
        paths.aria2.write_text("".join(f"{base_url}/{n}\n  out={n}\n" for n in names))
        self.photo_lists[key] = paths
        return paths

    def new_dir(self, label: str) -> Path:
        """A fresh output directory. Nothing is deleted before exit: see wait_for_cheap_creates."""
        self.run_counter += 1
        path = self.work / "out" / f"{self.run_counter:04d}-{re.sub(r'[^A-Za-z0-9.]+', '-', label)}"
        path.mkdir()
        return path

    # --- servers --------------------------------------------------------------------------------------------
    def python_server(self, name: str, *args: str, delay_ms: float = 0, logged: bool = False) -> str:
        """bench/servers.py on 127.0.0.1; returns its base URL. `logged`: it keeps an access log (see Watch)."""
        port_file = self.work / "logs" / f"{name}.port"
        access_log = self.work / "logs" / f"{name}.access"
        argv = [sys.executable, str(BENCH_DIR / "servers.py"), "--host", "127.0.0.1", "--port-file", str(port_file),
                "--delay-ms", str(delay_ms), *(["--access-log", str(access_log)] if logged else []), *args]
        proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=open(self.work / "logs" / f"{name}.log", "wb"), start_new_session=True)
        self.servers.append(proc)
        port = self.wait_for_port(proc, port_file, name)
        if logged:
            self.access_logs[port] = access_log
        return f"http://127.0.0.1:{port}"

    def wait_for_port(self, proc: subprocess.Popen, port_file: Path, name: str) -> int:
        for _ in range(300):
            if port_file.exists():
                return int(port_file.read_text())
            if proc.poll() is not None:
                break
            time.sleep(0.1)
        raise BenchError(f"{name} did not start: {last_lines(self.work / 'logs' / f'{name}.log')}")

    def nginx(self, scheme: str = "http") -> str:
        """nginx serving www/ on 127.0.0.1 (started once, three listeners); returns the base URL of one:
        "http", "https" (TLS, HTTP/1.1 only) or "h2" (TLS, HTTP/2 offered)."""
        if not self.nginx_ports:
            self.start_nginx()
        return f"{'http' if scheme == 'http' else 'https'}://127.0.0.1:{self.nginx_ports[scheme]}"

    def start_nginx(self) -> None:
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        prefix = self.work / "nginx"
        prefix.mkdir()
        cert, key, self.ca_bundle = make_test_pki(self.work / "tls")
        built = subprocess.run([binary, "-V"], capture_output=True, text=True).stderr
        # Name a temp path only for modules this build has: nginx-light lacks some, and naming one is an error.
        extra = "".join(f"    {m}_temp_path {prefix}/{m};\n" for m in ("proxy", "fastcgi", "uwsgi", "scgi")
                        if f"--without-http_{m}_module" not in built)
        access_log = prefix / "access.log"
        for _ in range(3):  # a free port can be taken between choosing and binding it
            ports = free_ports(3)
            config = (BENCH_DIR / "nginx.conf.template").read_text()
            for placeholder, value in (("@PORT@", str(ports[0])), ("@TLS_PORT@", str(ports[1])),
                                       ("@H2_PORT@", str(ports[2])), ("@PREFIX@", str(prefix)),
                                       ("@ROOT@", str(self.work / "www")), ("@ACCESS_LOG@", str(access_log)),
                                       ("@CERT@", str(cert)), ("@KEY@", str(key)), ("@EXTRA_TEMP_PATHS@\n", extra)):
                config = config.replace(placeholder, value)
            (prefix / "nginx.conf").write_text(config)
            proc = subprocess.Popen([binary, "-p", str(prefix), "-e", str(prefix / "error.log"), "-c",
                                     str(prefix / "nginx.conf"), "-g", "daemon off;"],
                                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                    start_new_session=True)
            for _ in range(50):
                if proc.poll() is not None or answers(f"http://127.0.0.1:{ports[0]}/"):
                    break
                time.sleep(0.1)
            if proc.poll() is None:
                self.servers.append(proc)
                self.nginx_proc = proc
                self.nginx_ports = dict(zip(("http", "https", "h2"), ports))
                self.nginx_log = access_log
                self.access_logs.update(dict.fromkeys(ports, access_log))
                log(f"nginx on 127.0.0.1: HTTP {ports[0]}, HTTPS (HTTP/1.1) {ports[1]}, HTTPS (HTTP/2) {ports[2]}")
                return
        raise BenchError(f"nginx did not start: {last_lines(prefix / 'error.log')}")

    def watch(self, base_url: str, requests: int) -> Watch | None:
        """What a run fetching `requests` URLs under base_url should have read back from its server's log (None:
        that server keeps no log)."""
        port = urllib.parse.urlsplit(base_url).port
        return Watch(self.access_logs[port], port, requests) if port in self.access_logs else None

    def read_traffic(self, watch: Watch, offset: int, start: float, end: float) -> Traffic:
        """The run's lines of the access log: those appended since `offset`, on its port, stamped between its
        start and end (wall clock). nginx buffers its log, so it is told to write it out first, and the log is
        read again until the run's requests are all there or nginx's own flush (every second) is surely past."""
        if self.nginx_proc and watch.log == self.nginx_log:
            os.kill(self.nginx_proc.pid, signal.SIGUSR1)  # what `nginx -s reopen` sends: write out, reopen
        deadline = time.monotonic() + 2.5
        while True:
            mine = run_lines(watch, offset, start, end)
            if len(mine) >= watch.requests or time.monotonic() > deadline:
                break
            time.sleep(0.02)
        protocols: dict[str, int] = {}
        for _, protocol in mine:
            protocols[protocol] = protocols.get(protocol, 0) + 1
        return Traffic(len(mine), len({connection for connection, _ in mine}), protocols)

    # --- running --------------------------------------------------------------------------------------------
    def run(self, name: str, job: Job) -> tuple[Sample | None, str | None]:
        """One verified run: the sample, or the problem (exit status, missing files, wrong output)."""
        stderr_path = self.work / "logs" / f"{re.sub(r'[^A-Za-z0-9.]+', '-', name)}.stderr"
        offset = job.watch.log.stat().st_size if job.watch and job.watch.log.exists() else 0
        started = time.time()  # wall clock, as the server's log stamps: which lines are this run's
        sample, status = run_process(job, self.env, stderr_path, self.timeout, self.set_current)
        if job.watch:  # outside the timing, before the next run can add lines of its own
            sample = dataclasses.replace(sample, traffic=self.read_traffic(job.watch, offset, started, time.time()))
        problem = None
        if status != 0:
            killed = status in (-signal.SIGKILL, 128 + signal.SIGKILL)
            problem = f"killed after {self.timeout:.0f} s?" if killed else f"exit status {status}"
        elif job.expect_stderr and job.expect_stderr not in last_lines(stderr_path, 1):
            problem = f"expected '{job.expect_stderr}' in its last stderr line"
        else:
            problem = job.check()
        if job.evict:
            # Outside the timing: flush and evict this run's files, so the page cache does not grow run after
            # run (this VM backs fresh guest memory lazily, and the first touch is charged to the writer).
            os.sync()
            evict_from_page_cache(job.evict)
        self.last_stderr = last_lines(stderr_path)
        return (None, problem) if problem else (sample, None)

    def set_current(self, proc: subprocess.Popen | None) -> None:
        self.current = proc

    def compare(self, title: str, contenders: dict[str, Callable[[str], Job]]) -> dict[str, Result]:
        """Runs the contenders interleaved (A B C, B C A, …), warm-up runs first; keeps the timed samples.

        A contender named "rover…" that fails is reported and dropped; any other failing means the comparison
        is meaningless, so the benchmark stops (exit 2).
        """
        results = {name: Result() for name in contenders}
        names = list(contenders)
        for run in range(self.warmup + self.runs):
            timed = run >= self.warmup
            label = f"run {run - self.warmup + 1}/{self.runs}" if timed else f"warm-up {run + 1}"
            for name in names[run % len(names):] + names[:run % len(names)]:
                if results[name].failure:
                    continue
                job = contenders[name](f"{title[:20]}-{name}")
                if timed:
                    self.wait_for_quiet()
                sample, problem = self.run(name, job)
                if problem:
                    if not name.startswith("rover"):
                        raise BenchError(f"{name} failed on {title}: {problem}\n{self.last_stderr}")
                    results[name].failure, results[name].stderr_tail = problem, self.last_stderr
                    log(f"{title}: {name} FAILED ({problem})")
                    continue
                # rover's own summary line ("downloaded N, skipped N, …") helps explain an odd sample.
                tail = self.last_stderr.splitlines()[-1:] if name.startswith("rover") else []
                summary = f" ({tail[0]})" if tail else ""
                log(f"{title} {label} {name}: {sample.wall:.3f} s wall, {sample.cpu:.3f} s CPU, "
                    f"{sample.rss_mb:.1f} MB{summary}")
                if timed:
                    results[name].samples.append(sample)
        return results

    def wait_for_quiet(self, busy_percent: float = 15) -> None:
        """Other builds share the 2 cores: start a timed run only once the CPUs are mostly idle (or the wait
        is over, and the run is counted as noisy)."""
        self.timed_runs += 1
        deadline = time.monotonic() + self.quiet_wait
        while cpu_busy_percent() > busy_percent:
            if time.monotonic() > deadline:
                self.noisy_runs += 1
                return
            time.sleep(0.5)

    def wait_for_cheap_creates(self, max_wait: float = 90, slow_us: float = 100) -> float:
        """This disk is ext4 without a journal: for a minute after a mass delete, creating a file skips every
        recently deleted inode and costs ~1 ms instead of ~5 µs. Wait (bounded) until creation is cheap again."""
        cost = self.create_cost_us()
        if cost > slow_us:
            log(f"creating a file costs {cost:.0f} µs (a recent mass delete); syncing, waiting ≤ {max_wait:.0f} s")
            os.sync()
            deadline = time.monotonic() + max_wait
            while cost > slow_us and time.monotonic() < deadline:
                time.sleep(10)
                cost = self.create_cost_us()
        return cost

    def create_cost_us(self) -> float:
        directory = self.new_dir("create-probe")
        start = time.perf_counter()
        for i in range(200):
            os.close(os.open(directory / str(i), os.O_CREAT | os.O_WRONLY, 0o644))
        return (time.perf_counter() - start) / 200 * 1e6


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def free_ports(count: int) -> list[int]:
    """`count` different free ports (the kernel may hand the same one out twice once it is closed again)."""
    ports: list[int] = []
    while len(ports) < count:
        if (port := free_port()) not in ports:
            ports.append(port)
    return ports


def run_lines(watch: Watch, offset: int, start: float, end: float) -> list[tuple[str, str]]:
    """(connection, protocol) of each request logged since `offset` on watch.port between start and end.

    Lines are `msec port connection protocol`. The time window keeps out lines of earlier runs that were still in
    nginx's buffer (written out late), by their stamp: a request ends after its client starts and before it exits.
    $msec has millisecond steps, hence the slack."""
    with open(watch.log, "rb") as f:
        f.seek(offset)
        text = f.read().decode("ascii", errors="replace")
    mine = []
    for line in text[:text.rfind("\n") + 1].splitlines():  # whole lines only: a write may be under way
        fields = line.split()
        if (len(fields) == 4 and fields[1] == str(watch.port)
                and start - 0.002 <= float(fields[0]) <= end + 0.002):
            mine.append((fields[2], fields[3]))
    return mine


def make_test_pki(directory: Path) -> tuple[Path, Path, Path]:
    """A throwaway CA and a server certificate for 127.0.0.1 and localhost it signed (EC P-256, valid 2 days), and
    the CA bundle every HTTPS client is given: the system's bundle (when there is one) + the test CA. The system
    part is on purpose: a user's client parses a system-sized trust store (~140 CAs, 10-20 ms with OpenSSL 3),
    so each contender pays that as it would at home. Returns (server certificate, server key, bundle)."""
    directory.mkdir()
    config = directory / "openssl.cnf"  # our own config: the system's openssl.cnf adds extensions of its own
    config.write_text("[req]\ndistinguished_name = dn\nprompt = no\n[dn]\nCN = rover bench test CA\n"
                      "[ca]\nbasicConstraints = critical, CA:TRUE\nkeyUsage = critical, keyCertSign, cRLSign\n"
                      "subjectKeyIdentifier = hash\n"
                      "[server]\nbasicConstraints = CA:FALSE\nkeyUsage = critical, digitalSignature\n"
                      "extendedKeyUsage = serverAuth\nsubjectAltName = IP:127.0.0.1, DNS:localhost\n"
                      "subjectKeyIdentifier = hash\nauthorityKeyIdentifier = keyid\n")
    ca, ca_key = directory / "ca.pem", directory / "ca.key"
    cert, key, csr = directory / "server.pem", directory / "server.key", directory / "server.csr"
    p256 = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
    for argv in (["openssl", "req", "-x509", "-config", str(config), "-extensions", "ca", *p256, "-keyout",
                  str(ca_key), "-out", str(ca), "-days", "2", "-subj", "/CN=rover bench test CA"],
                 ["openssl", "req", "-new", "-config", str(config), *p256, "-keyout", str(key), "-out", str(csr),
                  "-subj", "/CN=localhost"],
                 ["openssl", "x509", "-req", "-in", str(csr), "-CA", str(ca), "-CAkey", str(ca_key), "-set_serial",
                  f"0x{os.urandom(8).hex()}", "-days", "2", "-extfile", str(config), "-extensions", "server",
                  "-out", str(cert)]):
        done = subprocess.run(argv, capture_output=True, text=True)
        if done.returncode != 0:
            raise BenchError(f"{' '.join(argv[:3])} failed: {done.stderr.strip()}")
    system = Path("/etc/ssl/certs/ca-certificates.crt")
    bundle = directory / "bundle.pem"
    bundle.write_text((system.read_text() + "\n" if system.exists() else "") + ca.read_text())
    directory.chmod(0o755)  # the keys stay 0600: nginx's master reads them before it starts its worker
    return cert, key, bundle


def answers(url: str) -> bool:
    with contextlib.suppress(OSError):
        with urllib.request.urlopen(url, timeout=2):
            return True
    return False


def cpu_busy_percent(interval: float = 0.3) -> float:
    def snapshot() -> list[int]:
        with open("/proc/stat") as f:
            return [int(v) for v in f.readline().split()[1:]]
    a = snapshot()
    time.sleep(interval)
    b = snapshot()
    delta = [y - x for x, y in zip(a, b)]
    total = sum(delta) or 1
    return 100 * (total - delta[3] - delta[4]) / total  # idle and iowait are columns 4 and 5


def evict_from_page_cache(directory: Path) -> None:
    for entry in os.scandir(directory):
        if entry.is_file():
            fd = os.open(entry.path, os.O_RDONLY)
            try:
                os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
            finally:
                os.close(fd)


def check_download(out: Path, count: int, size: int, names: list[str] | None = None) -> str | None:
    """Every file there, whole, nothing else left behind. curl and aria2c must use the names given; rover names
    files from its own template, so it is held to the count and the sizes, and may keep its re-run record."""
    entries = [e for e in os.scandir(out) if e.name not in TRACK_FILES]
    wrong = [e.name for e in entries if not e.is_file() or e.stat().st_size != size]
    if len(entries) != count or wrong:
        return f"expected {count} files of {size} bytes, found {len(entries)}; wrong: {wrong[:5]}"
    if names and (missing := set(names) - {e.name for e in entries}):
        return f"missing files, e.g. {sorted(missing)[:5]}"
    return None


def check_metadata_download(out: Path, count: int, size: int, require: str | None = None) -> str | None:
    """`fetch-image --metadata`: `count` images of `size` bytes, each with its `<name>.json` beside it, and nothing
    else but rover's record. One `.json` is read: a JSON object, with a non-null `require` key when given (the
    metadata made it from stdin to the file)."""
    entries = [e for e in os.scandir(out) if e.name not in TRACK_FILES]
    sidecars = {e.name for e in entries if e.name.endswith(".json")}
    images = [e for e in entries if not e.name.endswith(".json")]
    wrong = [e.name for e in images if not e.is_file() or e.stat().st_size != size]
    if len(images) != count or wrong:
        return f"expected {count} images of {size} bytes, found {len(images)}; wrong: {wrong[:5]}"
    if missing := [e.name for e in images if f"{e.name}.json" not in sidecars]:
        return f"{len(missing)} images without their .json, e.g. {missing[:3]}"
    if len(sidecars) != count:
        return f"expected {count} .json files, found {len(sidecars)}"
    sample = out / min(sidecars)
    try:
        photo = json.loads(sample.read_bytes())
    except ValueError as error:
        return f"{sample.name} is no JSON: {error}"
    if not isinstance(photo, dict):
        return f"{sample.name} holds no JSON object"
    if require and photo.get(require) is None:
        return f"{sample.name} has no {require}: the photo's metadata was lost"
    return None


def check_lines(path: Path, expected: int) -> Callable[[], str | None]:
    def check() -> str | None:
        with open(path, "rb") as f:
            count = sum(1 for _ in f)
        return None if count == expected else f"printed {count} lines, expected {expected}"
    return check


def check_json_array(path: Path, expected: int) -> Callable[[], str | None]:
    def check() -> str | None:
        try:
            count = len(json.loads(path.read_bytes()))
        except ValueError as error:
            return f"printed no JSON array: {error}"
        return None if count == expected else f"printed {count} photos, expected {expected}"
    return check

# ---------------------------------------------------------------------------------------------------------------
# Setup and report.

def ensure_tools() -> None:
    """Installs what is missing from Debian, loudly, and never lets apt start nginx on port 80."""
    wanted = {"nginx": "nginx-light", "aria2c": "aria2", "jq": "jq", "curl": "curl"}
    missing = [pkg for tool, pkg in wanted.items() if not shutil.which(tool) and not Path(f"/usr/sbin/{tool}").exists()]
    if not missing:
        return
    if os.geteuid() != 0:
        raise BenchError(f"missing packages {missing}: install them with apt-get (needs root)")
    policy = Path("/usr/sbin/policy-rc.d")
    added = not policy.exists()
    if added:
        policy.write_text("#!/bin/sh\nexit 101\n")
        policy.chmod(0o755)
    try:
        log(f"installing with apt-get: {' '.join(missing)}")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for argv in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", *missing]):
            if subprocess.run(argv, env=env, stdout=sys.stderr).returncode != 0:
                raise BenchError(f"{' '.join(argv)} failed")
    finally:
        if added:
            policy.unlink()


# The builds the download rows run (`--builds`): build -> (contender name, variable naming a ready binary). Both come
# from one `swift build -c release --product rover` (scratch path .build-bench): "release" is that binary as built,
# "static" is what scripts/install ships from it (stripped). Package.swift links the Swift runtime and Foundation
# into the release binary statically, so both are static; the name is the one the rows have always printed.
BUILDS = {
    "release": ("rover", "ROVER"),
    "static": ("rover-static", "ROVER_STATIC"),
}
SCRATCH = ".build-bench"


def rover_binaries(builds: list[str]) -> dict[str, Path]:
    """Contender name -> binary for each build asked for (keys of BUILDS). ROVER=path (ROVER_STATIC=path) wins;
    otherwise the release build in its own scratch path, so it never races another build (swift build is
    incremental: an up-to-date build costs seconds)."""
    binaries, built = {}, False
    for build in builds:
        name, variable = BUILDS[build]
        if given := os.environ.get(variable):
            path = Path(given).resolve()
        else:
            path = REPO_DIR / SCRATCH / "release" / "rover"
            if not built:
                command = ["swift", "build", "-c", "release", "--product", "rover", "--scratch-path", SCRATCH]
                log(f"building rover: {' '.join(command)}")
                if subprocess.run(command, cwd=REPO_DIR, stdout=sys.stderr).returncode != 0:
                    raise BenchError("swift build failed")
                built = True
            if build == "static":
                path = installed_form(path)
        if not os.access(path, os.X_OK):
            raise BenchError(f"rover binary not executable: {path}")
        if loads_at_start(path, b"libswiftCore.so") or loads_at_start(path, b"libcurl.so"):
            log(f"note: {variable}={path} loads the Swift runtime or libcurl at start, unlike the binary "
                "swift build -c release makes")
        binaries[name] = path
    return binaries


def installed_form(built: Path) -> Path:
    """The release build as scripts/install ships it: stripped (`rover-installed` beside the build)."""
    shipped = built.with_name("rover-installed")
    shutil.copy2(built, shipped)
    subprocess.run(["strip", str(shipped)], check=False)
    return shipped


def loads_at_start(binary: Path, library: bytes) -> bool:
    """Whether the binary names the shared library among those it loads at start (its dynamic section)."""
    done = subprocess.run(["readelf", "-d", str(binary)], capture_output=True)
    return library in done.stdout


def version(argv: list[str], stderr: bool = False) -> str:
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return "?"
    lines = (done.stderr if stderr else done.stdout).strip().splitlines()
    return lines[0] if lines else "?"


def machine_lines(b: Bench, load_before: str) -> list[str]:
    git = version(["git", "-C", str(REPO_DIR), "describe", "--always", "--dirty"])
    curl = " ".join(version(["curl", "--version"]).split()[:2])
    built = "; ".join(f"{name} `{path}`, built {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(path.stat().st_mtime))}"
                      f"{' (the same file as rover)' if name != 'rover' and path == b.rovers.get('rover') else ''}"
                      for name, path in b.rovers.items())
    return [
        f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: {os.cpu_count()} cores (nproc), Linux "
        f"{platform.release()}, {version(['swift', '--version']).removeprefix('Swift version ')}.",
        f"{built} (checkout at {git}). Peers: {curl}, "
        f"{version(['aria2c', '--version'])}, {version(['jq', '--version'])}, "
        f"{version(['nginx', '-v'], stderr=True).removeprefix('nginx version: ')}, Python {platform.python_version()}.",
        f"{b.runs} timed runs per contender after {b.warmup} warm-up, interleaved; medians with min–max; "
        f"peak RSS is the worst run. Load average before / after: {load_before} / {loadavg()}; "
        f"{b.noisy_runs} of {b.timed_runs} timed runs started while other work kept the CPUs over 15% busy "
        f"(after waiting up to {b.quiet_wait:.0f} s for them to calm down).",
    ]


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def mark(passed: bool | None) -> str:
    return {True: "✔", False: "✘", None: "—"}[passed]


def report(b: Bench, rows: list[Row], load_before: str, quick: bool) -> str:
    lines = ["# rover benchmark", ""]
    if quick:
        lines += ["**Quick mode (small N): for development, not a result.**", ""]
    lines += [*machine_lines(b, load_before), "",
              "| row | measure | rover | peers | ratio | target | |", "|---|---|---|---|---|---|---|"]
    for row in rows:
        for v in row.verdicts:
            cells = (v.row, v.measure, v.rover, v.peers, v.ratio, v.target, mark(v.passed))
            lines.append("| " + " | ".join(cells) + " |")
    for row in rows:
        if row.details:
            lines += ["", f"## {row.title}", "", *row.details]
    return "\n".join(lines) + "\n"
