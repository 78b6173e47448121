"""Prints methodResponse and methodCall documents as Python's xmlrpc.client writes them,
separated by NUL bytes: the forms a Python peer sends, for the fast reader's corpus."""
import datetime
import sys
import xmlrpc.client

values = [
    42, -2147483648, 2147483647, True, False, "", "   ", "a & b < c", "line\r\nbreak", "Grüße 日本 😀",
    1e300, -2.5e-10, 0.1, 3.0,
    datetime.datetime(2024, 5, 1, 12, 30, 0), xmlrpc.client.Binary(b""), xmlrpc.client.Binary(bytes(range(256)) * 3),
    [], {}, [1, "two", 3.0, [4, [5, {"six": 6}]]], {"a": {"b": {"c": [None, None]}}}, None,
    [{"id": i, "name": f"Customer {i}", "score": i * 0.37, "active": i % 3 != 0} for i in range(50)],
]
documents = [xmlrpc.client.dumps((value,), methodresponse=True, allow_none=True) for value in values]
documents.append(xmlrpc.client.dumps(tuple(values[:12]), "demo.call", allow_none=True))
documents.append(xmlrpc.client.dumps(xmlrpc.client.Fault(4, "Too many <parameters>"), methodresponse=True))
sys.stdout.write("\0".join(documents))
