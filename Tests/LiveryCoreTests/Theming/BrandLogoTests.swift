import Foundation
import LiveryCore
import Testing

@Suite("A brand's logo is a picture and nothing else")
struct BrandLogoTests {
    static let plain = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- the wordmark -->
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 40">
          <title>Fish &amp; Chips</title>
          <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
          <rect width="100" height="40" fill="url(#g)" style="stroke: url('#g')"/>
          <use xlink:href="#g"/>
          <text x="4" y="30">A&#169;&#x2122;</text>
        </svg>
        """

    @Test("shapes, text, gradients and references inside the file are a logo; it reads back from JSON the same")
    func plainLogo() throws {
        let logo = try BrandLogo(svg: Self.plain)
        #expect(logo.file == "logo.svg")
        #expect(try JSONDecoder().decode(BrandLogo.self, from: JSONEncoder().encode(logo)) == logo)
    }

    @Test(
        "anything that could run, fetch or hide is refused, naming the line and the reason",
        arguments: [
            ("<svg viewBox=\"0 0 1 1\">\n<script>alert(1)</script></svg>", "line 2: scripts are not allowed"),
            ("<svg viewBox=\"0 0 1 1\" onload=\"alert(1)\"/>", "line 1: the event handler onload"),
            ("<svg viewBox=\"0 0 1 1\"><rect ONclick='x'/></svg>", "the event handler ONclick"),
            ("<svg viewBox=\"0 0 1 1\"><image href=\"https://x.test/a.png\"/></svg>", "<image> draws another file"),
            ("<svg viewBox=\"0 0 1 1\"><use href=\"https://x.test/a.svg#b\"/></svg>", "points outside the logo"),
            ("<svg viewBox=\"0 0 1 1\"><use xlink:href=\"data:image/svg+xml,x\"/></svg>", "points outside the logo"),
            ("<svg viewBox=\"0 0 1 1\"><rect fill=\"url(https://x.test/f)\"/></svg>", "url(…) outside the logo"),
            ("<svg viewBox=\"0 0 1 1\"><rect style=\"fill: URL( 'http://x' )\"/></svg>", "url(…) outside the logo"),
            ("<svg viewBox=\"0 0 1 1\"><style>@import url(x.css);</style></svg>", "style sheets are not allowed"),
            ("<svg viewBox=\"0 0 1 1\"><foreignObject/></svg>", "embeds another document"),
            ("<!DOCTYPE svg [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><svg viewBox=\"0 0 1 1\"/>", "entities"),
            ("<svg viewBox=\"0 0 1 1\"><text>&x;</text></svg>", "the entity &x; is not one XML defines"),
            ("<svg viewBox=\"0 0 1 1\"><a href=\"#x\"/></svg>", "links are not allowed"),
            ("<svg viewBox=\"0 0 1 1\"><rect x=\"javascript:1\"/></svg>", "javascript:"),
            ("<svg viewBox=\"0 0 1 1\"><?php x ?></svg>", "processing instructions"),
            ("<html><svg viewBox=\"0 0 1 1\"/></html>", "<html> is not allowed in a logo"),
            ("<svg width=\"10\"/>", "has no viewBox"),
            ("<svg viewBox=\"0 0 1 1\"><g></svg>", "</svg> where </g> was expected"),
            ("<svg viewBox=\"0 0 1 1\"><g>", "<g> is never closed"),
            ("<svg viewBox=\"0 0 1 1\"/><svg viewBox=\"0 0 1 1\"/>", "a second root element"),
            ("hello <svg viewBox=\"0 0 1 1\"/>", "text outside the <svg> element"),
            ("<svg viewBox=\"0 0 1 1\" x=\"1\" x=\"2\"/>", "the attribute x is given twice"),
            ("<svg viewBox=\"0 0 1 1\" x=1/>", "not in quotes"),
            ("", "there is no <svg> element"),
        ])
    func refused(_ svg: String, _ reason: String) {
        #expect {
            try BrandLogo(svg: svg)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test("size, element count, nesting depth and the file name are bounded")
    func bounds() {
        let big =
            "<svg viewBox=\"0 0 1 1\"><title>" + String(repeating: "a", count: BrandLogo.maximumSize) + "</title></svg>"
        #expect { try BrandLogo(svg: big) } throws: { "\($0)".contains("a logo is at most 65536") }
        let many = "<svg viewBox=\"0 0 1 1\">" + String(repeating: "<g/>", count: BrandLogo.maximumElements) + "</svg>"
        #expect { try BrandLogo(svg: many) } throws: { "\($0)".contains("more than 2000 elements") }
        let deep =
            "<svg viewBox=\"0 0 1 1\">" + String(repeating: "<g>", count: BrandLogo.maximumDepth)
            + String(repeating: "</g>", count: BrandLogo.maximumDepth) + "</svg>"
        #expect { try BrandLogo(svg: deep) } throws: { "\($0)".contains("nest deeper than 32") }
        for name in ["../logo.svg", "logo.png", "Logo.svg", ".svg", "-x.svg", "a/b.svg"] {
            #expect(!BrandLogo.isFileName(name), "\(name)")
        }
        #expect(BrandLogo.isFileName("neds-logo-2.svg"))
    }

    @Test("a stored theme cannot carry a logo a file could not: decoding checks it again")
    func decodingChecks() {
        let forged = Data(#"{"svg": "<svg viewBox=\"0 0 1 1\" onload=\"x\"/>", "file": "logo.svg"}"#.utf8)
        #expect(throws: LogoProblem.self) { try JSONDecoder().decode(BrandLogo.self, from: forged) }
    }
}
