import Foundation

/// The `xmlbind` command-line tool.
let usage = """
    USAGE: xmlbind <command> [arguments]

    Binds XML to typed Swift objects with the XMLBind library.

    COMMANDS:
      demo              Bind a bundled DI configuration (beans.xml) into typed objects and
                        print the graph with each object's origin; write it back as XML and
                        read that again; then bind a broken copy and print its diagnostics.
      check FILE...     Check that each FILE is well-formed XML ('-' reads standard input).
                        Problems are printed to standard error as file:line:column
                        diagnostics. Exits 0 when all files are well-formed, 1 otherwise.
      feed FILE|URL     Read an RSS or Atom feed (a file, '-' for standard input, or an
                        http(s) URL) and print its kind and title, then each item's date,
                        title and link, tab-separated. --json prints the whole feed as JSON.
                        Problems are diagnostics on standard error, with exit status 1.
      help              Show this help (also: -h, --help).

    """

let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch arguments.first {
case "demo" where arguments.count == 1:
    status = DemoCommand.run()
case "check" where arguments.count > 1:
    status = CheckCommand.run(Array(arguments.dropFirst()))
case "feed":
    status = FeedCommand.run(Array(arguments.dropFirst()))
case "help", "-h", "--help":
    print(usage, terminator: "")
    status = 0
case nil:
    FileHandle.standardError.write(usage)
    status = 2
case let command?:
    let problem =
        ["demo", "check"].contains(command)
        ? "wrong arguments for '\(command)'" : "unknown command '\(command)'"
    FileHandle.standardError.write("xmlbind: error: \(problem)\n\n\(usage)")
    status = 2
}
exit(status)
