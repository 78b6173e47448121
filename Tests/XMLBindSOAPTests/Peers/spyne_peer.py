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


def application(protocol):
    # validator=None: spyne 2.14's SOAP 1.2 cannot write the fault a schema validation error
    # makes (it raises while serialising it); the soft validator is enough for these tests.
    return Application([PeerService], tns=TNS, in_protocol=protocol(), out_protocol=protocol())


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
