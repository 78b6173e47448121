"""Python's xmlrpc.client against our server, for the interop tests.

python3 python_client.py URL SCENARIO prints one JSON object per check:
{"check": name, "ok": true/false, "got": repr of what came back}. The Swift test expects
every check of the scenario, each ok.
"""
import datetime
import http.client
import json
import sys
import threading
import time
import urllib.parse
import xmlrpc.client

url, scenario = sys.argv[1], sys.argv[2]


class RecordingTransport(xmlrpc.client.Transport):
    """Records the Content-Encoding of the last response; gzips requests over 1 KiB."""
    content_encoding = None

    def parse_response(self, response):
        RecordingTransport.content_encoding = response.getheader("Content-Encoding")
        return super().parse_response(response)


transport = RecordingTransport(use_builtin_types=True)
transport.encode_threshold = 1024
server = xmlrpc.client.ServerProxy(url, allow_none=True, use_builtin_types=True, transport=transport)


def check(name, got, expected):
    print(json.dumps({"check": name, "ok": got == expected, "got": repr(got)}), flush=True)


def fault_of(call):
    try:
        call()
        return None
    except xmlrpc.client.Fault as fault:
        return fault.faultCode


if scenario == "types":
    values = {
        "i4 max": 2 ** 31 - 1, "i4 min": -2 ** 31, "empty": "", "whitespace": "  \t\n ",
        "special": "<a href=\"x\">&amp; ]]> '</a>", "non-ASCII": "Grüße, 日本語, 🎉",
        "doubles": [0.1, 1e300, -2.5e-10, 5e-324], "booleans": [True, False],
        "dateTime": datetime.datetime(2024, 5, 1, 12, 30, 5), "bytes": bytes(range(256)),
        "empty bytes": b"", "none": None, "empty list": [], "empty dict": {},
        "nested": {"name": "outer", "inner": {"list": [1, "two", {"three": 3.0}], "deeper": {"x": [[], [[]]]}}},
    }
    for name, value in values.items():
        check(name, server.echo(value), value)
    check("carriage return from us", server.carriageReturn(), "a\rb\r\n")
    check("i8 from us", server.wide(2 ** 30), 2 ** 32)
    check("add", server.add(2, 3), 5)
    big = ["item %d" % i for i in range(3000)]
    check("gzipped request and response", server.echo(big), big)
    check("response was gzipped", RecordingTransport.content_encoding, "gzip")
elif scenario == "faults":
    check("thrown fault", fault_of(lambda: server.fail(4, "four")), 4)
    check("unknown method", fault_of(lambda: server.no_such_method()), -32601)
    check("wrong count", fault_of(lambda: server.add(1)), -32602)
    check("wrong type", fault_of(lambda: server.add(1, "two")), -32602)
    check("other error", fault_of(lambda: server.crash()), -32500)
    try:
        server.fail(9, "nine <&>")
    except xmlrpc.client.Fault as fault:
        check("fault string", fault.faultString, "nine <&>")
elif scenario == "multicall":
    multi = xmlrpc.client.MultiCall(server)
    multi.add(1, 2)
    multi.fail(5, "five")
    multi.echo("x")
    results = multi()
    check("first", results[0], 3)
    check("second", fault_of(lambda: results[1]), 5)
    check("third", results[2], "x")
elif scenario == "introspection":
    methods = server.system.listMethods()
    check("lists validator1", "validator1.easyStructTest" in methods and "system.multicall" in methods, True)
    check("help", server.system.methodHelp("echo"), "Returns its parameter.")
    check("typed signature", server.system.methodSignature("add"), [["int", "int", "int"]])
    check("raw signature", server.system.methodSignature("count"), [["int", "array"]])
elif scenario == "validator1":
    stooges = [{"curly": i, "larry": 2 * i, "moe": 3 * i} for i in range(1, 6)]
    check("arrayOfStructsTest", server.validator1.arrayOfStructsTest(stooges), 15)
    check("countTheEntities", server.validator1.countTheEntities("<<>&'\"\"x"),
          {"ctLeftAngleBrackets": 2, "ctRightAngleBrackets": 1, "ctAmpersands": 1, "ctApostrophes": 1, "ctQuotes": 2})
    check("easyStructTest", server.validator1.easyStructTest({"moe": 1, "larry": 2, "curly": 3}), 6)
    echoed = {"a": 1, "b": {"c": [1, 2, "three"]}, "d": "e"}
    check("echoStructTest", server.validator1.echoStructTest(echoed), echoed)
    when = datetime.datetime(1999, 12, 31, 23, 59, 59)
    check("manyTypesTest", server.validator1.manyTypesTest(7, True, "s", -1.5, when, b"\x01\x02"),
          [7, True, "s", -1.5, when, b"\x01\x02"])
    texts = ["first"] + ["x"] * 150 + ["last"]
    check("moderateSizeArrayCheck", server.validator1.moderateSizeArrayCheck(texts), "firstlast")
    calendar = {"2000": {"04": {"01": {"moe": 12, "larry": 13, "curly": 14}},
                         "03": {"31": {"moe": 1, "larry": 1, "curly": 1}}}}
    check("nestedStructTest", server.validator1.nestedStructTest(calendar), 39)
    check("simpleStructReturnTest", server.validator1.simpleStructReturnTest(6),
          {"times10": 60, "times100": 600, "times1000": 6000})
elif scenario == "concurrent":
    # Each call waits in the server until all four are there at once: a server that held
    # one call up behind another would answer False.
    results = []
    def together():
        results.append(xmlrpc.client.ServerProxy(url).together(4))
    threads = [threading.Thread(target=together) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    check("four slow calls run at once", results, [True] * 4)
elif scenario == "hostile":
    parts = urllib.parse.urlparse(url)
    laughs = ('<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaaaaaaaa">'
              + "".join('<!ENTITY %s "%s">' % (chr(98 + i), ("&%s;" % chr(97 + i)) * 10) for i in range(8))
              + ']><methodCall><methodName>echo</methodName><params><param><value>&i;</value></param></params></methodCall>')
    deep = "<methodCall><methodName>echo</methodName><params><param>" + "<value><array><data>" * 5000 + "</data></array></value>" * 5000 + "</param></params></methodCall>"
    for name, body in [("billion laughs", laughs), ("deep nesting", deep), ("not XML", "hello"),
                       ("not XML-RPC", "<methodCall><nonsense/></methodCall>")]:
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
        connection.request("POST", parts.path, body.encode(), {"Content-Type": "text/xml"})
        response = connection.getresponse()
        try:
            xmlrpc.client.loads(response.read())
            code = None
        except xmlrpc.client.Fault as fault:
            code = fault.faultCode
        check(name, (response.status, code in (-32700, -32600)), (200, True))
    check("still serving", server.add(1, 1), 2)
