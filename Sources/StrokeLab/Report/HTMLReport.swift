/// A self-contained HTML report: sections of prose, tables and captioned figures that link
/// to image files beside it (or embed them, ``html(embedding:)``). Pure text generation —
/// deterministic for the same content.
public struct HTMLReport: Sendable {
    /// A figure: an image file (relative to the report) with a title and a caption saying
    /// what it shows and how it was made.
    public struct Figure: Sendable, Hashable {
        /// Image path relative to the report (PNG shown; an SVG/PDF beside it is linked).
        public var file: String
        /// Other formats of the same figure, linked under it.
        public var alternatives: [String]
        /// Short title.
        public var title: String
        /// What it shows and how it was made.
        public var caption: String

        /// Creates a figure.
        public init(file: String, alternatives: [String] = [], title: String, caption: String) {
            self.file = file
            self.alternatives = alternatives
            self.title = title
            self.caption = caption
        }
    }

    /// A table: a header row and body rows of text cells; numeric columns align right.
    public struct Table: Sendable, Hashable {
        /// Column titles.
        public var header: [String]
        /// Body rows; cells that read as numbers are right-aligned.
        public var rows: [[String]]
        /// A caption above the table.
        public var caption: String?
        /// Per header cell, a link target (e.g. the metric's section of the guide), or `nil`.
        public var headerLinks: [String?]
        /// Per body row, a link for its first cell, or `nil`.
        public var firstColumnLinks: [String?]
        /// Cells drawn bold and shaded (the best of a column), as (row, column) of the body.
        public var highlighted: Set<Cell>
        /// Per body row, a colour swatch (`#rrggbb`) before its first cell — the row's pipeline
        /// colour in the figures — or `nil`.
        public var swatches: [String?]

        /// A body cell's position.
        public struct Cell: Hashable, Sendable {
            /// Body row, from 0.
            public var row: Int
            /// Column, from 0.
            public var column: Int
            /// Creates a position.
            public init(row: Int, column: Int) { self.row = row; self.column = column }
        }

        /// Creates a table.
        public init(header: [String], rows: [[String]], caption: String? = nil, headerLinks: [String?] = [],
                    firstColumnLinks: [String?] = [], highlighted: Set<Cell> = [], swatches: [String?] = []) {
            self.header = header
            self.rows = rows
            self.caption = caption
            self.headerLinks = headerLinks
            self.firstColumnLinks = firstColumnLinks
            self.highlighted = highlighted
            self.swatches = swatches
        }
    }

    /// One block of a section.
    public enum Block: Sendable, Hashable {
        case paragraph(String)
        case table(Table)
        case figure(Figure)
        case list([String])
        case preformatted(String)
        /// A collapsed block: `summary` shown, the blocks inside revealed on a click.
        indirect case details(summary: String, blocks: [Block])
    }

    /// A titled section.
    public struct Section: Sendable, Hashable {
        /// The heading.
        public var title: String
        /// The content, in order.
        public var blocks: [Block]

        /// Creates a section.
        public init(title: String, blocks: [Block]) {
            self.title = title
            self.blocks = blocks
        }
    }

    /// The page title.
    public var title: String
    /// A line under the title (what was run, when).
    public var subtitle: String
    /// The sections in order.
    public var sections: [Section]

    /// Creates a report.
    public init(title: String, subtitle: String, sections: [Section]) {
        self.title = title
        self.subtitle = subtitle
        self.sections = sections
    }

    /// Every file the report links to, in order of appearance.
    public var linkedFiles: [String] {
        func files(_ b: Block) -> [String] {
            switch b {
            case .figure(let f): return [f.file] + f.alternatives
            case .details(_, let blocks): return blocks.flatMap(files)
            default: return []
            }
        }
        return sections.flatMap { $0.blocks.flatMap(files) }
    }

    /// Escapes text for HTML element content and attribute values.
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.count)
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    /// The HTML document, linking figures to the image files beside it.
    public var html: String { html(embedding: { _ in nil }) }

    /// The HTML document; `embedding` gives a figure file's `data:` URI to inline it (a report
    /// that can be mailed as one file), or `nil` to link the file.
    public func html(embedding: (String) -> String?) -> String {
        let e = HTMLReport.escape
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(e(title))</title>
            <style>
            body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; max-width: 1100px; margin: 2em auto; padding: 0 1em; color: #222; line-height: 1.45; }
            h1 { margin-bottom: 0.2em; } .subtitle { color: #666; margin-top: 0; }
            h2 { border-bottom: 1px solid #ddd; padding-bottom: 0.2em; margin-top: 2em; }
            .scroll { overflow-x: auto; max-width: 100%; }
            table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
            th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; } th { background: #f4f4f4; }
            td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
            td.best { font-weight: bold; background: #e8f4ea; }
            .sw { display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.4em; border-radius: 2px; vertical-align: baseline; }
            figure { margin: 1.5em 0; } figure img { max-width: 100%; border: 1px solid #eee; }
            figcaption { color: #444; font-size: 0.92em; } figcaption b { color: #222; }
            nav ul { columns: 2; } pre { background: #f7f7f7; padding: 0.8em; overflow-x: auto; }
            details { margin: 1em 0; } summary { cursor: pointer; color: #333; }
            .alt { font-size: 0.85em; color: #666; }
            </style>
            </head>
            <body>
            <h1>\(e(title))</h1>
            <p class="subtitle">\(e(subtitle))</p>
            <nav><ul>

            """
        for (i, s) in sections.enumerated() { out += "<li><a href=\"#s\(i + 1)\">\(e(s.title))</a></li>\n" }
        out += "</ul></nav>\n"
        var figureNumber = 0
        func render(_ block: Block) {
            switch block {
            case .paragraph(let p): out += "<p>\(e(p))</p>\n"
            case .list(let items): out += "<ul>\n" + items.map { "<li>\(e($0))</li>\n" }.joined() + "</ul>\n"
            case .preformatted(let t): out += "<pre>\(e(t))</pre>\n"
            case .details(let summary, let blocks):
                out += "<details>\n<summary>\(e(summary))</summary>\n"
                for b in blocks { render(b) }
                out += "</details>\n"
            case .table(let t):
                out += "<div class=\"scroll\"><table>\n"
                if let c = t.caption { out += "<caption>\(e(c))</caption>\n" }
                out += "<tr>" + t.header.enumerated().map { i, title in
                    if i < t.headerLinks.count, let link = t.headerLinks[i] {
                        return "<th><a href=\"\(e(link))\">\(e(title))</a></th>"
                    }
                    return "<th>\(e(title))</th>"
                }.joined() + "</tr>\n"
                for (ri, r) in t.rows.enumerated() {
                    out += "<tr>" + r.enumerated().map { ci, cell in
                        var content = e(cell)
                        if ci == 0, ri < t.firstColumnLinks.count, let link = t.firstColumnLinks[ri] {
                            content = "<a href=\"\(e(link))\">\(content)</a>"
                        }
                        if ci == 0, ri < t.swatches.count, let colour = t.swatches[ri] {
                            content = "<span class=\"sw\" style=\"background:\(e(colour))\"></span>" + content
                        }
                        let numeric = Double(cell.replacingAll("−", with: "-").replacingAll("[", with: "").replacingAll("]", with: "")
                            .replacingAll("×", with: "").split(separator: " ").first.map(String.init) ?? "") != nil
                        var classes: [String] = []
                        if numeric { classes.append("num") }
                        if t.highlighted.contains(Table.Cell(row: ri, column: ci)) { classes.append("best") }
                        return classes.isEmpty ? "<td>\(content)</td>" : "<td class=\"\(classes.joined(separator: " "))\">\(content)</td>"
                    }.joined() + "</tr>\n"
                }
                out += "</table></div>\n"
            case .figure(let f):
                figureNumber += 1
                let source = embedding(f.file) ?? f.file
                out += "<figure>\n<a href=\"\(e(f.file))\"><img src=\"\(e(source))\" alt=\"\(e(f.title))\"></a>\n"
                out += "<figcaption><b>Figure \(figureNumber). \(e(f.title)).</b> \(e(f.caption))"
                if !f.alternatives.isEmpty {
                    out += " <span class=\"alt\">Also as " + f.alternatives.map { "<a href=\"\(e($0))\">\(e($0))</a>" }
                        .joined(separator: ", ") + ".</span>"
                }
                out += "</figcaption>\n</figure>\n"
            }
        }
        for (i, s) in sections.enumerated() {
            out += "<h2 id=\"s\(i + 1)\">\(e(s.title))</h2>\n"
            for block in s.blocks { render(block) }
        }
        out += "</body>\n</html>\n"
        return out
    }
}
