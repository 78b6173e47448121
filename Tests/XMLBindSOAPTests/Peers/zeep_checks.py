"""Checks zeep 4.3 against the Swift service, reading the WSDL the service serves, in both
SOAP versions: lists of values, strings with spaces, a struct with nil and lists, faults.

    zeep_checks.py WSDL_URL

Prints one JSON line: for each port, each check's name and "ok" or what went wrong; and
every warning zeep or the warnings module gave."""
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


def check(results, name, call, expected):
    try:
        got = call()
    except Exception as error:  # noqa: BLE001 - every failure is a result to report
        results[name] = "raised " + type(error).__name__ + ": " + str(error)[:300]
        return
    results[name] = "ok" if got == expected else "got " + repr(got)[:300]


def fault_of(call):
    from zeep.exceptions import Fault
    try:
        call()
    except Fault as fault:
        return fault
    raise AssertionError("no fault")


def local(code):
    """The local name of a code as zeep gives it: 'soap:Client', '{ns}Sender', 'Sender'."""
    text = str(code)
    return text.rsplit("}", 1)[-1].rsplit(":", 1)[-1] if not text.endswith("Authentication") else text


def run(client, port, version):
    service = client.bind("TestService", port)
    results = {}
    check(results, "add", lambda: service.add(a=40, b=2), 42)
    check(results, "echo unicode", lambda: service.echo(text="Grüße 世界"), "Grüße 世界")
    check(results, "echo markup", lambda: service.echo(text="<&>\"'"), "<&>\"'")
    check(results, "echo nil", lambda: service.echo(text=None), None)
    check(results, "sumList", lambda: service.sumList(values={"int": [1, 2, 3, -10]}), -4)
    check(results, "sumList one", lambda: service.sumList(values={"int": [5]}), 5)
    check(results, "sumList empty", lambda: service.sumList(values={"int": []}), 0)
    words = ["poetry & science", "a  b", "x"]
    check(results, "echoStrings with spaces", lambda: list(service.echoStrings(items={"string": words})), words)
    check(results, "echoStrings one", lambda: list(service.echoStrings(items={"string": ["one two"]})), ["one two"])
    person = {}

    def get_person():
        person["value"] = service.getPerson(name="Ada")
        return person["value"].name

    check(results, "getPerson", get_person, "Ada")
    check(results, "getPerson nil", lambda: person["value"].nickname, None)
    check(results, "getPerson age", lambda: person["value"].age, 36)
    check(results, "getPerson emails", lambda: list(person["value"].emails.email),
          ["ada@example.com", "countess@example.org"])
    check(results, "getPerson strings with spaces", lambda: list(person["value"].interests.string),
          ["poetry & science", "analytical engines"])
    divide = {}

    def divide_fault():
        divide["fault"] = fault_of(lambda: service.divide(a=7, b=0))
        return divide["fault"].message

    check(results, "fault reason", divide_fault, "division by zero")
    check(results, "fault code", lambda: local(divide["fault"].code), "Client" if version == "1.1" else "Sender")
    check(results, "fault detail", lambda: {c.tag: [e.text for e in c] for c in divide["fault"].detail},
          {"{urn:xmlbind:test:service}divideError": ["7", "traced as "]})
    if version == "1.2":
        check(results, "fault subcode", lambda: [str(s) for s in divide["fault"].subcodes],
              ["{urn:xmlbind:test:service}DivideByZero"])
    check(results, "receiver fault", lambda: local(fault_of(lambda: service.add(a=2**62, b=2**62)).code),
          "Server" if version == "1.1" else "Receiver")
    login = {}

    def login_fault():
        login["fault"] = fault_of(lambda: service.login(user="eve"))
        return login["fault"].message

    check(results, "dotted code reason", login_fault, "unknown user eve")
    if version == "1.1":
        check(results, "dotted code", lambda: str(login["fault"].code).split(":")[-1], "Client.Authentication")
    else:
        # A 1.1 Client.* code is a Sender fault in 1.2, with the 1.1 code as its subcode.
        check(results, "dotted code", lambda: (local(login["fault"].code), [str(s) for s in login["fault"].subcodes]),
              ("Sender", ["{http://schemas.xmlsoap.org/soap/envelope/}Client.Authentication"]))
    return results


def main():
    collected = Collect()
    logging.getLogger().addHandler(collected)
    logging.getLogger().setLevel(logging.WARNING)
    warnings.simplefilter("always")
    with warnings.catch_warnings(record=True) as raised:
        import zeep

        output = {}
        for port, version in [("TestServiceSoap11Port", "1.1"), ("TestServiceSoap12Port", "1.2")]:
            try:
                output[port] = run(zeep.Client(sys.argv[1]), port, version)
            except Exception as error:  # noqa: BLE001 - a WSDL zeep refuses is a result too
                output[port] = {"wsdl": "raised " + type(error).__name__ + ": " + str(error)[:300]}
        caught = [str(w.message) for w in raised]
    output["warnings"] = caught + collected.messages
    print(json.dumps(output, ensure_ascii=False), flush=True)


if __name__ == "__main__":
    sys.exit(main())
