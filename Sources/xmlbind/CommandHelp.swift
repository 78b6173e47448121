/// The tool's help texts: the overview, and one page per command.
///
/// A command added to the tool adds its page to ``pages``, so that `xmlbind <command>
/// --help` and `xmlbind help <command>` print it.
enum CommandHelp {
    /// The tool's version, printed by `xmlbind --version`.
    static let version = "0.1.0"

    static let overview = """
        USAGE: xmlbind <command> [arguments]
               xmlbind <command> --help
               xmlbind --version

        Binds XML to typed Swift objects with the XMLBind library.

        COMMANDS:
          demo              Bind a bundled DI configuration (beans.xml) into typed objects and
                            print the graph with each object's origin; write it back as XML and
                            read that again; then bind a broken copy and print its diagnostics.
          check FILE...     Check that each FILE is well-formed XML ('-' reads standard input).
                            Problems are printed to standard error as file:line:column
                            diagnostics. Exits 0 when all files are well-formed, 1 otherwise.
                            --fix applies the fix-its (--dry-run prints a diff instead);
                            --format json|sarif prints the diagnostics for tools.
          rpc URL METHOD [ARG...]
                            Call an XML-RPC method; print the result as an indented tree.
          rpc serve [--port N]
                            Serve a demo XML-RPC service on 127.0.0.1 until interrupted.
          schema [NAMESPACE]
                            Print the XML Schema of the demo's model, made from its mappings
                            (the beans namespace unless NAMESPACE is given; --list lists them).
          schema --output DIR
                            Write all the demo model's schemas into DIR, linked by
                            xs:import schemaLocation.
          feed FILE|URL     Read an RSS or Atom feed and print its kind and title, then each
                            item's date, title and link; --json for the whole feed as JSON.
          generate --name NAME --output DIR INPUT...
                            Write Swift types and their mappings from XML Schema, DTD or
                            WSDL files (every include and import read from local files),
                            with a typed SOAP client and service protocol for a WSDL.
          help [COMMAND]    Show this help, or a command's (also: -h, --help).

        OPTIONS:
          -h, --help        Show help.
          --version         Show the version.

        """

    /// Each command's own help, by command name.
    static let pages: [String: String] = [
        "rpc": RPCCommand.help,
        "schema": SchemaCommand.help,
        "generate": GenerateCommand.help,
        "feed": """
        USAGE: xmlbind feed [--json] FILE|URL

        Reads an RSS (0.90, 0.91, 0.92, 1.0, 2.0) or Atom (0.3, 1.0) feed from a file,
        from standard input ('-'), or from an http(s) URL, in any encoding, and prints
        its kind and title, then one line per item: its date (ISO 8601 when it reads,
        else as written), title and link, tab-separated. Problems are printed to
        standard error as file:line:column diagnostics.

        Exits 0 when the feed reads, 1 when it does not or cannot be fetched, and 2 for
        a usage error.

        OPTIONS:
          --json            Print the whole feed (every field of every item) as JSON.
          -h, --help        Show this help.

        """,
        "demo": """
        USAGE: xmlbind demo

        Binds the bundled DI configuration beans.xml into typed Swift classes and prints
        the mapping code it uses, then the object graph with each object's line and
        column. Writes the graph back as pretty-printed XML with the same mappings and
        reads that again, then binds a broken copy, beans-broken.xml, and prints every
        mistake in it as a diagnostic.

        Exits 0 when the demo ran as expected, 1 otherwise.

        OPTIONS:
          -h, --help        Show this help.

        """,
        "check": """
        USAGE: xmlbind check [--format text|json|sarif] [--fix [--dry-run]] [--] FILE...

        Parses each FILE with nothing registered (in lenient mode), so only
        well-formedness is checked. Each problem is printed to standard error as a
        file:line:column diagnostic with its source line, in color on a terminal
        (unless NO_COLOR is set), and under the caret the fix-it when there is one
        obvious correction (a bare '&' to '&amp;', a literal '<' to '&lt;', an
        element the next line's end tag shows was left open, a misspelt end tag, an
        attribute written twice with the same value). '-' reads standard input;
        after '--', every argument is a file, even one that starts with '-'.

        Exits 0 when every file is well-formed (after the fix-its, with --fix), 1
        when any is not or cannot be read, and 2 for a usage error.

        OPTIONS:
          --fix             Apply the fix-its, check again, and repeat while fix-its
                            are left (at most 100 rounds: a parse stops at the first
                            malformation, so each round fixes one); then replace the
                            file atomically. Prints each fix as file:line:column:
                            fixed: what, then the problems left. Not for '-'.
          --dry-run         With --fix: write nothing; print a unified diff of the
                            changes on standard output instead (--- a/FILE,
                            +++ b/FILE, hunks with 3 lines of context).
          --format FORMAT   text (the default): diagnostics on standard error.
                            json: one JSON document on standard output,
                            {"version": 1, "files": [{"path", "diagnostics",
                            "omitted", and with --fix "fixed" and "written"}]}; each
                            diagnostic has "severity", "code", "message", and when
                            known "line", "column" (characters), "byteOffset",
                            "sourceLine", "notes" and "fixIts" (each a "message" and
                            "edits": byte ranges "start"..<"end" and a "replacement").
                            sarif: a SARIF 2.1.0 log on standard output (rules are
                            the diagnostic codes; columns in UTF-16 code units; notes
                            as relatedLocations; fix-its as fixes).
          -h, --help        Show this help.

        """,
        "help": """
        USAGE: xmlbind help [COMMAND]

        Shows the tool's help, or COMMAND's.

        """,
    ]

    /// Whether an argument asks for help.
    static func isHelpFlag(_ argument: String) -> Bool {
        argument == "-h" || argument == "--help"
    }
}
