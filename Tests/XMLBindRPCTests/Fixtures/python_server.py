"""An XML-RPC peer for the interop tests: Python's own SimpleXMLRPCServer on 127.0.0.1.

Prints the chosen port on its first line, then serves until it is terminated (by PID).
"""
import signal
import sys
import time
import xmlrpc.client
from xmlrpc.server import SimpleXMLRPCRequestHandler, SimpleXMLRPCServer

last_accept_encoding = [""]


class Handler(SimpleXMLRPCRequestHandler):
    rpc_paths = ("/RPC2", "/")

    def do_POST(self):
        last_accept_encoding[0] = self.headers.get("Accept-Encoding", "")
        super().do_POST()

    def log_message(self, *args):
        pass


server = SimpleXMLRPCServer(("127.0.0.1", 0), requestHandler=Handler, allow_none=True,
                            use_builtin_types=True, logRequests=False)
server.register_introspection_functions()
server.register_multicall_functions()


def echo(value):
    """Returns its parameter."""
    return value


def echo_all(*values):
    return list(values)


def describe(value):
    """What Python received: its type's name and repr (Python cannot send ints beyond 32 bits back)."""
    return [type(value).__name__, repr(value)]


def fail(code, message):
    raise xmlrpc.client.Fault(code, message)


def crash():
    return 1 / 0


def big(count):
    return [{"index": i, "name": "item %d" % i, "ok": i % 2 == 0} for i in range(count)]


def add(a, b):
    return a + b


def typed():
    return {"int": 7, "double": 0.1, "huge": 1e300, "tiny": -2.5e-10,
            "when": xmlrpc.client.DateTime("20240501T12:30:05"), "bytes": b"\x00\x01\x02" * 40,
            "empty": b"", "text": "tab\tand <&> ü", "none": None, "flag": False, "list": [1, [2, [3]]]}


def accept_encoding():
    return last_accept_encoding[0]


server.register_function(echo)
server.register_function(echo_all, "echo_all")
server.register_function(describe)
server.register_function(fail)
server.register_function(crash)
server.register_function(big)
server.register_function(add)
server.register_function(typed)
server.register_function(accept_encoding)
# The test process may start us with signals blocked; the tests stop us with SIGTERM.
signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
print(server.server_address[1], flush=True)
server.serve_forever()
