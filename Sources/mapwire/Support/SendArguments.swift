/// `mapwire send --run-dir D ping` as well as `mapwire send ping --run-dir D`: the options that say which
/// core to talk to belong to each `send` subcommand (ArgumentParser reads a subcommand's options after
/// its name), so when they come between `send` and the subcommand's name they are moved after it.
enum SendArguments {
    /// The options of `RunDirectoryOptions`, each with a value.
    static let connectionOptions: Set<String> = ["--run-dir", "--tcp", "--server-public-key", "--key"]

    /// `arguments` without the program's name, as ArgumentParser takes them.
    static func normalized(_ arguments: [String]) -> [String] {
        guard arguments.first == "send" else { return arguments }
        var moved: [String] = []
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            let name = String(argument.prefix { $0 != "=" })
            guard connectionOptions.contains(name) else { break }
            if argument.contains("=") {
                moved.append(argument)
                index += 1
            } else {
                guard index + 1 < arguments.count else { return arguments }
                moved += [argument, arguments[index + 1]]
                index += 2
            }
        }
        // Only in front of a subcommand's name: `send --run-dir D` alone, or `send --help`, stay as they are.
        guard !moved.isEmpty, index < arguments.count, !arguments[index].hasPrefix("-") else { return arguments }
        return ["send", arguments[index]] + moved + arguments[(index + 1)...]
    }
}
