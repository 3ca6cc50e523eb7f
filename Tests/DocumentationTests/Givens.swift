import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The values the documentation's samples take as "yours": an app has its own.

/// The address of an app's account API.
let apiURL = URL(string: "https://api.example.com")!
/// The address of an app's address-lookup API.
let harmonyURL = URL(string: "https://addresses.example.com")!
/// An app's key for its address-lookup API.
let apiKey = "your-api-key"
/// The app's own URL session (its certificate pinning, proxies and protocol classes).
let appSession = URLSession.shared
