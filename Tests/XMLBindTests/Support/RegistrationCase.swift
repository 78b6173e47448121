import Testing
import XMLBind

/// The problems `register` throws, as the text a person reads; `[]` when it registers, and
/// one `unexpected …` line when it throws something other than a ``RegistrationError``.
func registrationProblems(_ register: () throws -> XMLBinder) -> [String] {
    do {
        _ = try register()
        return []
    } catch let error as RegistrationError {
        return error.problems.map(\.description)
    } catch {
        return ["unexpected \(error)"]
    }
}

/// One row of a table-driven registration test: a registration and the problems it must be
/// refused with (`[]`: it must register).
struct RegistrationCase: CustomTestStringConvertible, Sendable {
    let testDescription: String
    let register: @Sendable () throws -> XMLBinder
    let expected: [String]

    /// Checks that registering gives exactly the expected problems.
    func check(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(registrationProblems(register) == expected, sourceLocation: sourceLocation)
    }
}
