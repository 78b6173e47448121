#!/usr/bin/env python3
"""Slowloris check of XMLBind's HTTP server (issue 33 item 1): a script, not a timed test.

Starts `xmlbind rpc serve` on a free port, then for --duration seconds:
  - an attacker on 127.0.0.1 keeps --half-open connections that sent half a request header
    (reopening each one the server drops, at most --reopen-rate a second), and --tricklers
    connections that sent a whole header with a 1 MB Content-Length and then send the body
    one byte a second;
  - a legitimate client on 127.0.0.2 makes an XML-RPC call (demo.add) on a new connection
    every --interval seconds and times it (giving up after --call-timeout seconds);
  - the server's VmRSS and Threads are read from /proc/PID/status once a second.
Prints the latencies, the failures and the server's peak memory and threads; exits 1 when a
legitimate call failed or took 1 s or more.

    ulimit -n 4096; scripts/http-slowloris.py [--binary .build/debug/xmlbind]
"""
import argparse
import resource
import selectors
import socket
import subprocess
import sys
import threading
import time

CALL = (b"<?xml version='1.0'?><methodCall><methodName>demo.add</methodName><params>"
        b"<param><value><int>2</int></value></param><param><value><int>3</int></value></param>"
        b"</params></methodCall>")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def connect(port, source, payload):
    sock = socket.socket()
    sock.setblocking(True)
    sock.bind((source, 0))
    sock.settimeout(2)
    sock.connect(("127.0.0.1", port))
    sock.sendall(payload)
    sock.setblocking(False)
    return sock


class Attacker(threading.Thread):
    """Keeps the half-open and trickling connections open, reopening what the server drops."""

    def __init__(self, port, half_open, tricklers, reopen_rate, stop):
        super().__init__(daemon=True)
        self.port, self.stop = port, stop
        self.want = {"half-open": half_open, "trickler": tricklers}
        self.reopen_rate = reopen_rate
        self.open = {"half-open": 0, "trickler": 0}
        self.opened = 0
        self.dropped = 0
        self.refused = 0
        self.peak = {"half-open": 0, "trickler": 0}

    def payload(self, kind):
        if kind == "half-open":
            return b"POST /RPC2 HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow"
        return (b"POST /RPC2 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml\r\n"
                b"Content-Length: 1000000\r\n\r\n")

    def run(self):
        selector = selectors.DefaultSelector()
        budget, last_refill, last_trickle = 0.0, time.monotonic(), time.monotonic()
        while not self.stop.is_set():
            now = time.monotonic()
            budget = min(self.reopen_rate, budget + (now - last_refill) * self.reopen_rate)
            last_refill = now
            while budget >= 1 and not self.stop.is_set():
                # Open the kind furthest below its target first, so both kinds compete for slots.
                kind = min(self.want, key=lambda name: self.open[name] / max(1, self.want[name]))
                if self.open[kind] >= self.want[kind]:
                    break
                budget -= 1
                try:
                    sock = connect(self.port, "127.0.0.1", self.payload(kind))
                except OSError:
                    self.refused += 1
                    continue
                selector.register(sock, selectors.EVENT_READ, kind)
                self.open[kind] += 1
                self.opened += 1
            for kind in self.want:
                self.peak[kind] = max(self.peak[kind], self.open[kind])
            if now - last_trickle >= 1:
                last_trickle = now
                for key in list(selector.get_map().values()):
                    if key.data == "trickler":
                        try:
                            key.fileobj.send(b"x")
                        except OSError:
                            pass
            for key, _ in selector.select(timeout=0.05):
                try:
                    data = key.fileobj.recv(4096)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if not data:
                    selector.unregister(key.fileobj)
                    key.fileobj.close()
                    self.open[key.data] -= 1
                    self.dropped += 1
        for key in list(selector.get_map().values()):
            key.fileobj.close()


def legitimate_call(port, timeout):
    start = time.monotonic()
    sock = socket.socket()
    sock.bind(("127.0.0.2", 0))
    sock.settimeout(timeout)
    try:
        sock.connect(("127.0.0.1", port))
        sock.sendall(b"POST /RPC2 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml\r\n"
                     b"Connection: close\r\nContent-Length: %d\r\n\r\n%s" % (len(CALL), CALL))
        response = b""
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                break
            response += chunk
    except OSError as error:
        return time.monotonic() - start, f"error: {error}"
    finally:
        sock.close()
    elapsed = time.monotonic() - start
    if not response.startswith(b"HTTP/1.1 200") or b"<i8>5</i8>" not in response and b"<int>5</int>" not in response:
        return elapsed, "bad response: %r" % response[:80]
    return elapsed, None


def status_of(pid):
    fields = {}
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                name, _, value = line.partition(":")
                fields[name] = value.strip()
    except OSError:
        return None
    return int(fields["VmRSS"].split()[0]) // 1024, int(fields["Threads"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=".build/debug/xmlbind")
    parser.add_argument("--half-open", type=int, default=1000)
    parser.add_argument("--tricklers", type=int, default=100)
    parser.add_argument("--duration", type=float, default=40)
    parser.add_argument("--interval", type=float, default=0.5)
    parser.add_argument("--call-timeout", type=float, default=35)
    parser.add_argument("--reopen-rate", type=float, default=500)
    options = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = options.half_open + options.tricklers + 200
    if soft < need:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, need), hard))

    port = free_port()
    server = subprocess.Popen([options.binary, "rpc", "serve", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    print(server.stdout.readline().strip())
    time.sleep(0.3)
    baseline = status_of(server.pid)
    print(f"server idle: {baseline[0]} MB resident, {baseline[1]} threads")

    stop = threading.Event()
    attacker = Attacker(port, options.half_open, options.tricklers, options.reopen_rate, stop)
    attacker.start()
    samples = []
    sampler_stop = threading.Event()

    def sample():
        while not sampler_stop.is_set():
            status = status_of(server.pid)
            if status:
                samples.append(status)
            time.sleep(1)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    time.sleep(3)  # let the attack build up
    print(f"attack up: {attacker.open['half-open']} half-open and {attacker.open['trickler']} trickling "
          f"connections open ({attacker.opened} opened, {attacker.dropped} dropped by the server so far)")
    latencies, failures = [], []
    deadline = time.monotonic() + options.duration
    while time.monotonic() < deadline:
        elapsed, failure = legitimate_call(port, options.call_timeout)
        latencies.append(elapsed)
        if failure:
            failures.append(failure)
        time.sleep(max(0, options.interval - elapsed))
    stop.set()
    attacker.join()
    sampler_stop.set()
    sampler.join()
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        failures.append("server did not stop within 15 s of SIGTERM")

    latencies.sort()
    print(f"attacker: {attacker.opened} connections opened, {attacker.dropped} dropped by the server, "
          f"{attacker.refused} refused; at most {attacker.peak['half-open']} half-open and "
          f"{attacker.peak['trickler']} trickling open at once")
    print(f"legitimate calls from 127.0.0.2: {len(latencies)}, failed {len(failures)}, "
          f"p50 {latencies[len(latencies) // 2] * 1000:.1f} ms, max {latencies[-1] * 1000:.1f} ms")
    for failure in failures[:5]:
        print("  " + failure)
    if samples:
        print(f"server under attack: peak {max(s[0] for s in samples)} MB resident, "
              f"peak {max(s[1] for s in samples)} threads")
    slow = [latency for latency in latencies if latency >= 1]
    return 1 if failures or slow else 0


if __name__ == "__main__":
    sys.exit(main())
