import Foundation
import XMLBindSchema

// `xmlbind-generate`: the generator alone, for the build-tool plugin, which must not build
// the command-line tool's server libraries. Same arguments and output as `xmlbind generate`.
exit(GenerateTool.run(Array(CommandLine.arguments.dropFirst()), command: "xmlbind-generate"))
