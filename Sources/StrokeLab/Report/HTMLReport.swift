/// A self-contained HTML report: lead sections (the answer, before the table of contents),
/// then sections of prose, tables and captioned figures that link to image files beside it —
/// or, as a file that travels alone (``html(embedding:standalone:)``), with every image
/// embedded and no link leaving the page. Pure text generation — deterministic for the same
/// content.
///
/// **Tagged numbers.** A number the page states about one pipeline on one group of strokes
/// (``Value``, and table cells with a ``Table/tags`` key) is written as
/// `<span class="v" data-k="pipeline|group|metric|stat">…</span>`, so a test (or a reader's
/// tool) can check that the page never gives the same quantity two different values; a value
/// that differs for a stated reason carries it in `data-why`, and the reason is written beside
/// it.
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

    /// What a tagged number is: a statistic of a metric for one pipeline on one group of
    /// strokes (`dataset · kind`, or `dataset · all` over every kind).
    public struct Key: Hashable, Sendable {
        /// The pipeline's name in the results.
        public var pipeline: String
        /// The strokes: `dataset · kind`.
        public var group: String
        /// The metric id.
        public var metric: String
        /// Which statistic: `mean`, `low`, `high` (its 95% interval), `diff:<other pipeline>`.
        public var stat: String
        /// Creates a key.
        public init(pipeline: String, group: String, metric: String, stat: String = "mean") {
            self.pipeline = pipeline; self.group = group; self.metric = metric; self.stat = stat
        }
        /// The `data-k` text.
        public var text: String { [pipeline, group, metric, stat].joined(separator: "|") }
    }

    /// A number as shown, with what it is.
    public struct Value: Sendable, Hashable {
        /// The text shown ("29.8", "×1.03").
        public var text: String
        /// What it is.
        public var key: Key?
        /// Why it may differ from the same quantity elsewhere on the page (e.g. "over its own
        /// 60 strokes"); the sentence around it says so too.
        public var why: String?
        /// Creates a value.
        public init(_ text: String, key: Key? = nil, why: String? = nil) {
            self.text = text; self.key = key; self.why = why
        }
    }

    /// A piece of running text.
    public enum Inline: Sendable, Hashable {
        /// Plain text.
        case text(String)
        /// Code: a pipeline name or label.
        case code(String)
        /// Bold text.
        case strong(String)
        /// A tagged number.
        case value(Value)
        /// A link; in a standalone page only links within the page stay links.
        case link(String, href: String)
    }

    /// A table: a header row and body rows of text cells; numeric columns align right.
    public struct Table: Sendable, Hashable {
        /// Column titles.
        public var header: [String]
        /// Body rows; cells that read as numbers are right-aligned, and a cell "mean [low,
        /// high]" shows its interval smaller.
        public var rows: [[String]]
        /// A caption, written above the table (outside its scrolling box, so it is never cut).
        public var caption: String?
        /// Per header cell, a link target (e.g. the metric's definition), or `nil`.
        public var headerLinks: [String?]
        /// Per body row, a link for its first cell, or `nil`.
        public var firstColumnLinks: [String?]
        /// Cells drawn bold and shaded (the best of a column), as (row, column) of the body.
        public var highlighted: Set<Cell>
        /// Per body row, a colour swatch (`#rrggbb`) before its first cell — the row's pipeline
        /// colour in the figures — or `nil`.
        public var swatches: [String?]
        /// Per body cell, what its number is (see ``HTMLReport``), or `nil`; may be shorter
        /// than the rows.
        public var tags: [[Key?]]
        /// Per body row, an element id (an anchor other parts of the page link to), or `nil`.
        public var rowIDs: [String?]

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
                    firstColumnLinks: [String?] = [], highlighted: Set<Cell> = [], swatches: [String?] = [],
                    tags: [[Key?]] = [], rowIDs: [String?] = []) {
            self.header = header
            self.rows = rows
            self.caption = caption
            self.headerLinks = headerLinks
            self.firstColumnLinks = firstColumnLinks
            self.highlighted = highlighted
            self.swatches = swatches
            self.tags = tags
            self.rowIDs = rowIDs
        }
    }

    /// The answer for one group of strokes, as a card: the pick and its label to paste, what
    /// it buys and costs, the alternatives, what to avoid, and a picture.
    public struct Card: Sendable, Hashable {
        /// The element id (the table of contents links to it).
        public var id: String
        /// The heading ("bdalab-svc · stylus").
        public var heading: String
        /// A line under the heading (strokes, traces, what the reference is).
        public var meta: String
        /// The verdict: "Use X", or why there is none.
        public var verdict: [Inline]
        /// The pipeline label to paste into an app or a spec, or `nil`.
        public var label: String?
        /// Titled lists: what it buys and costs, other priorities, what to avoid.
        public var lists: [CardList]
        /// The picture beside the text, or `nil`.
        public var picture: Figure?

        /// Creates a card.
        public init(id: String, heading: String, meta: String, verdict: [Inline], label: String?, lists: [CardList],
                    picture: Figure?) {
            self.id = id; self.heading = heading; self.meta = meta; self.verdict = verdict; self.label = label
            self.lists = lists; self.picture = picture
        }
    }

    /// A titled list of a card.
    public struct CardList: Sendable, Hashable {
        /// The title ("Against the seed default", "Other priorities", "Avoid").
        public var title: String
        /// The items, one line of running text each.
        public var items: [[Inline]]
        /// Creates a list.
        public init(title: String, items: [[Inline]]) { self.title = title; self.items = items }
    }

    /// One block of a section.
    public enum Block: Sendable, Hashable {
        case paragraph(String)
        /// A paragraph of running text with code, bold, tagged numbers and links.
        case rich([Inline])
        case table(Table)
        case figure(Figure)
        case list([String])
        /// A list of running-text items.
        case richList([[Inline]])
        case preformatted(String)
        /// A verdict card.
        case card(Card)
        /// A subheading within a section, with an element id.
        case heading(String, id: String)
        /// A collapsed block: `summary` shown, the blocks inside revealed on a click.
        indirect case details(summary: String, blocks: [Block])
    }

    /// A titled section.
    public struct Section: Sendable, Hashable {
        /// The heading.
        public var title: String
        /// The content, in order.
        public var blocks: [Block]
        /// The heading's element id (`s1`, `s2`, … in order when `nil`).
        public var id: String?

        /// Creates a section.
        public init(title: String, blocks: [Block], id: String? = nil) {
            self.title = title
            self.blocks = blocks
            self.id = id
        }
    }

    /// The page title.
    public var title: String
    /// A line under the title (what was run, when).
    public var subtitle: String
    /// The sections in order.
    public var sections: [Section]
    /// How many sections come before the table of contents (the answer a reader came for
    /// is on the first screen; the contents lead to the rest).
    public var leadSections: Int

    /// Creates a report.
    public init(title: String, subtitle: String, sections: [Section], leadSections: Int = 0) {
        self.title = title
        self.subtitle = subtitle
        self.sections = sections
        self.leadSections = leadSections
    }

    /// Every file the report links to or shows, in order of appearance.
    public var linkedFiles: [String] {
        func files(_ b: Block) -> [String] {
            switch b {
            case .figure(let f): return [f.file] + f.alternatives
            case .card(let c): return c.picture.map { [$0.file] + $0.alternatives } ?? []
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
    public var html: String { html(embedding: { _ in nil }, standalone: false) }

    /// The HTML document. `embedding` gives a figure file's `data:` URI to inline it, or `nil`
    /// to link the file. `standalone`: a page that travels alone (mailed, attached) — no
    /// link leaves it: figures are not wrapped in links to their files, other formats are not
    /// offered, and a link to anything but an anchor of the page is written as its text.
    public func html(embedding: (String) -> String?, standalone: Bool) -> String {
        let e = HTMLReport.escape
        func href(_ target: String, _ content: String) -> String {
            standalone && !target.hasPrefix("#") ? content : "<a href=\"\(e(target))\">\(content)</a>"
        }
        func inline(_ parts: [Inline]) -> String {
            parts.map { part -> String in
                switch part {
                case .text(let t): return e(t)
                case .code(let c): return "<code>\(e(c))</code>"
                case .strong(let s): return "<b>\(e(s))</b>"
                case .value(let v): return Self.valueHTML(v)
                case .link(let text, let target): return href(target, e(text))
                }
            }.joined()
        }
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(e(title))</title>
            <style>
            \(HTMLReport.styleSheet)
            </style>
            </head>
            <body>
            <header><h1>\(e(title))</h1>
            <p class="subtitle">\(e(subtitle))</p></header>

            """
        var figureNumber = 0
        func figureHTML(_ f: Figure, inCard: Bool) -> String {
            figureNumber += 1
            let source = embedding(f.file) ?? f.file
            var s = "<figure\(inCard ? " class=\"card-picture\"" : "")>\n"
            let image = "<img src=\"\(e(source))\" alt=\"\(e(f.title))\">"
            s += standalone ? image + "\n" : "<a href=\"\(e(f.file))\">\(image)</a>\n"
            s += "<figcaption><b>Figure \(figureNumber). \(e(f.title)).</b> \(e(f.caption))"
            if !f.alternatives.isEmpty && !standalone {
                s += " <span class=\"alt\">Also as " + f.alternatives.map { "<a href=\"\(e($0))\">\(e($0))</a>" }
                    .joined(separator: ", ") + ".</span>"
            }
            return s + "</figcaption>\n</figure>\n"
        }
        func render(_ block: Block) {
            switch block {
            case .paragraph(let p): out += "<p>\(e(p))</p>\n"
            case .rich(let parts): out += "<p>\(inline(parts))</p>\n"
            case .list(let items): out += "<ul>\n" + items.map { "<li>\(e($0))</li>\n" }.joined() + "</ul>\n"
            case .richList(let items): out += "<ul>\n" + items.map { "<li>\(inline($0))</li>\n" }.joined() + "</ul>\n"
            case .preformatted(let t): out += "<pre>\(e(t))</pre>\n"
            case .heading(let text, let id): out += "<h3 id=\"\(e(id))\">\(e(text))</h3>\n"
            case .details(let summary, let blocks):
                out += "<details>\n<summary>\(e(summary))</summary>\n"
                for b in blocks { render(b) }
                out += "</details>\n"
            case .card(let c):
                out += "<article class=\"card\" id=\"\(e(c.id))\">\n<div class=\"card-text\">\n"
                out += "<h3>\(e(c.heading))</h3>\n<p class=\"meta\">\(e(c.meta))</p>\n"
                out += "<p class=\"verdict\">\(inline(c.verdict))</p>\n"
                if let label = c.label {
                    out += "<p class=\"paste\">Label to paste into an app or a spec:</p>\n<pre class=\"label\"><code>\(e(label))</code></pre>\n"
                }
                for list in c.lists where !list.items.isEmpty {
                    out += "<p class=\"list-title\">\(e(list.title))</p>\n<ul>\n"
                    out += list.items.map { "<li>\(inline($0))</li>\n" }.joined() + "</ul>\n"
                }
                out += "</div>\n"
                if let f = c.picture { out += figureHTML(f, inCard: true) }
                out += "</article>\n"
            case .table(let t):
                if let c = t.caption { out += "<p class=\"caption\">\(e(c))</p>\n" }
                out += "<div class=\"scroll\"><table>\n"
                out += "<tr>" + t.header.enumerated().map { i, title in
                    if i < t.headerLinks.count, let link = t.headerLinks[i] {
                        return "<th>\(href(link, e(title)))</th>"
                    }
                    return "<th>\(e(title))</th>"
                }.joined() + "</tr>\n"
                for (ri, r) in t.rows.enumerated() {
                    let rowID = ri < t.rowIDs.count ? t.rowIDs[ri].map { " id=\"\(e($0))\"" } ?? "" : ""
                    out += "<tr\(rowID)>" + r.enumerated().map { ci, cell in
                        var content = Self.cellHTML(cell)
                        if ri < t.tags.count, ci < t.tags[ri].count, let key = t.tags[ri][ci] {
                            content = "<span class=\"v\" data-k=\"\(e(key.text))\">\(content)</span>"
                        }
                        if ci == 0, ri < t.firstColumnLinks.count, let link = t.firstColumnLinks[ri] {
                            content = href(link, content)
                        }
                        if ci == 0, ri < t.swatches.count, let colour = t.swatches[ri] {
                            content = "<span class=\"sw\" style=\"background:\(e(colour))\"></span>" + content
                        }
                        var classes: [String] = []
                        if Self.isNumeric(cell) { classes.append("num") }
                        if t.highlighted.contains(Table.Cell(row: ri, column: ci)) { classes.append("best") }
                        return classes.isEmpty ? "<td>\(content)</td>" : "<td class=\"\(classes.joined(separator: " "))\">\(content)</td>"
                    }.joined() + "</tr>\n"
                }
                out += "</table></div>\n"
            case .figure(let f):
                out += figureHTML(f, inCard: false)
            }
        }
        func sectionID(_ i: Int) -> String { sections[i].id ?? "s\(i + 1)" }
        func contents() {
            out += "<nav aria-label=\"contents\"><h2>Contents</h2><ol>\n"
            for (i, s) in sections.enumerated() {
                out += "<li><a href=\"#\(e(sectionID(i)))\">\(e(s.title))</a>"
                let cards = s.blocks.compactMap { b -> Card? in if case .card(let c) = b { return c } else { return nil } }
                if !cards.isEmpty {
                    out += "<ul>" + cards.map { "<li><a href=\"#\(e($0.id))\">\(e($0.heading))</a></li>" }.joined() + "</ul>"
                }
                out += "</li>\n"
            }
            out += "</ol></nav>\n"
        }
        if leadSections == 0 { contents() }
        for (i, s) in sections.enumerated() {
            out += "<section>\n<h2 id=\"\(e(sectionID(i)))\">\(e(s.title))</h2>\n"
            for block in s.blocks { render(block) }
            out += "</section>\n"
            if i + 1 == leadSections { contents() }
        }
        out += "</body>\n</html>\n"
        return out
    }

    /// A tagged number's HTML.
    static func valueHTML(_ v: Value) -> String {
        let e = HTMLReport.escape
        guard let key = v.key else { return e(v.text) }
        let why = v.why.map { " data-why=\"\(e($0))\"" } ?? ""
        return "<span class=\"v\" data-k=\"\(e(key.text))\"\(why)>\(e(v.text))</span>"
    }

    /// A table cell's HTML: "mean [low, high]" with the interval in a smaller span.
    static func cellHTML(_ cell: String) -> String {
        let e = HTMLReport.escape
        guard let open = cell.firstIndex(of: "["), cell.hasSuffix("]"), open > cell.startIndex else { return e(cell) }
        let head = cell[..<open].trimmingSuffix(" ")
        return e(String(head)) + " <span class=\"ci\">" + e(String(cell[open...])) + "</span>"
    }

    /// Whether a cell reads as a number (optionally signed, with a unit prefix × and an interval).
    static func isNumeric(_ cell: String) -> Bool {
        let first = cell.replacingAll("−", with: "-").replacingAll("[", with: "").replacingAll("]", with: "")
            .replacingAll("×", with: "").split(separator: " ").first.map(String.init) ?? ""
        return Double(first) != nil
    }
}

extension Substring {
    /// Without trailing copies of `character`.
    func trimmingSuffix(_ character: Character) -> Substring {
        var s = self
        while s.last == character { s = s.dropLast() }
        return s
    }
}
