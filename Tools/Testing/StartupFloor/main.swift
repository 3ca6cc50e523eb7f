// The floor under a brand's process start, for the start-up benchmarks: a
// program that loads what every brand's executable loads before it runs a
// line of Livery — the Swift runtime, Foundation, and FoundationNetworking
// with its libcurl and TLS libraries (the brands reach servers with
// `--backend`) — makes one value of each, and exits.
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

let request = URLRequest(url: URL(fileURLWithPath: "/"))
exit(request.url == nil ? 1 : 0)
