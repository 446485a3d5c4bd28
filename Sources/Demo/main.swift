#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let usage = """
    tether-demo: a tour of Tether

    Shows what each lifetime does with object identities, validates the demo app and a broken variant,
    writes graph.dot and graph.mmd, and prints a start-up profile.

    usage: tether-demo [--output-dir DIR] [--help]

      --output-dir DIR   where to write graph.dot and graph.mmd (default: tether-demo-output)
      --help             show this help
    """

var arguments = Array(CommandLine.arguments.dropFirst())
var outputDirectory = "tether-demo-output"
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--help", "-h":
        print(usage)
        exit(0)
    case "--output-dir":
        guard let value = arguments.first else {
            printError("tether-demo: --output-dir needs a directory\n\n\(usage)")
            exit(2)
        }
        arguments.removeFirst()
        outputDirectory = value
    default:
        printError("tether-demo: unknown argument \(argument)\n\n\(usage)")
        exit(2)
    }
}

mkdir(outputDirectory, 0o755)
var tour = Tour(outputDirectory: outputDirectory) { print($0) }
do {
    try tour.run()
} catch {
    printError("tether-demo: \(error)")
    exit(1)
}

/// Writes a line to standard error.
func printError(_ text: String) {
    let line = text + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}
