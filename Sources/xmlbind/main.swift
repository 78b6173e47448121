import Foundation

/// The `xmlbind` command-line tool.
let arguments = Array(CommandLine.arguments.dropFirst())
let status: Int32

/// A usage mistake: says what is wrong, then how to ask for help, on standard error.
func usageError(_ problem: String, command: String? = nil) -> Int32 {
    let help = command.map { "xmlbind \($0) --help" } ?? "xmlbind --help"
    FileHandle.standardError.write("xmlbind: error: \(problem)\nRun '\(help)' for usage.\n")
    return 2
}

/// The arguments before a `--` (after which everything is an operand).
let options = arguments.prefix { $0 != "--" }

switch arguments.first {
case let command?
where CommandHelp.pages[command] != nil && options.dropFirst().contains(where: CommandHelp.isHelpFlag):
    print(CommandHelp.pages[command]!, terminator: "")
    status = 0
case "help", "-h", "--help":
    if arguments.count > 1 {
        if let page = CommandHelp.pages[arguments[1]] {
            print(page, terminator: "")
            status = 0
        } else {
            status = usageError("unknown command '\(arguments[1])'")
        }
    } else {
        print(CommandHelp.overview, terminator: "")
        status = 0
    }
case "--version":
    print("xmlbind \(CommandHelp.version)")
    status = 0
case "demo":
    status = arguments.count == 1 ? DemoCommand.run() : usageError("'demo' takes no arguments", command: "demo")
case "check":
    status = CheckCommand.run(Array(arguments.dropFirst()))
case "rpc":
    status =
        RPCCommand.run(Array(arguments.dropFirst()))
        ?? usageError("'rpc' takes URL METHOD [ARG...], or serve [--port N]", command: "rpc")
case "schema":
    status =
        SchemaCommand.accepts(Array(arguments.dropFirst()))
        ? SchemaCommand.run(Array(arguments.dropFirst()))
        : usageError("'schema' takes one argument, or --output DIR", command: "schema")
case "feed":
    status = FeedCommand.run(Array(arguments.dropFirst()))
case "generate":
    status = GenerateCommand.run(Array(arguments.dropFirst()))
case nil:
    FileHandle.standardError.write(CommandHelp.overview)
    status = 2
case let command?:
    status = usageError(
        command.hasPrefix("-") ? "unknown option '\(command)'" : "unknown command '\(command)'")
}
exit(status)
