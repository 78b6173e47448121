import Foundation
import Testing

@testable import XMLBind

/// `${…}` substitution against hostile values (issue 11, items 1 and 2): nesting is held to
/// ``ParseLimits/maximumSubstitutionNesting`` without recursion, the work is linear in the
/// value, and the bytes variables add are bounded like entity expansion. Every case runs on
/// a 512 KiB thread.
@Suite struct HostileSubstitutionTests {
    final class Owner: Bindable {
        var host: String?
        var url: String?
        init() {}
    }

    static func binder(_ variables: [String: String], limits: ParseLimits = ParseLimits()) -> XMLBinder {
        XMLBinder(options: ParseOptions(substitution: VariableSubstitution(variables: variables), limits: limits))
            .registeredAtSetup(mapping(Owner.self, element: "owner").element(\.host).attribute(\.url))
    }

    /// Parses on a 512 KiB thread: the host, or the printed error and its code.
    static func outcome(
        _ document: String, _ variables: [String: String], limits: ParseLimits = ParseLimits()
    ) -> (host: String?, url: String?, code: XMLBindError.Code?, printed: String?) {
        let binder = binder(variables, limits: limits)
        return Hostile.onSmallStack {
            do {
                let owner = try binder.parse(Data(document.utf8), as: Owner.self, file: "owner.xml")
                return (owner.host, owner.url, nil, nil)
            } catch {
                return (nil, nil, (error as? XMLBindError)?.code, "\(error)")
            }
        }
    }

    /// The issue's 339-byte document: 100,000 nested `${A:-` through entities, within the
    /// amplification limit, which used to overflow a 512 KiB stack at 5,000 levels.
    static let nestedThroughEntities = """
        <!DOCTYPE owner [<!ENTITY e0 "${A:-${A:-${A:-${A:-${A:-${A:-${A:-${A:-${A:-${A:-">
        <!ENTITY e1 "&e0;&e0;&e0;&e0;&e0;&e0;&e0;&e0;&e0;&e0;"><!ENTITY e2 "&e1;&e1;&e1;&e1;&e1;&e1;&e1;&e1;&e1;&e1;">
        <!ENTITY e3 "&e2;&e2;&e2;&e2;&e2;&e2;&e2;&e2;&e2;&e2;"><!ENTITY e4 "&e3;&e3;&e3;&e3;&e3;&e3;&e3;&e3;&e3;&e3;">]>
        <owner><host>&e4;</host></owner>
        """

    /// The issue's quadratic pattern one level shorter, within the default limits: sixteen
    /// `${A}` in `e0` and three levels of sixteen above it, 65,536 references from a few
    /// hundred bytes (seconds before, rescanning the value from its start for every `${`).
    static let repeatedThroughEntities = """
        <!DOCTYPE owner [<!ENTITY e0 "${A}${A}${A}${A}${A}${A}${A}${A}${A}${A}${A}${A}${A}${A}${A}${A}">
        <!ENTITY e1 "&e0;&e0;&e0;&e0;&e0;&e0;&e0;&e0;&e0;&e0;&e0;&e0;&e0;&e0;&e0;&e0;">
        <!ENTITY e2 "&e1;&e1;&e1;&e1;&e1;&e1;&e1;&e1;&e1;&e1;&e1;&e1;&e1;&e1;&e1;&e1;">
        <!ENTITY e3 "&e2;&e2;&e2;&e2;&e2;&e2;&e2;&e2;&e2;&e2;&e2;&e2;&e2;&e2;&e2;&e2;">]>
        <owner><host>&e3;</host></owner>
        """

    /// The issue's 378-byte document: sixteen `${A}` and four levels of sixteen above them,
    /// 1,048,576 references (46 s before).
    static let repeatedFourLevels = """
        <!DOCTYPE owner [<!ENTITY a "${A}${A}${A}${A}${A}${A}${A}${A}${A}${A}${A}${A}${A}${A}${A}${A}">
        <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
        <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">]><owner><host>&e;</host></owner>
        """

    @Test func theIssues378ByteDocumentIsRefusedByEntityAmplificationByDefault() {
        #expect(Self.repeatedFourLevels.utf8.count == 378)
        let result = Self.outcome(Self.repeatedFourLevels, ["A": "v"])
        #expect(result.code == .entityAmplificationLimitExceeded)
        #expect(result.printed?.hasPrefix("owner.xml:3:140: error:") == true, "\(result.printed ?? "no error")")
    }

    @Test func theIssues378ByteDocumentSubstitutesInLinearTimeWithinRaisedLimits() {
        // Amplification raised so that all 4 MiB of references reach substitution, which
        // must then take one pass (it took 46 s rescanning from the start for every `${`).
        var limits = ParseLimits()
        limits.maximumAmplification = 1_000_000
        limits.amplificationThreshold = 64 << 20
        let result = Self.outcome(Self.repeatedFourLevels, ["A": "v"], limits: limits)
        #expect(result.code == nil, "\(result.printed ?? "")")
        #expect(result.host == String(repeating: "v", count: 1 << 20))
    }

    @Test func theIssuesNestedDocumentIsRefusedAtTheNestingLimit() {
        #expect(Self.nestedThroughEntities.utf8.count == 339)
        let result = Self.outcome(Self.nestedThroughEntities, ["A": "a"])
        #expect(result.code == .substitutionNestingLimitExceeded)
        #expect(
            result.printed?.hasPrefix(
                "owner.xml:4:14: error: fallbacks of '${…:-…}' nest deeper than 16 "
                    + "(ParseLimits.maximumSubstitutionNesting), in property 'host' of <owner>") == true,
            "\(result.printed ?? "no error")")
    }

    @Test func theIssuesRepeatedDocumentSubstitutesInLinearTime() {
        let result = Self.outcome(Self.repeatedThroughEntities, ["A": "v"])
        #expect(result.code == nil, "\(result.printed ?? "")")
        #expect(result.host == String(repeating: "v", count: 65_536))
    }

    @Test func manyReferencesInOneAttributeSubstitute() {
        // 160,000 `${A}` in a 640 KB attribute took 15 s before.
        let value = String(repeating: "${A}", count: 160_000)
        let result = Self.outcome("<owner url=\"\(value)\"/>", ["A": "x"])
        #expect(result.code == nil, "\(result.printed ?? "")")
        #expect(result.url == String(repeating: "x", count: 160_000))
    }

    @Test func nestingUpToTheLimitSubstitutes() {
        let value = String(repeating: "${UNSET:-", count: 16) + "${A}" + String(repeating: "}", count: 16)
        let result = Self.outcome("<owner url=\"\(value)\"/>", ["A": "deep"])
        #expect(result.code == nil, "\(result.printed ?? "")")
        #expect(result.url == "deep")
    }

    @Test func nestingBeyondTheLimitPointsAtTheFirstReferenceTooDeep() {
        let value = String(repeating: "${UNSET:-", count: 17) + "x" + String(repeating: "}", count: 17)
        let result = Self.outcome("<owner url=\"\(value)\"/>", [:])
        #expect(result.code == .substitutionNestingLimitExceeded)
        // The 17th `${` starts at column 13 + 16 × 9.
        #expect(result.printed?.hasPrefix("owner.xml:1:157: error: fallbacks of '${…:-…}' nest deeper than 16") == true)
    }

    @Test func aRaisedNestingLimitHandlesFiftyThousandLevelsWithoutRecursion() {
        // 50,000 levels crashed an 8 MB main thread before; now they cost heap only.
        let levels = 50_000
        let value = String(repeating: "${A:-", count: levels) + "x" + String(repeating: "}", count: levels)
        var limits = ParseLimits(maximumSubstitutionNesting: levels)
        limits.maximumValueLength = 1 << 20
        let result = Self.outcome("<owner><host>\(value)</host></owner>", [:], limits: limits)
        #expect(result.code == nil, "\(result.printed ?? "")")
        #expect(result.host == "x")
        let set = Self.outcome("<owner><host>\(value)</host></owner>", ["A": "set"], limits: limits)
        #expect(set.host == "set")
    }

    @Test func variablesRepeatedPastTheAmplificationBoundAreRefused() {
        // 65,536 references to a 1 KiB variable would add 64 MiB to a 400-byte document.
        let result = Self.outcome(Self.repeatedThroughEntities, ["A": String(repeating: "k", count: 1_024)])
        #expect(result.code == .substitutionAmplificationLimitExceeded)
        #expect(result.printed?.contains("ParseLimits.maximumAmplification") == true)
    }

    @Test func theAmplificationBoundFollowsItsSettings() {
        let value = String(repeating: "${A}", count: 100)
        let document = "<owner url=\"\(value)\"/>"
        var tight = ParseLimits()
        tight.amplificationThreshold = 1_000
        tight.maximumAmplification = 1
        // 100 × 100 bytes = 10,000 added, more than the 1,000-byte threshold.
        #expect(
            Self.outcome(document, ["A": String(repeating: "a", count: 100)], limits: tight).code
                == .substitutionAmplificationLimitExceeded)
        // 100 × 5 bytes stays under it.
        #expect(Self.outcome(document, ["A": "aaaaa"], limits: tight).url == String(repeating: "a", count: 500))
    }

    @Test func unclosedDeepNestingReportsTheInnermostReference() {
        let value = String(repeating: "${A:-", count: 3) + "x"
        let result = Self.outcome("<owner url=\"\(value)\"/>", [:])
        #expect(result.code == .substitutionFailed)
        #expect(result.printed?.hasPrefix("owner.xml:1:23: error: '${' has no closing '}'") == true)
    }
}
