"""Calls the Swift service from the WSDL it serves, with zeep 4.3, in both SOAP versions.

    zeep_client.py WSDL_URL

Prints one JSON line: each call's result (or fault) per version, the parallel calls' results,
and every warning zeep or the warnings module gave while reading the WSDL and calling."""
import concurrent.futures
import datetime
import json
import logging
import sys
import warnings


class Collect(logging.Handler):
    def __init__(self):
        super().__init__(level=logging.WARNING)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.name + ": " + record.getMessage())


def fault_info(fault):
    return {"fault": fault.message, "code": str(fault.code), "subcodes": [str(s) for s in (fault.subcodes or [])],
            "detail": None if fault.detail is None else {child.tag: [c.text for c in child] for child in fault.detail}}


def main():
    collected = Collect()
    logging.getLogger().addHandler(collected)
    logging.getLogger().setLevel(logging.WARNING)
    warnings.simplefilter("always")
    caught = []
    with warnings.catch_warnings(record=True) as raised:
        import zeep
        from zeep.exceptions import Fault

        url = sys.argv[1]
        output = {}
        for port in ["TestServiceSoap11Port", "TestServiceSoap12Port"]:
            client = zeep.Client(url)
            service = client.bind("TestService", port)
            results = {}
            results["add"] = service.add(a=40, b=2)
            results["echo"] = [service.echo(text=t) for t in ["Grüße 世界", "<&>\"'", "a\r\nb", ""]]
            results["echoNone"] = service.echo(text=None)
            person = service.older(person={"name": "Zoë", "birthday": datetime.date(2000, 2, 28), "tag": ["a", "b"]})
            results["older"] = {"name": person.name, "birthday": person.birthday.isoformat(), "tags": list(person.tag)}
            results["reverse"] = list(service.reverse(tag=["x", "y", "z"]) or [])
            results["reverseEmpty"] = list(service.reverse(tag=[]) or [])
            try:
                service.divide(a=7, b=0)
                results["divide"] = "no fault"
            except Fault as fault:
                results["divide"] = fault_info(fault)
            try:
                service.add(a=2**62, b=2**62)
                results["overflow"] = "no fault"
            except Fault as fault:
                results["overflow"] = fault_info(fault)
            with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
                sums = list(pool.map(lambda n: service.add(a=n, b=n), range(16)))
            results["parallel"] = sums
            output[port] = results
        caught = [str(w.message) for w in raised]
    output["warnings"] = caught + collected.messages
    print(json.dumps(output, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    sys.exit(main())
