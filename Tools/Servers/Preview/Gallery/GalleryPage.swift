import Foundation

/// The gallery's `index.html`: every state of every brand as a picture,
/// filtered by brand, page and size, each opening full size. It needs
/// nothing but its folder (no network), every control is a native one a
/// keyboard reaches, and each picture says in words what it shows.
enum GalleryPage {
    /// The page for `states` drawn as `pictures` at `sizes`, with the brands' display `names` by id.
    static func html(
        states: [GalleryState], pictures: [GalleryPicture], sizes: [GallerySize], names: [String: String]
    ) -> String {
        let brands = states.reduce(into: [String]()) { if !$0.contains($1.brand) { $0.append($1.brand) } }
        let pages = states.reduce(into: [String]()) { if !$0.contains($1.page) { $0.append($1.page) } }
        var byState: [String: [GalleryPicture]] = [:]
        for picture in pictures { byState["\(picture.brand)/\(picture.state)", default: []].append(picture) }
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
            <p>\(states.count) screens of \(brands.count) brand\(brands.count == 1 ? "" : "s"), each the first place a \
            scenario file reached it, drawn at \(sizes.map(\.description).joined(separator: " and ")). A screen \
            reached again elsewhere is drawn once.</p>
            <form id="filters" aria-label="Filters">
            \(select("brand", "Brand", "All brands", brands.map { ($0, names[$0] ?? $0) }))
            \(select("page", "Page", "All pages", pages.map { ($0, $0) }))
            \(select("size", "Size", nil, sizes.map { ($0.description, $0.description) }))
            </form>
            <p id="shown" role="status" aria-live="polite"></p>

            """
        for brand in brands {
            let name = escape(names[brand] ?? brand)
            html += "<section data-brand=\"\(escape(brand))\" aria-labelledby=\"brand-\(escape(brand))\">\n"
            html += "<h2 id=\"brand-\(escape(brand))\">\(name)</h2>\n<ul class=\"grid\">\n"
            for (number, state) in states.filter({ $0.brand == brand }).enumerated() {
                let place = escape(state.place.description)
                let again =
                    state.alsoReachedAt.isEmpty
                    ? ""
                    : "<br><span class=\"again\">also reached \(state.alsoReachedAt.count) more "
                        + "time\(state.alsoReachedAt.count == 1 ? "" : "s")</span>"
                html += "<li data-page=\"\(escape(state.page))\"><figure>\n"
                for picture in byState["\(brand)/\(number)"] ?? [] {
                    let scale = 240.0 / Double(picture.size.width)
                    html +=
                        "<a href=\"\(escape(picture.path))\" data-size=\"\(picture.size)\"><img src=\"\(escape(picture.path))\" "
                        + "width=\"240\" height=\"\(Int((Double(picture.size.height) * scale).rounded()))\" loading=\"lazy\" "
                        + "alt=\"\(name), \(escape(state.page)) page, at \(picture.size): \(place)\"></a>\n"
                }
                html += "<figcaption><strong>\(escape(state.page))</strong> · \(place)\(again)</figcaption>\n"
                html += "</figure></li>\n"
            }
            html += "</ul>\n</section>\n"
        }
        html += "</main>\n<script>\(script)</script>\n</body>\n</html>\n"
        return html
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
          document.getElementById('shown').textContent = 'Showing ' + shown + ' of ' + all + ' screens.';
        }
        for (const select of filters) select.addEventListener('change', apply);
        apply();
        """
}
