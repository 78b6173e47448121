import Foundation
import Testing
import XMLBind

/// The README's example, run as written: its printed output must stay true.
@Suite struct ReadmeExampleTests {
    final class Bean: Bindable, OriginAware {
        var id: String?
        var clazz: String?
        var timeout = 0
        var origin: Origin?
        init() {}
    }

    let binder = XMLBinder().registeredAtSetup(
        mapping(Bean.self, element: "bean").property(\.id).property(\.clazz, xml: "class").property(\.timeout))

    @Test func bindsAndReportsOrigin() throws {
        let bean = try binder.parse(#"<bean id="db" class="Pool" timeout="30"/>"#, as: Bean.self, file: "beans.xml")
        #expect(bean.id == "db")
        #expect(bean.clazz == "Pool")
        #expect(bean.timeout == 30)
        #expect(bean.origin?.description == "beans.xml:1:1")
    }

    @Test func printsTheErrorAsTheReadmeShows() {
        #expect {
            _ = try binder.parse(#"<bean id="db" timeout="fast"/>"#, as: Bean.self, file: "beans.xml")
        } throws: { error in
            String(describing: error) == """
                beans.xml:1:24: error: cannot convert "fast" to Int for property 'timeout' of <bean>: not an integer
                    1 | <bean id="db" timeout="fast"/>
                      |                        ^
                """
        }
    }

    /// The output block under the README's example is what the example prints
    /// (`scripts/check-readme.sh` builds the example itself in a package of its own).
    @Test func theReadmeShowsWhatTheExamplePrints() throws {
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../README.md").standardized,
            encoding: .utf8)
        let example = try #require(readme.components(separatedBy: "```swift\n").dropFirst().first)
        let code = try #require(example.components(separatedBy: "\n```\n").first)
        #expect(code.contains("} catch let error as XMLBindError {"))
        let shown = try #require(example.components(separatedBy: "```\n").dropFirst(2).first)
        let bean = try binder.parse(#"<bean id="db" class="Pool" timeout="30"/>"#, as: Bean.self, file: "beans.xml")
        var printed =
            "\(bean.id ?? "") \(bean.clazz ?? "") \(bean.timeout) \(bean.origin.map(String.init(describing:)) ?? "")\n"
        do {
            _ = try binder.parse(#"<bean id="db" timeout="fast"/>"#, as: Bean.self, file: "beans.xml")
        } catch let error as XMLBindError {
            printed += "\(error)\n"
        }
        #expect(shown == printed)
    }
}
