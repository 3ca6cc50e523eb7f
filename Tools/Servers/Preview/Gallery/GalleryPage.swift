import Foundation

/// The gallery's `index.html`: every state of every brand as a picture,
/// filtered by brand, page and size, each opening full size. It needs
/// nothing but its folder (no network), every control is a native one a
/// keyboard reaches, and each picture says in words what it shows.
enum GalleryPage {
    /// The page for the gallery `manifest` describes, with what changed against an earlier one when compared.
    static func html(manifest: GalleryManifest, comparison: GalleryComparison?) -> String {
        let pages = manifest.states.reduce(into: [String]()) { if !$0.contains($1.page) { $0.append($1.page) } }
        var changes: [String: GalleryComparison.Change] = [:]
        for change in comparison?.changes ?? [] { changes["\(change.state.brand)/\(change.state.number)"] = change }
        let names = Dictionary(manifest.brands.map { ($0.id, $0.name) }) { first, _ in first }
        var html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Livery gallery</title>
            <style>\(style)</style>
            </head>
            <body>
            <main>
            <h1>Livery gallery</h1>
            <p>\(manifest.states.count) screens of \(manifest.brands.count) brand\(manifest.brands.count == 1 ? "" : "s"), \
            each the first place a scenario file reached it, drawn at \(manifest.sizes.joined(separator: " and ")). \
            A screen reached again elsewhere is drawn once.</p>
            <form id="filters" aria-label="Filters">
            \(select("brand", "Brand", "All brands", manifest.brands.map { ($0.id, $0.name) }))
            \(select("page", "Page", "All pages", pages.map { ($0, $0) }))
            \(select("size", "Size", nil, manifest.sizes.map { ($0, $0) }))
            </form>
            <p id="shown" role="status" aria-live="polite"></p>

            """
        if let comparison { html += changed(comparison, names: names) }
        for brand in manifest.brands {
            let name = escape(brand.name)
            html += "<section data-brand=\"\(escape(brand.id))\" aria-labelledby=\"brand-\(escape(brand.id))\">\n"
            html += "<h2 id=\"brand-\(escape(brand.id))\">\(name)</h2>\n<ul class=\"grid\">\n"
            for state in manifest.states where state.brand == brand.id {
                let place = escape(state.places[0].description)
                let again =
                    state.places.count == 1
                    ? ""
                    : "<br><span class=\"again\">also reached \(state.places.count - 1) more "
                        + "time\(state.places.count == 2 ? "" : "s")</span>"
                let change =
                    changes["\(state.brand)/\(state.number)"].map { change in
                        change.percent > 0
                            ? "<br><span class=\"changed\">changed: \(GalleryComparison.percent(change.percent))</span>"
                            : ""
                    } ?? (comparison == nil ? "" : "<br><span class=\"changed\">new: not in the earlier gallery</span>")
                html += "<li id=\"\(anchor(state))\" data-page=\"\(escape(state.page))\"><figure>\n"
                html += pictures(
                    state.pictures, sizes: manifest.sizes, label: "\(name), \(escape(state.page)) page", place: place)
                html += "<figcaption><strong>\(escape(state.page))</strong> · \(place)\(again)\(change)</figcaption>\n"
                html += "</figure></li>\n"
            }
            html += "</ul>\n</section>\n"
        }
        html += "</main>\n<script>\(script)</script>\n</body>\n</html>\n"
        return html
    }

    /// A state's pictures, one link per size, each opening full size; the filter shows one size at a time.
    private static func pictures(_ paths: [String: String], sizes: [String], label: String, place: String) -> String {
        var html = ""
        for size in sizes {
            guard let path = paths[size], let drawn = GallerySize(size) else { continue }
            let height = Int((Double(drawn.height) * 240 / Double(drawn.width)).rounded())
            html +=
                "<a href=\"\(escape(path))\" data-size=\"\(escape(size))\"><img src=\"\(escape(path))\" "
                + "width=\"240\" height=\"\(height)\" loading=\"lazy\" alt=\"\(label), at \(escape(size)): \(place)\"></a>\n"
        }
        return html
    }

    /// The section on what changed: the screens that differ, most first, each as before, after and the
    /// difference; then the screens that appeared and vanished.
    private static func changed(_ comparison: GalleryComparison, names: [String: String]) -> String {
        let differing = comparison.changes.filter { $0.percent > 0 }
        var html = "<section id=\"changes\" aria-labelledby=\"changes-title\">\n"
        html += "<h2 id=\"changes-title\">What changed against \(escape(comparison.against))</h2>\n"
        html +=
            "<p>\(differing.count) of \(comparison.changes.count) screens found in both changed; "
            + "\(comparison.appeared.count) appeared, \(comparison.vanished.count) vanished. Most changed first.</p>\n"
        if let note = comparison.drawnDifferently { html += "<p class=\"note\">\(escape(note)).</p>\n" }
        if !differing.isEmpty { html += "<ul class=\"changes\">\n" }
        for change in differing {
            let state = change.state
            let name = escape(names[state.brand] ?? state.brand)
            let place = escape(state.places[0].description)
            html += "<li data-brand=\"\(escape(state.brand))\" data-page=\"\(escape(state.page))\">\n"
            html += "<h3>\(name) · \(escape(state.page)) · \(place)</h3>\n"
            for size in change.sizes {
                guard let before = size.beforePath, let difference = size.differencePath,
                    let after = state.pictures[size.size]
                else {
                    html += "<p data-size=\"\(escape(size.size))\">At \(escape(size.size)): unchanged.</p>\n"
                    continue
                }
                let label = "\(name), \(escape(state.page)) page, at \(escape(size.size))"
                html += "<div class=\"trio\" data-size=\"\(escape(size.size))\">\n"
                for (title, path) in [("Before", before), ("After", after), ("Difference", difference)] {
                    html +=
                        "<figure><a href=\"\(escape(path))\"><img src=\"\(escape(path))\" width=\"240\" loading=\"lazy\" "
                        + "alt=\"\(label), \(title.lowercased())\"></a><figcaption>\(title)</figcaption></figure>\n"
                }
                html += "<p>\(GalleryComparison.percent(size.changedPercent)) of the pixels changed.</p>\n</div>\n"
            }
            html += "</li>\n"
        }
        if !differing.isEmpty { html += "</ul>\n" }
        if !comparison.appeared.isEmpty {
            html += "<h3>Appeared</h3>\n<ul class=\"list\">\n"
            for state in comparison.appeared {
                html +=
                    "<li data-brand=\"\(escape(state.brand))\" data-page=\"\(escape(state.page))\"><a href=\"#\(anchor(state))\">"
                    + "\(escape(names[state.brand] ?? state.brand)) · \(escape(state.page)) · \(escape(state.places[0].description))</a></li>\n"
            }
            html += "</ul>\n"
        }
        if !comparison.vanished.isEmpty {
            html += "<h3>Vanished</h3>\n<ul class=\"grid\">\n"
            for state in comparison.vanished {
                let name = escape(names[state.brand] ?? state.brand)
                let place = escape(state.places[0].description)
                html += "<li data-brand=\"\(escape(state.brand))\" data-page=\"\(escape(state.page))\"><figure>\n"
                html += pictures(
                    state.pictures, sizes: state.pictures.keys.sorted(),
                    label: "\(name), \(escape(state.page)) page, vanished", place: place)
                html +=
                    "<figcaption>\(name) · <strong>\(escape(state.page))</strong> · \(place)</figcaption>\n</figure></li>\n"
            }
            html += "</ul>\n"
        }
        return html + "</section>\n"
    }

    /// A state's id in the page.
    private static func anchor(_ state: GalleryManifest.Entry) -> String {
        "state-\(escape(state.brand))-\(state.number)"
    }

    private static func select(_ id: String, _ label: String, _ all: String?, _ options: [(String, String)]) -> String {
        var text = "<label for=\"\(id)\">\(label)</label> <select id=\"\(id)\">"
        if let all { text += "<option value=\"\">\(escape(all))</option>" }
        for (value, shown) in options { text += "<option value=\"\(escape(value))\">\(escape(shown))</option>" }
        return text + "</select>"
    }

    /// `text` safe inside HTML text and double-quoted attributes.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    private static let style = """
        body { font-family: system-ui, sans-serif; margin: 0; color: #1a1a1a; background: #fafafa; }
        main { padding: 1rem 1.5rem; }
        form { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: center; margin: 1rem 0; }
        select { font: inherit; padding: 0.25rem; }
        .grid { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 1rem; }
        figure { margin: 0; background: #fff; border: 1px solid #ccc; padding: 0.5rem; }
        img { display: block; max-width: 100%; height: auto; border: 1px solid #ddd; }
        a:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
        figcaption { font-size: 0.85rem; margin-top: 0.5rem; overflow-wrap: anywhere; }
        .again { color: #555; }
        .changed { color: #8a1c00; font-weight: 600; }
        .note { color: #555; }
        .changes, .list { padding: 0; list-style: none; }
        .changes > li { background: #fff; border: 1px solid #ccc; padding: 0.5rem 1rem; margin-bottom: 1rem; }
        .trio { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
        .trio figure { border: none; padding: 0; }
        h3 { font-size: 1rem; overflow-wrap: anywhere; }
        [hidden] { display: none !important; }
        """

    private static let script = """
        const filters = ['brand', 'page', 'size'].map((id) => document.getElementById(id));
        function apply() {
          const [brand, page, size] = filters.map((select) => select.value);
          let shown = 0, all = 0;
          for (const section of document.querySelectorAll('section[data-brand]')) {
            const brandShown = !brand || section.dataset.brand === brand;
            section.hidden = !brandShown;
            for (const item of section.querySelectorAll('li')) {
              all += 1;
              const itemShown = brandShown && (!page || item.dataset.page === page);
              item.hidden = !itemShown;
              if (itemShown) shown += 1;
              for (const link of item.querySelectorAll('a[data-size]')) link.hidden = link.dataset.size !== size;
            }
          }
          for (const item of document.querySelectorAll('#changes li[data-brand]')) {
            item.hidden = (brand && item.dataset.brand !== brand) || (page && item.dataset.page !== page);
          }
          for (const part of document.querySelectorAll('#changes [data-size]')) part.hidden = part.dataset.size !== size;
          document.getElementById('shown').textContent = 'Showing ' + shown + ' of ' + all + ' screens.';
        }
        for (const select of filters) select.addEventListener('change', apply);
        apply();
        """
}
