import Foundation

// `swift run demo`: a movie catalogue browser built from the whole toolkit (see `DemoApp`);
// `swift run demo tour` runs the README's tour; `swift run demo --help` lists the options.
let status = DemoApp.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    output: { Swift.print($0) },
    errorOutput: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
    readLine: { Swift.readLine() }
)
exit(status)
