import Foundation

/// The baseline: the AU standard form's rules written the way a typical server-driven
/// registration plan writes a data-driven validator — field settings and values looked up by
/// string key, every pattern an `NSRegularExpression` compiled on the call
/// that uses it, the first failure wins. Same rules as `join-au.json`, so
/// the ratio is the cost of the approach, not of doing less.
enum NaiveValidator {
    /// The AU standard form's settings as string-keyed dictionaries.
    nonisolated(unsafe) static let fields: [[String: Any]] = [
        ["name": "title", "mandatory": true, "options": ["Mr", "Mrs", "Ms", "Miss", "Mx", "Dr"]],
        ["name": "firstName", "mandatory": true, "maxLength": 50, "pattern": "^[\\p{L}][\\p{L}' .-]*$"],
        ["name": "lastName", "mandatory": true, "maxLength": 50, "pattern": "^[\\p{L}][\\p{L}' .-]*$"],
        ["name": "dateOfBirth", "mandatory": true, "minimumAge": 18],
        [
            "name": "email", "mandatory": true, "maxLength": 254,
            "pattern":
                "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$",
        ],
        [
            "name": "mobile", "mandatory": true,
            "pattern": "^(?:04\\d{2} ?\\d{3} ?\\d{3}|\\+61 ?4\\d{2} ?\\d{3} ?\\d{3})$",
        ],
        ["name": "username", "mandatory": true, "minLength": 6, "maxLength": 20, "pattern": "^[A-Za-z0-9_]+$"],
        ["name": "password", "mandatory": true, "passwordStrength": 8],
        ["name": "marketingConsent", "mandatory": false],
    ]

    /// Validates every field of `values`; the first problem per field, as the plan's `(Bool, String)`.
    static func validateAll(_ values: [String: String], today: Date, only names: Set<String>? = nil) -> [String: (
        Bool, String
    )] {
        var results: [String: (Bool, String)] = [:]
        for field in fields {
            let name = field["name"] as! String
            if let names, !names.contains(name) { continue }
            results[name] = validateField(fieldName: name, value: values[name] ?? "", apiField: field, today: today)
        }
        return results
    }

    static func validateField(fieldName: String, value: String, apiField: [String: Any], today: Date) -> (Bool, String)
    {
        if apiField["mandatory"] as? Bool == true && value.trimmingCharacters(in: .whitespaces).isEmpty {
            return (false, "This field is required")
        }
        if let minLength = apiField["minLength"] as? Int, value.count < minLength {
            return (false, "Minimum \(minLength) characters required")
        }
        if let maxLength = apiField["maxLength"] as? Int, value.count > maxLength {
            return (false, "Maximum \(maxLength) characters allowed")
        }
        if let pattern = apiField["pattern"] as? String, !matches(pattern, value) {
            return (false, "Enter a value in the expected format.")
        }
        if let options = apiField["options"] as? [String], !options.contains(value) {
            return (false, "Choose one of the options.")
        }
        if let years = apiField["minimumAge"] as? Int {
            guard matches("^\\d{2}/\\d{2}/\\d{4}$", value) else { return (false, "Enter a real date as dd/mm/yyyy.") }
            let formatter = DateFormatter()
            formatter.dateFormat = "dd/MM/yyyy"
            formatter.isLenient = false
            formatter.timeZone = TimeZone(identifier: "UTC")
            guard let birth = formatter.date(from: value) else { return (false, "Enter a real date as dd/mm/yyyy.") }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let age = calendar.dateComponents([.year], from: birth, to: today).year ?? 0
            if age < years { return (false, "You must be \(years) or over.") }
        }
        if let minimum = apiField["passwordStrength"] as? Int {
            let missing = ["[A-Z]", "[a-z]", "[0-9]", "[^A-Za-z0-9]"].filter { !matches($0, value) }
            if value.count < minimum || !missing.isEmpty { return (false, "Choose a stronger password.") }
        }
        return (true, "")
    }

    /// Whether `pattern` matches `value`, compiling it on every call as the plan does.
    static func matches(_ pattern: String, _ value: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        let range = NSRange(location: 0, length: value.utf16.count)
        return regex.firstMatch(in: value, options: [], range: range) != nil
    }
}

/// The baseline keystroke path: a regex formatter (non-digits stripped and
/// digits grouped by patterns compiled per call) and the naive field check.
enum NaiveFormatter {
    static func mobile(_ text: String) -> String {
        let digits = replace("[^0-9]", in: text, with: "")
        let limited = String(digits.prefix(10))
        for (pattern, template) in [("^(\\d{4})(\\d{3})(\\d{1,3})$", "$1 $2 $3"), ("^(\\d{4})(\\d{1,3})$", "$1 $2")]
        where NaiveValidator.matches(pattern, limited) {
            return replace(pattern, in: limited, with: template)
        }
        return limited
    }

    static func dateOfBirth(_ text: String) -> String {
        let digits = String(replace("[^0-9]", in: text, with: "").prefix(8))
        for (pattern, template) in [("^(\\d{2})(\\d{2})(\\d{1,4})$", "$1/$2/$3"), ("^(\\d{2})(\\d{1,2})$", "$1/$2")]
        where NaiveValidator.matches(pattern, digits) {
            return replace(pattern, in: digits, with: template)
        }
        return digits
    }

    static func replace(_ pattern: String, in text: String, with template: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return text }
        return regex.stringByReplacingMatches(
            in: text, range: NSRange(location: 0, length: text.utf16.count),
            withTemplate: template)
    }
}

/// The baseline address search: every address's text lower-cased and
/// scanned for every word of the query.
struct NaiveAddressSearch {
    let texts: [String]

    func search(_ query: String, limit: Int) -> [String] {
        let words = query.lowercased().split(separator: " ")
        var found: [String] = []
        for text in texts {
            let lower = text.lowercased()
            if words.allSatisfy({ lower.contains($0) }) { found.append(text) }
        }
        return Array(found.sorted { $0.count < $1.count }.prefix(limit))
    }
}
