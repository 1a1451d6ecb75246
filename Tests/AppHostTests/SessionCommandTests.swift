import AppHost
import Testing

@Suite
struct SessionCommandTests {
    @Test(arguments: [
        ("tap 2", SessionCommand.tap(.number(2))),
        ("tap Rick Sanchez", .tap(.label("Rick Sanchez"))),
        ("  BACK  ", .back),
        ("root", .root),
        ("open character/detail?identifier=2", .open("character/detail?identifier=2")),
        ("state", .state),
        ("help", .help),
        ("quit", .quit),
    ])
    func parsesEachCommand(line: String, command: SessionCommand) throws {
        #expect(try SessionCommand.parse(line) == command)
    }

    @Test(arguments: ["", "   ", "# a comment"])
    func skipsBlankLinesAndComments(line: String) throws {
        #expect(try SessionCommand.parse(line) == nil)
    }

    @Test
    func refusesAnUnknownCommandNamingIt() {
        #expect(throws: SessionError(command: "fly home", message: "unknown command 'fly' (help lists the commands)")) {
            try SessionCommand.parse("fly home")
        }
    }

    @Test
    func refusesTapWithoutTarget() {
        #expect(throws: SessionError(command: "tap", message: "tap needs a number or a label, e.g. tap 1")) {
            try SessionCommand.parse("tap")
        }
    }

    @Test
    func refusesArgumentsWhereNoneAreTaken() {
        #expect(throws: SessionError(command: "back 2", message: "'back' takes no argument")) {
            try SessionCommand.parse("back 2")
        }
    }
}
