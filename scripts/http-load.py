#!/usr/bin/env python3
"""Load and soak of XMLBind's HTTP server (issue 33 item 2), or of Python's xmlrpc.server.

Starts `xmlbind rpc serve` (or, with --python, a SimpleXMLRPCServer) on a free port and makes
--calls XML-RPC `echo` calls from --clients client processes: half of them keep their
connection alive, half open one per call; request bodies range from 0 to 1 MB (70% under
1 KB, 29% up to 64 KB, 1% up to 1 MB); every other call gzips its request body and every
other accepts a gzipped response. Each answer is checked (the echoed string, whole). The
server's VmRSS is read once a second. Then, unless --no-shutdown, it starts calls again and
sends SIGTERM while they are in flight: each must complete or fail cleanly (a refused or
closed connection, or a 503), and the server must exit 0 within --shutdown-bound seconds.

    scripts/http-load.py [--binary .build/release/xmlbind] [--calls 100000] [--clients 32]
    scripts/http-load.py --python --calls 10000
Prints calls/s, latency p50/p99, errors and memory; exits 1 on any error.
"""
import argparse
import gzip
import http.client
import multiprocessing
import random
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import xmlrpc.client

LETTERS = "abcdefghijklmnopqrstuvwxyz <>&ÄÖ€"


def body_size(rng):
    roll = rng.random()
    if roll < 0.70:
        return rng.randrange(0, 1024)
    if roll < 0.99:
        return rng.randrange(1024, 64 * 1024)
    return rng.randrange(64 * 1024, 1024 * 1024 - 4096)


def make_text(rng, size):
    piece = "".join(rng.choice(LETTERS) for _ in range(64))
    return (piece * (size // 64 + 1))[:size]


def call(connection, rng, index, keep_alive):
    """One echo call; returns None or a description of what went wrong."""
    text = make_text(rng, body_size(rng))
    payload = xmlrpc.client.dumps((text,), "echo").encode("utf-8")
    headers = {"Content-Type": "text/xml"}
    if not keep_alive:
        headers["Connection"] = "close"
    if index % 2 == 0:
        payload = gzip.compress(payload, 1)
        headers["Content-Encoding"] = "gzip"
    if index % 4 < 2:
        headers["Accept-Encoding"] = "gzip"
    connection.request("POST", "/RPC2", payload, headers)
    response = connection.getresponse()
    data = response.read()
    if response.status != 200:
        return f"status {response.status}: {data[:100]!r}"
    if response.getheader("Content-Encoding") == "gzip":
        data = gzip.decompress(data)
    (value,), _ = xmlrpc.client.loads(data)
    if value != text:
        return f"echo of {len(text)} characters came back as {len(value)}"
    return None


def client(port, calls, seed, keep_alive, timeout, results):
    rng = random.Random(seed)
    latencies, errors = [], []
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    for index in range(calls):
        start = time.monotonic()
        try:
            failure = call(connection, rng, index + seed, keep_alive)
        except Exception as error:  # every failure is counted and shown
            failure = f"{type(error).__name__}: {error}"
        latencies.append(time.monotonic() - start)
        if failure:
            errors.append(failure)
            connection.close()
        if not keep_alive or failure:
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    connection.close()
    results.put((latencies, errors))


def shutdown_client(port, seed, results):
    """Calls until the server is gone: each call completes, or fails cleanly."""
    rng = random.Random(seed)
    outcomes = {"answered": 0, "503": 0, "refused or closed": 0, "other": []}
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            failure = call(connection, rng, seed, seed % 2 == 0)
            if failure is None:
                outcomes["answered"] += 1
            elif failure.startswith("status 503"):
                outcomes["503"] += 1
            else:
                outcomes["other"].append(failure)
        except (ConnectionRefusedError, ConnectionResetError, BrokenPipeError,
                http.client.RemoteDisconnected):
            outcomes["refused or closed"] += 1
            break
        except Exception as error:
            outcomes["other"].append(f"{type(error).__name__}: {error}")
            break
        finally:
            connection.close()
    results.put(outcomes)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def python_server(port):
    from xmlrpc.server import SimpleXMLRPCServer
    server = SimpleXMLRPCServer(("127.0.0.1", port), logRequests=False, allow_none=True)
    server.register_function(lambda value: value, "echo")
    server.serve_forever()


def resident_mb(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None


def memory_report(memory):
    """Resident memory by quarter of the run (min/median/max), and a verdict on "flat after
    warm-up": the allocator's arenas reach their working size in the first half, and with
    bodies up to 1 MB the samples swing by tens of MB from second to second, so a slope over
    the samples is mostly noise. A leak shows as a median and a peak that keep rising; flat
    is a last quarter whose median is within 3 % of the third's and whose peak stays within
    5 % of the second's."""
    quarter = len(memory) // 4
    quarters = [memory[i * quarter:(i + 1) * quarter] if i < 3 else memory[3 * quarter:] for i in range(4)]
    medians = [statistics.median(q) for q in quarters]
    ranges = ", ".join(f"Q{i + 1} {min(q):.0f}/{medians[i]:.1f}/{max(q):.0f}" for i, q in enumerate(quarters))
    flat = medians[3] <= medians[2] * 1.03 and max(quarters[3]) <= max(quarters[1]) * 1.05
    return (f"resident memory ({len(memory)} samples, MB min/median/max): {ranges}: "
            f"{'flat after warm-up' if flat else 'NOT flat'}")


def percentile(sorted_values, fraction):
    return sorted_values[min(len(sorted_values) - 1, int(len(sorted_values) * fraction))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build/release/xmlbind")
    parser.add_argument("--python", action="store_true", help="load Python's SimpleXMLRPCServer instead")
    parser.add_argument("--calls", type=int, default=100_000)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--timeout", type=float, default=60, help="seconds a client waits for a byte")
    parser.add_argument("--no-shutdown", action="store_true")
    parser.add_argument("--memory-log", help="write the VmRSS samples (MB, one a second) to this file")
    parser.add_argument("--shutdown-bound", type=float, default=15)
    options = parser.parse_args()

    port = free_port()
    if options.python:
        server = multiprocessing.Process(target=python_server, args=(port,), daemon=True)
        server.start()
        pid = server.pid
    else:
        server = subprocess.Popen([options.binary, "rpc", "serve", "--port", str(port)],
                                  stdout=subprocess.PIPE, text=True)
        server.stdout.readline()
        pid = server.pid
    time.sleep(0.5)

    memory = []
    sampling = threading.Event()

    def sample():
        while not sampling.is_set():
            value = resident_mb(pid)
            if value is not None:
                memory.append(value)
            time.sleep(1)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    results = multiprocessing.Queue()
    per_client = options.calls // options.clients
    start = time.monotonic()
    clients = [multiprocessing.Process(target=client,
                                       args=(port, per_client, seed, seed % 2 == 0, options.timeout, results))
               for seed in range(options.clients)]
    for process in clients:
        process.start()
    latencies, errors = [], []
    for _ in clients:
        client_latencies, client_errors = results.get()
        latencies += client_latencies
        errors += client_errors
    for process in clients:
        process.join()
    elapsed = time.monotonic() - start
    sampling.set()
    sampler.join()

    latencies.sort()
    name = "Python SimpleXMLRPCServer" if options.python else options.binary
    print(f"{name}: {len(latencies)} calls from {options.clients} clients in {elapsed:.1f} s: "
          f"{len(latencies) / elapsed:.0f} calls/s, errors {len(errors)}")
    print(f"latency p50 {percentile(latencies, 0.5) * 1000:.2f} ms, p99 {percentile(latencies, 0.99) * 1000:.2f} ms, "
          f"max {latencies[-1] * 1000:.1f} ms")
    for error in sorted(set(errors))[:5]:
        print("  error: " + error)
    if len(memory) >= 8:
        print(memory_report(memory))
        if options.memory_log:
            with open(options.memory_log, "w") as log:
                log.write("\n".join(f"{value:.1f}" for value in memory) + "\n")

    failed = bool(errors)
    if options.python:
        server.terminate()
    elif not options.no_shutdown:
        shutdown_results = multiprocessing.Queue()
        callers = [multiprocessing.Process(target=shutdown_client, args=(port, 1000 + seed, shutdown_results))
                   for seed in range(options.clients)]
        for process in callers:
            process.start()
        time.sleep(2)
        stop_started = time.monotonic()
        server.send_signal(signal.SIGTERM)
        try:
            code = server.wait(timeout=options.shutdown_bound)
            stop_took = time.monotonic() - stop_started
        except subprocess.TimeoutExpired:
            server.kill()
            code, stop_took = "hung", options.shutdown_bound
        totals = {"answered": 0, "503": 0, "refused or closed": 0, "other": []}
        for _ in callers:
            outcome = shutdown_results.get()
            for key in ("answered", "503", "refused or closed"):
                totals[key] += outcome[key]
            totals["other"] += outcome["other"]
        for process in callers:
            process.join()
        print(f"shutdown with {options.clients} clients calling: exit {code} after {stop_took:.2f} s; calls "
              f"answered {totals['answered']}, 503 {totals['503']}, connection refused or closed "
              f"{totals['refused or closed']}, other {len(totals['other'])}")
        for other in totals["other"][:5]:
            print("  other: " + other)
        failed = failed or code != 0 or bool(totals["other"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
