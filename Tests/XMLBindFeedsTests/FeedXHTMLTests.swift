import Foundation
import Testing
import XMLBind
import XMLBindFeeds

/// Atom's `type="xhtml"` text constructs: the markup inside the `<div>`, as XML, with the
/// text beside it, as feedparser gives the markup.
@Suite struct FeedXHTMLTests {
    static func entry(_ body: String, namespaces: String = "") throws -> FeedItem {
        let document = """
            <feed xmlns="http://www.w3.org/2005/Atom"\(namespaces)><title>F</title><entry><title>E</title>\
            \(body)</entry></feed>
            """
        return try #require(try Feed(Data(document.utf8)).items.first)
    }

    @Test func blocksKeepTheirTagsAndTheTextBreaksBetweenThem() throws {
        let entry = try Self.entry(
            """
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">
              <p>The page has moved.</p><p>Here's the <em>new</em> one &amp; more.</p>
              <ul><li>one</li><li>two</li></ul>
            </div></content>
            """)
        #expect(
            entry.content == """
                <p>The page has moved.</p><p>Here's the <em>new</em> one &amp; more.</p>
                  <ul><li>one</li><li>two</li></ul>
                """)
        #expect(entry.contentText == "The page has moved.\nHere's the new one & more.\none\ntwo")
    }

    @Test func xhtmlPrefixesBecomeHTMLNamesAndOtherNamespacesKeepTheirs() throws {
        let entry = try Self.entry(
            """
            <summary type="xhtml"><h:div><h:p class="a&quot;b">x<sup>2</sup> is \
            <m:math><m:mi xml:lang="en">x</m:mi></m:math><h:br/>shown <svg xmlns="http://www.w3.org/2000/svg" \
            xmlns:xl="http://www.w3.org/1999/xlink"><a xl:href="#n">n</a></svg></h:p></h:div></summary>
            """,
            namespaces: #" xmlns:h="http://www.w3.org/1999/xhtml" xmlns:m="http://www.w3.org/1998/Math/MathML""#)
        // <sup> is in Atom's namespace here (the feed's default): written with a declaration.
        #expect(
            entry.description
                == """
                <p class="a&quot;b">x<sup xmlns="http://www.w3.org/2005/Atom">2</sup> is \
                <m:math xmlns:m="http://www.w3.org/1998/Math/MathML"><m:mi xml:lang="en">x</m:mi></m:math><br/>\
                shown <svg xmlns="http://www.w3.org/2000/svg"><a xmlns:xl="http://www.w3.org/1999/xlink" \
                xl:href="#n">n</a></svg></p>
                """)
        #expect(entry.descriptionText == "x2 is x\nshown n")
    }

    @Test func textAndHTMLConstructsAreTheirText() throws {
        let entry = try Self.entry(
            """
            <summary type="html">&lt;p&gt;Escaped&lt;/p&gt;</summary><content>Plain &amp; simple</content>
            """)
        #expect(entry.description == "<p>Escaped</p>")
        #expect(entry.descriptionText == "<p>Escaped</p>")
        #expect(entry.content == "Plain & simple")
        #expect(entry.contentText == "Plain & simple")
    }

    @Test func atom03XMLModeKeepsItsMarkup() throws {
        let document = """
            <feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Old</title><entry><title>E</title>\
            <content type="application/xhtml+xml" mode="xml"><div xmlns="http://www.w3.org/1999/xhtml">\
            <p>One</p><p>Two</p></div></content></entry></feed>
            """
        let entry = try #require(try Feed(Data(document.utf8)).items.first)
        #expect(entry.content == "<div><p>One</p><p>Two</p></div>")
        #expect(entry.contentText == "One\nTwo")
    }

    @Test func streamedEntriesKeepTheMarkupToo() throws {
        let document = """
            <feed xmlns="http://www.w3.org/2005/Atom"><entry><content type="xhtml">\
            <div xmlns="http://www.w3.org/1999/xhtml"><p>a</p><p>b</p></div></content></entry></feed>
            """
        var contents: [String?] = []
        try Feed.items(Data(document.utf8)) { item in
            contents.append(item.content)
            return .continue
        }
        #expect(contents == ["<p>a</p><p>b</p>"])
    }
}
