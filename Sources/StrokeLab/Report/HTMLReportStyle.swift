extension HTMLReport {
    /// The report's style sheet: a readable column up to 1220 px, the answer's cards as text
    /// beside a picture (stacked below 900 px), tables that scroll sideways inside their box
    /// with their caption above it, intervals in smaller grey type.
    static let styleSheet = """
        body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; font-size: 15px; max-width: 1220px; margin: 0 auto; padding: 0.4em 1.2em 3em; color: #1f2328; line-height: 1.42; }
        header h1 { font-size: 1.4em; margin: 0.3em 0 0; } .subtitle { color: #59636e; margin: 0.1em 0 0.4em; font-size: 0.88em; }
        h2 { font-size: 1.3em; border-bottom: 1px solid #d0d7de; padding-bottom: 0.2em; margin: 1.8em 0 0.6em; }
        section:first-of-type h2 { margin-top: 0.5em; }
        h3 { font-size: 1.1em; margin: 1.2em 0 0.4em; }
        code { font-size: 0.92em; background: #eff2f5; padding: 0 0.25em; border-radius: 3px; overflow-wrap: anywhere; }
        .lede { margin: 0.2em 0 0.5em; }
        .card { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 480px); gap: 1.2em; border: 1px solid #d0d7de; border-left: 5px solid #2f7d55; border-radius: 6px; padding: 0.7em 1em; margin: 0.6em 0 1.1em; background: #fbfcfd; }
        .card h3 { margin: 0; font-size: 1.15em; } .card .meta { margin: 0.05em 0 0.35em; color: #59636e; font-size: 0.86em; }
        .card .verdict { font-size: 1.15em; margin: 0.2em 0; }
        .card .paste { margin: 0.3em 0 0.1em; font-size: 0.84em; color: #59636e; }
        pre.label { margin: 0 0 0.3em; padding: 0.3em 0.55em; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.84em; background: #eef2f5; border-radius: 4px; }
        .card .list-title { font-weight: 600; margin: 0.4em 0 0.05em; }
        .card ul { margin: 0.05em 0 0.2em; padding-left: 1.2em; } .card li { margin: 0.1em 0; font-size: 0.95em; }
        figure.card-picture { margin: 0; } figure.card-picture img { width: 100%; }
        figure.card-picture figcaption { font-size: 0.8em; }
        @media (max-width: 900px) { .card { grid-template-columns: minmax(0, 1fr); } }
        nav { border: 1px solid #d0d7de; border-radius: 6px; padding: 0.2em 1em 0.5em; margin: 1.5em 0; background: #f6f8fa; }
        nav h2 { border: none; margin: 0.4em 0 0.2em; font-size: 1.1em; } nav ol { columns: 2; margin: 0; } nav ul { margin: 0; padding-left: 1.1em; font-size: 0.92em; }
        .scroll { overflow-x: auto; max-width: 100%; }
        table { border-collapse: collapse; margin: 0.2em 0 1em; font-size: 0.88em; }
        th, td { border: 1px solid #d8dee4; padding: 0.2em 0.5em; } th { background: #f3f5f7; }
        td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        td.best { font-weight: bold; background: #e6f4ea; }
        .ci { color: #6a737d; font-size: 0.85em; font-weight: normal; }
        p.caption { font-size: 0.9em; color: #333; margin: 1em 0 0.2em; }
        .sw { display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.4em; border-radius: 2px; vertical-align: baseline; }
        figure { margin: 1.4em 0; } figure img { max-width: 100%; height: auto; border: 1px solid #eee; }
        figcaption { color: #444; font-size: 0.9em; } figcaption b { color: #222; }
        pre { background: #f6f8fa; padding: 0.8em; overflow-x: auto; }
        details { margin: 1em 0; } summary { cursor: pointer; color: #333; }
        .alt { font-size: 0.85em; color: #666; }
        """
}
