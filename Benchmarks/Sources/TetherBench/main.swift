// tether-bench: hand-written code vs Tether vs Swinject, one run, one table.
//
//   swift run -c release --package-path Benchmarks tether-bench            # the full table (about a minute)
//   swift run -c release --package-path Benchmarks tether-bench --quick    # a few iterations of everything (CI)
//   tether-bench --only S2,C2                                              # some rows
//   tether-bench --loop S2 Tether 10                                       # one contender's loop for 10 s (perf)
//
// Mallocs are counted by ordo-one's malloc-interposer (package-benchmark's), in a child process of this
// executable started with `--count-mallocs`. Times are measured in this process with libc's own malloc: SwiftPM
// links the interposer into the executable (a dependency is how `swift run` builds it), and a linked interposer
// replaces malloc for the whole process, adding about 4 ns to every malloc/free pair even while it does not
// count. So on Linux the timing process re-executes itself once with libc preloaded, which puts libc's malloc
// ahead of the interposer's (see `useLibcMalloc()`). No thresholds: the table reports, it does not judge.

import BenchSupport
import Scenarios

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: Options

struct Options {
    var quick = false
    var countMallocsOnly = false
    var only: Set<String>?
    var loop: (id: String, contender: Int, seconds: Double)?

    init(_ arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--count-mallocs": countMallocsOnly = true
            case "--only":
                guard let list = rest.popFirst() else { Self.usage("--only needs a list, e.g. --only S1,S2") }
                only = Set(list.split(separator: ",").map { $0.uppercased() })
            case "--loop":
                guard let id = rest.popFirst(), let name = rest.popFirst(),
                    let contender = contenderNames.firstIndex(where: { $0.lowercased() == name.lowercased() })
                else { Self.usage("--loop needs a row and a contender, e.g. --loop S2 Tether 10") }
                let seconds = rest.first.flatMap(Double.init) ?? 10
                if rest.first.flatMap(Double.init) != nil { rest.removeFirst() }
                loop = (id.uppercased(), contender, seconds)
            case "-h", "--help": Self.usage(nil)
            default: Self.usage("unknown argument \(argument)")
            }
        }
        if getenv("TETHER_BENCH_QUICK").map({ String(cString: $0) }) == "1" { quick = true }
    }

    func includes(_ id: String) -> Bool { only?.contains(id.uppercased()) ?? true }

    static func usage(_ problem: String?) -> Never {
        if let problem { print("tether-bench: \(problem)") }
        print(
            """
            usage: tether-bench [--quick] [--only S1,S2,...] [--loop ROW CONTENDER [SECONDS]]
              --quick      a few iterations of every row (also TETHER_BENCH_QUICK=1), for CI; numbers are noise
              --only       only these rows (S1 S2 S3 S4 W1 S5 V2 V2w CH1 C2 V1 R1 L1 M1 D1 RS1)
              --loop       run one contender's loop of one row for SECONDS (default 10), for perf/callgrind
            contenders: \(contenderNames.joined(separator: ", "))
            """)
        exit(problem == nil ? 0 : 2)
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))

// MARK: Measuring

/// Target length of one timed batch; long enough that the clock reads and the call into the runner vanish.
let batchNanoseconds: UInt64 = options.quick ? 0 : 2_000_000
/// Timed batches per contender and row, taken in turns (hand-written, Tether, Swinject, hand-written, ...) so
/// that a slow moment of the shared machine hits all three alike. The median is reported.
let rounds = options.quick ? 1 : 31

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// Calls per batch for `runner`: doubled from the scenario's minimum until a batch takes `batchNanoseconds`.
func calibrate(_ runner: Runner, minimum: Int) -> Int {
    var calls = minimum
    while true {
        let meter = Meter(countsMallocs: false)
        runner(calls, meter)
        if meter.nanoseconds >= batchNanoseconds || options.quick { return calls }
        // Aim at the target directly once a batch is long enough to trust, otherwise double.
        if meter.nanoseconds > 1_000_000 {
            return max(calls, Int(Double(calls) * Double(batchNanoseconds) / Double(meter.nanoseconds)))
        }
        calls *= 2
    }
}

/// Median nanoseconds per operation of each contender.
func time(_ scenario: Scenario, _ runners: [Runner]) -> [Double] {
    let calls = runners.map { calibrate($0, minimum: scenario.minimumCallsPerBatch) }  // also the warm-up
    var samples = Array(repeating: [Double](), count: runners.count)
    for _ in 0..<rounds {
        for (index, runner) in runners.enumerated() {
            let meter = Meter(countsMallocs: false)
            runner(calls[index], meter)
            samples[index].append(Double(meter.nanoseconds) / Double(calls[index] * scenario.operationsPerCall))
        }
    }
    return samples.map(median)
}

/// Mallocs per operation of each contender, after one warm-up call; needs the interposer in this process.
func mallocs(_ scenario: Scenario, _ runners: [Runner]) -> [Double] {
    let calls = scenario.operationsPerCall == 1 ? 1_000 : 2
    return runners.map { runner in
        runner(1, Meter(countsMallocs: false))
        let meter = Meter(countsMallocs: true)
        runner(calls, meter)
        return Double(meter.mallocs) / Double(calls * scenario.operationsPerCall)
    }
}

struct Concurrency {
    /// Nanoseconds per operation with two threads, counting the operations of both (wall time / operations).
    var twoThreadNanoseconds: [Double]
    /// Throughput of two threads over throughput of one.
    var scaling: [Double]
}

/// C2: each contender's loop on one thread, then on two at once, in turns.
func measure(_ scenario: ConcurrentScenario) -> Concurrency {
    let loops = scenario.makeLoops()
    let operations: [Int] = loops.map { loop in
        if options.quick { return 1_000 }
        var n = 1_000
        while true {  // one thread for about 50 ms
            let count = n
            let elapsed = runConcurrently(threads: 1) { loop(count) }
            if elapsed >= 50_000_000 { return n }
            n = elapsed > 5_000_000 ? Int(Double(n) * 50_000_000 / Double(elapsed)) + 1 : n * 4
        }
    }
    var two = Array(repeating: [Double](), count: loops.count)
    var scaling = Array(repeating: [Double](), count: loops.count)
    for _ in 0..<(options.quick ? 1 : 7) {
        for (index, loop) in loops.enumerated() {
            let n = operations[index]
            let one = runConcurrently(threads: 1) { loop(n) }
            let both = runConcurrently(threads: 2) { loop(n) }
            two[index].append(Double(both) / Double(2 * n))
            scaling[index].append(2 * Double(one) / Double(both))
        }
    }
    return Concurrency(twoThreadNanoseconds: two.map(median), scaling: scaling.map(median))
}

// MARK: The malloc-counting child

/// The path of this executable.
func executablePath() -> String {
    #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return length > 0
            ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments[0]
    #else
        return CommandLine.arguments[0]
    #endif
}

/// Runs this executable again with the malloc interposer preloaded and `--count-mallocs`, and reads back
/// mallocs per operation by row and contender; why not, if it could not.
func countMallocsInChild() -> Result<[String: [Double]], MallocCountFailure> {
    let executable = executablePath()
    let directory = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    #if os(Linux)
        let (variable, library) = ("LD_PRELOAD", "\(directory)/libMallocInterposerSwift.so")
    #else
        let (variable, library) = ("DYLD_INSERT_LIBRARIES", "\(directory)/libMallocInterposerSwift.dylib")
    #endif
    guard access(library, R_OK) == 0 else { return .failure(.init(reason: "\(library) not found")) }
    var command =
        "\(variable)=\(shellQuoted(library)) TETHER_BENCH_REEXECUTED=1 \(shellQuoted(executable)) --count-mallocs"
    if options.quick { command += " --quick" }
    if let only = options.only { command += " --only \(only.sorted().joined(separator: ","))" }
    guard let pipe = popen(command, "r") else { return .failure(.init(reason: "could not start \(command)")) }
    var output = ""
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), pipe) != nil {
        output += String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    let status = pclose(pipe)
    guard status == 0 else {
        return .failure(.init(reason: "the malloc-counting child failed (status \(status)):\n\(output)"))
    }
    var counts: [String: [Double]] = [:]
    for line in output.split(separator: "\n") {
        let fields = line.split(separator: " ")
        // `mallocs ROW a b c` per row; `bytes R1 a b c` for R1's bytes per registration.
        guard fields.first == "mallocs" || fields.first == "bytes", fields.count == 2 + contenderNames.count else {
            continue
        }
        counts[String(fields[1])] = fields.dropFirst(2).compactMap { Double($0) }
    }
    return .success(counts)
}

struct MallocCountFailure: Error {
    let reason: String
}

func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

// MARK: Which malloc

/// The file mapped at `address`, from /proc/self/maps (Glibc's Swift overlay does not offer `dladdr`).
func mappedFile(containing address: UnsafeMutableRawPointer) -> String? {
    #if os(Linux)
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        let target = UInt(bitPattern: address)
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), maps) != nil {
            let line = String(
                decoding: buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            let range = fields.first?.split(separator: "-") ?? []
            guard fields.count >= 6, range.count == 2, let low = UInt(range[0], radix: 16),
                let high = UInt(range[1], radix: 16), low <= target, target < high
            else { continue }
            return String(fields[5])
        }
    #endif
    return nil
}

/// The file that defines the `malloc` this process calls.
func mallocProvider() -> String {
    #if os(Linux)
        return dlsym(nil, "malloc").flatMap(mappedFile) ?? "unknown"
    #else
        return "the system allocator"
    #endif
}

/// Re-executes this process with libc preloaded when the (linked) interposer provides `malloc`, so that the
/// timed code allocates as any program does. Returns only if no re-execution is needed or possible.
func useLibcMalloc() {
    #if os(Linux)
        guard mallocProvider().contains("MallocInterposer"), getenv("TETHER_BENCH_REEXECUTED") == nil,
            let libc = dlsym(nil, "gnu_get_libc_version").flatMap(mappedFile)
        else { return }
        let existing = getenv("LD_PRELOAD").map { ":" + String(cString: $0) } ?? ""
        setenv("LD_PRELOAD", libc + existing, 1)
        setenv("TETHER_BENCH_REEXECUTED", "1", 1)
        execv(executablePath(), CommandLine.unsafeArgv)
        print("tether-bench: could not re-execute with libc's malloc (errno \(errno)); timing with the interposer")
    #endif
}

// MARK: Modes

/// R1's graph size.
let registrationMemoryComponents = 10_000
/// L1's number of late registrations.
let lateRegistrations = 10_000
/// M1's rounds of register, resolve and unregister.
let churnCycles = 10_000

if options.countMallocsOnly {
    guard MallocCounter.isAvailable else {
        print("tether-bench --count-mallocs: the malloc interposer is not loaded (preload libMallocInterposerSwift)")
        exit(1)
    }
    for scenario in scenarios where options.includes(scenario.id) {
        let counts = mallocs(scenario, scenario.makeRunners())
        print("mallocs \(scenario.id) " + counts.map { String($0) }.joined(separator: " "))
    }
    if options.includes("R1"), let bytes = measureRegistrationMemory(components: registrationMemoryComponents) {
        print("bytes R1 " + bytes.map { String($0) }.joined(separator: " "))
    }
    if options.includes("L1"), let bytes = measureLateRegistrationMemory(registrations: lateRegistrations) {
        print("bytes L1 " + bytes.map { String($0) }.joined(separator: " "))
    }
    if options.includes("M1"), let bytes = measureChurnMemory(cycles: churnCycles) {
        print("bytes M1 " + bytes.map { String($0) }.joined(separator: " "))
    }
    exit(0)
}

useLibcMalloc()

if let loop = options.loop {
    guard let scenario = scenarios.first(where: { $0.id.uppercased() == loop.id }) else {
        if loop.id == c2.id {
            let body = c2.makeLoops()[loop.contender]
            let end = monotonicNanoseconds() + UInt64(loop.seconds * 1e9)
            var total = 0
            while monotonicNanoseconds() < end {
                _ = runConcurrently(threads: 2) { body(100_000) }
                total += 200_000
            }
            print("C2 \(contenderNames[loop.contender]): \(total) operations on two threads")
            exit(0)
        }
        Options.usage("no row \(loop.id)")
    }
    let runner = scenario.makeRunners()[loop.contender]
    let calls = max(scenario.minimumCallsPerBatch, scenario.operationsPerCall == 1 ? 100_000 : 1)
    let end = monotonicNanoseconds() + UInt64(loop.seconds * 1e9)
    var total = 0
    let meter = Meter(countsMallocs: false)
    while monotonicNanoseconds() < end {
        runner(calls, meter)
        total += calls * scenario.operationsPerCall
    }
    print(
        "\(scenario.id) \(contenderNames[loop.contender]): \(total) operations, "
            + format(Double(meter.nanoseconds) / Double(total), digits: 1) + " ns each")
    exit(0)
}

// MARK: The table

func format(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "—" }
    var scaled = value
    for _ in 0..<digits { scaled *= 10 }
    let rounded = Int(scaled.rounded())
    if digits == 0 { return String(rounded) }
    var text = String(abs(rounded))
    while text.count <= digits { text = "0" + text }
    text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
    return (rounded < 0 ? "-" : "") + text
}

func nanoseconds(_ value: Double) -> String { format(value, digits: value < 100 ? 1 : 0) }
func ratio(_ value: Double) -> String { format(value, digits: 2) + "x" }
func count(_ value: Double?) -> String { value.map { format($0, digits: $0 == $0.rounded() ? 0 : 2) } ?? "n/a" }

func cpuModel() -> String {
    #if os(Linux)
        guard let file = fopen("/proc/cpuinfo", "r") else { return "unknown CPU" }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if line.hasPrefix("model name") {
                return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingWhitespace() } ?? line
            }
        }
    #endif
    return "unknown CPU"
}

extension Substring {
    func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\n" || $0 == "\t" }.reversed())
    }
}

func loadAverage() -> String {
    var loads = [Double](repeating: 0, count: 3)
    guard getloadavg(&loads, 3) == 3 else { return "unknown" }
    return loads.map { format($0, digits: 2) }.joined(separator: " ")
}

func today() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    var buffer = [CChar](repeating: 0, count: 64)
    let length = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M UTC", &parts)
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

// Mallocs first, in the child, so that the timing below has the machine to itself.
let mallocCounts = countMallocsInChild()

print("tether-bench\(options.quick ? " --quick (numbers are noise; for CI only)" : ""), \(today())")
print(
    "\(cpuModel()), \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores online, load average \(loadAverage()) before the run")
print(
    "single-threaded rows: median of \(rounds) batches of ~\(batchNanoseconds / 1_000_000) ms of thread CPU time; C2: wall time"
)
print("malloc for timing: \(mallocProvider()); mallocs counted by malloc-interposer in a child process")
print(
    "Tether: default (thread-safe) configuration. Swinject 2.10.0: \(swinjectUnsynchronized ? "plain Container (not thread-safe) in single-threaded rows" : "synchronize()d resolver (its thread-safe configuration)")."
)
if case .failure(let failure) = mallocCounts {
    print("mallocs not counted: \(failure.reason)")
}
print("")

print(
    "| Row | Scenario | hand-written ns/op | Tether ns/op | Swinject ns/op | Tether/hand | Swinject/Tether | Tether mallocs/op | hand mallocs/op | Swinject mallocs/op |"
)
print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")

func emit(_ row: String) {
    print(row)
    fflush(nil)  // all streams: the rows appear as they are measured, also through a pipe
}

for scenario in scenarios where options.includes(scenario.id) {
    let ns = time(scenario, scenario.makeRunners())
    let counts = try? mallocCounts.get()[scenario.id]
    let unit = scenario.operationsPerCall == 1 ? "" : " (per component)"
    emit(
        "| \(scenario.id) | \(scenario.title)\(unit) | \(nanoseconds(ns[0])) | \(nanoseconds(ns[1])) | \(nanoseconds(ns[2])) "
            + "| \(ratio(ns[1] / ns[0])) | \(ratio(ns[2] / ns[1])) "
            + "| \(count(counts?[1])) | \(count(counts?[0])) | \(count(counts?[2])) |")
}
var concurrency: Concurrency?
if options.includes(c2.id) {
    let result = measure(c2)
    concurrency = result
    let ns = result.twoThreadNanoseconds
    let counts = try? mallocCounts.get()["S2"]
    emit(
        "| C2 | \(c2.title) (wall ns per op, both threads' ops) | \(nanoseconds(ns[0])) | \(nanoseconds(ns[1])) | \(nanoseconds(ns[2])) "
            + "| \(ratio(ns[1] / ns[0])) | \(ratio(ns[2] / ns[1])) | \(count(counts?[1])) | \(count(counts?[0])) | \(count(counts?[2])) |"
    )
}
if let concurrency {
    print("")
    print(
        "C2 throughput, two threads / one thread: "
            + zip(contenderNames, concurrency.scaling).map { "\($0) \(ratio($1))" }.joined(separator: ", "))
    print(
        "(hand-written is the control: well under 2x means this process did not get two free cores, e.g. other load;"
            + " Linux's autogroup scheduling shares the CPU per session, not per thread)")
}
if options.includes("V1") {
    print("")
    print(
        "V1: `validate()` on generated graphs (snapshot, then checks), median thread CPU time; Swinject cannot validate"
    )
    print("")
    print("| Components | snapshot ms | validate ms | total ms | µs per component | findings |")
    print("|---:|---:|---:|---:|---:|---:|")
    var timings: [ValidationTiming] = []
    for (components, repeats) in options.quick ? [(1_000, 1), (10_000, 1)] : [(1_000, 11), (10_000, 7), (100_000, 3)] {
        let timing = measureValidation(components: components, repeats: repeats)
        timings.append(timing)
        emit(
            "| \(components) | \(format(timing.snapshotMilliseconds, digits: 1)) | \(format(timing.validateMilliseconds, digits: 1)) "
                + "| \(format(timing.totalMilliseconds, digits: 1)) "
                + "| \(format(timing.totalMilliseconds * 1_000 / Double(components), digits: 2)) | \(timing.findings) |"
        )
    }
    let growth = zip(timings, timings.dropFirst()).map {
        "\($0.components) → \($1.components): \(ratio($1.totalMilliseconds / $0.totalMilliseconds))"
    }
    print("growth per 10x components (linear is 10.00x): " + growth.joined(separator: ", "))
}
if options.includes("R1") {
    print("")
    if let bytes = try? mallocCounts.get()["R1"], bytes.count == 3 {
        print(
            "R1: heap bytes retained per registration, \(registrationMemoryComponents) registrations (malloc-interposer,"
                + " requested sizes): Tether \(format(bytes[0], digits: 0)) registered + \(format(bytes[1], digits: 0)) for the first resolve"
                + " (which binds only what it needs); Swinject \(format(bytes[2], digits: 0)) registered")
    } else {
        print("R1: not measured (needs the malloc-counting child)")
    }
}
if options.includes("L1") {
    print("")
    print(
        "L1: late registration, registering and resolving in turn (as feature modules registered after start-up)"
            + " against registering everything first; thread CPU ms")
    print("")
    print("| Registrations | Tether in turn | Tether all first | Swinject in turn |")
    print("|---:|---:|---:|---:|")
    var timings: [LateRegistrationTiming] = []
    for registrations in options.quick ? [100, 1_000] : [1_000, 10_000] {
        let timing = measureLateRegistration(registrations: registrations)
        timings.append(timing)
        emit(
            "| \(registrations) | \(format(timing.interleavedMilliseconds, digits: 1)) "
                + "| \(format(timing.upfrontMilliseconds, digits: 1)) | \(format(timing.swinjectMilliseconds, digits: 1)) |"
        )
    }
    if let first = timings.first, let last = timings.last, timings.count == 2 {
        print(
            "growth \(first.registrations) → \(last.registrations) (linear is \(ratio(Double(last.registrations) / Double(first.registrations)))):"
                + " Tether in turn \(ratio(last.interleavedMilliseconds / first.interleavedMilliseconds)),"
                + " Swinject \(ratio(last.swinjectMilliseconds / first.swinjectMilliseconds))")
    }
    if let bytes = try? mallocCounts.get()["L1"], bytes.count == 3 {
        print(
            "heap bytes retained per registration at \(lateRegistrations): Tether in turn \(format(bytes[0], digits: 0)),"
                + " all first \(format(bytes[1], digits: 0)) (in turn / all first: \(ratio(bytes[0] / bytes[1])));"
                + " Swinject in turn \(format(bytes[2], digits: 0))")
    } else {
        print("L1 memory: not measured (needs the malloc-counting child)")
    }
}
if options.includes("M1") {
    print("")
    if let bytes = try? mallocCounts.get()["M1"], bytes.count == 3 {
        print(
            "M1: heap bytes a container keeps after register, resolve and unregister of one component, two staying"
                + " (malloc-interposer, requested sizes): \(format(bytes[0], digits: 0)) after 1,000 rounds,"
                + " \(format(bytes[1], digits: 0)) after \(churnCycles) more")
    } else {
        print("M1: not measured (needs the malloc-counting child)")
    }
}
if options.includes("RS1") {
    print("")
    let (hand, tether) = measureRequestScope(batches: options.quick ? 3 : 31, perBatch: options.quick ? 100 : 2_000)
    print(
        "RS1: a request scope: make it, two request-scoped resolves (one needs the other), end and dispose both"
            + " (wall ns per request, median of batches): hand-written \(format(hand, digits: 0)),"
            + " Tether \(format(tether, digits: 0)), \(ratio(tether / hand))")
}
if options.includes("D1") {
    print("")
    let sizes = options.quick ? [100, 1_000] : [1_000, 10_000, 100_000]
    // Each size twice, the faster kept: the first run also warms the task pool.
    let times = sizes.map { size in min(measureShutdown(disposables: size), measureShutdown(disposables: size)) }
    let growth = zip(times, times.dropFirst()).map { ratio($1 / $0) }.joined(separator: ", ")
    print(
        "D1: shutdown() of a container keeping N disposables (wall ms): "
            + zip(sizes, times).map { "\($0): \(format($1, digits: 2))" }.joined(separator: ", ")
            + "; growth per 10x the instances: \(growth) (linear is 10.00x)")
}
// The counts are part of the table: failing to make them fails the run (and CI's smoke test).
if case .failure = mallocCounts { exit(1) }
