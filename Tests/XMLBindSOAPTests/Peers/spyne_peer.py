"""A spyne 2.14 service the SOAP client tests call: document/literal wrapped, SOAP 1.1 at
/soap11 and SOAP 1.2 at /soap12. Listens on 127.0.0.1 on a free port, prints the port on
its first line, and serves until it is killed."""
import datetime
import logging
import signal
import sys
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from spyne import Application, Array, ComplexModel, Date, Fault, Integer, Unicode, rpc, ServiceBase
from spyne.protocol.soap import Soap11, Soap12
from spyne.server.wsgi import WsgiApplication
from spyne.util.wsgi_wrapper import WsgiMounter

TNS = "urn:xmlbind:test:peer"


class Person(ComplexModel):
    __namespace__ = TNS
    name = Unicode
    birthday = Date
    tags = Array(Unicode)


class PeerService(ServiceBase):
    @rpc(Integer, Integer, _returns=Integer)
    def add(ctx, a, b):
        return a + b

    @rpc(Unicode, _returns=Unicode)
    def echo(ctx, text):
        return text

    @rpc(Person, _returns=Person)
    def older(ctx, person):
        person.name = person.name + " (older)"
        person.birthday = person.birthday + datetime.timedelta(days=1)
        person.tags = (person.tags or []) + ["older"]
        return person

    @rpc(Array(Unicode), _returns=Array(Unicode))
    def reverse(ctx, items):
        return list(reversed(items or []))

    @rpc(Unicode, Integer, _returns=Integer)
    def fail(ctx, kind, operand):
        detail = {"mathError": {"message": "cannot divide " + str(operand) + " by zero", "operand": str(operand)}}
        if kind == "client":
            raise Fault(faultcode="Client.DivideByZero", faultstring="division by zero", detail=detail)
        raise Fault(faultcode="Server", faultstring="the server broke", faultactor="urn:peer")


class Credentials(ComplexModel):
    __namespace__ = TNS
    user = Unicode
    token = Unicode


class Session(ComplexModel):
    __namespace__ = TNS
    id = Unicode


NOTES = []


class HeaderService(ServiceBase):
    """SOAP headers both ways (soap:header in the WSDL's binding) and a one-way operation."""
    __in_header__ = Credentials
    __out_header__ = Session

    @rpc(Unicode, _returns=Unicode)
    def whoami(ctx, greeting):
        user = ctx.in_header.user if ctx.in_header is not None else None
        ctx.out_header = Session(id="session-of-" + str(user))
        return (greeting or "") + " " + str(user)

    # One-way: the WSDL's operation has no output; spyne still answers 200 with an empty
    # noteResponse element.
    @rpc(Unicode, _is_async=True)
    def note(ctx, text):
        if text == "refuse":
            raise Fault(faultcode="Client", faultstring="note refused")
        NOTES.append(text)

    @rpc(_returns=Integer)
    def notes(ctx):
        return len(NOTES)


def application(protocol):
    # validator=None: spyne 2.14's SOAP 1.2 cannot write the fault a schema validation error
    # makes (it raises while serialising it); the soft validator is enough for these tests.
    return Application([PeerService, HeaderService], tns=TNS, in_protocol=protocol(), out_protocol=protocol())


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args):
        pass


def main():
    # The test process may start us with signals blocked: let SIGTERM stop us.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    logging.basicConfig(level=logging.CRITICAL)
    mounted = WsgiMounter({
        "soap11": WsgiApplication(application(Soap11)),
        "soap12": WsgiApplication(application(Soap12)),
    })
    server = make_server("127.0.0.1", 0, mounted, WSGIServer, QuietHandler)
    print(server.server_port, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
