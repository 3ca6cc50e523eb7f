import LiveryCore

/// A scheduled search: its task, its query and when its debounce ends.
struct SearchWork {
    let id: UInt64
    let task: Task<Void, Never>
    let query: String
    /// The elapsed time on the engine's clock at which the request is due.
    let deadline: Duration
}

extension AddressLookupEngine {
    /// Returns once no search or retrieval is in flight or due (a debounce
    /// whose deadline has passed on the clock counts as due), and the
    /// observer has seen the resulting state. A debounce still waiting for
    /// its deadline is left pending. Cancelled requests count as in flight
    /// until their service returns (their answers are ignored).
    public func settle() async {
        while true {
            if let work = search, work.deadline <= clock.now {
                await work.task.value
                if search?.id == work.id { search = nil }
                continue
            }
            if let (id, task) = retrieval ?? orphans.first.map({ ($0.key, $0.value) }) {
                await task.value
                workEnded(id)
                continue
            }
            if deliveredVersion < version {
                await waitForDelivery()
                continue
            }
            return
        }
    }

    /// Cancels any pending search and starts one for `query`, after `delay`
    /// (or at once). The deadline is fixed now, so a test may advance a
    /// virtual clock right after the intent.
    func scheduleSearch(for query: String, after delay: Duration?) {
        cancelSearch()
        let generation = searchGeneration
        let id = nextWorkID
        nextWorkID += 1
        let clock = self.clock, service = service, region = state.region, limit = settings.suggestionLimit
        let deadline = delay.map { clock.deadline(after: $0) } ?? clock.now
        state.isSearching = true
        let task = Task {
            if delay != nil {
                do { try await clock.sleep(until: deadline) } catch {
                    self.workEnded(id)
                    return
                }
            }
            if Task.isCancelled { // replaced while waking: no request to pay for
                self.workEnded(id)
                return
            }
            let result: Result<[AddressSuggestion], AddressLookupError>
            do throws(AddressLookupError) { result = .success(try await service.suggestions(for: query, in: region, limit: limit)) }
            catch { result = .failure(error) }
            await self.finishSearch(result, for: query, generation: generation)
            self.workEnded(id)
        }
        search = SearchWork(id: id, task: task, query: query, deadline: deadline)
    }

    /// Cancels the pending or in-flight search; its answer, if one still
    /// arrives, is ignored.
    func cancelSearch() {
        if let search {
            search.task.cancel()
            orphans[search.id] = search.task
        }
        search = nil
        searchGeneration &+= 1
        state.isSearching = false
    }

    private func finishSearch(_ result: Result<[AddressSuggestion], AddressLookupError>, for query: String,
                              generation: UInt64) async {
        guard generation == searchGeneration else { return } // an older query: never shown
        search = nil
        state.isSearching = false
        switch result {
        case .success(let suggestions):
            state.suggestions = suggestions
            state.isListVisible = state.mode == .search && !suggestions.isEmpty
            state.failure = nil
            state.failedOperation = nil
            lastAnsweredQuery = query
        case .failure(.cancelled):
            break
        case .failure(let failure):
            state.suggestions = []
            state.isListVisible = false
            state.failure = failure
            state.failedOperation = .search
        }
        await publish()
    }

    /// Retrieves the full address of the suggestion `id`.
    func startRetrieval(of id: String) {
        cancelRetrieval()
        let generation = retrievalGeneration
        let service = service
        let work = nextWorkID
        nextWorkID += 1
        state.isRetrieving = true
        let task = Task {
            let result: Result<PostalAddress, AddressLookupError>
            do throws(AddressLookupError) { result = .success(try await service.address(id: id)) }
            catch { result = .failure(error) }
            await self.finishRetrieval(result, generation: generation)
            self.workEnded(work)
        }
        retrieval = (work, task)
    }

    /// Cancels a retrieval in flight; its answer, if one still arrives, is ignored.
    func cancelRetrieval() {
        if let (id, task) = retrieval {
            task.cancel()
            orphans[id] = task
        }
        retrieval = nil
        retrievalGeneration &+= 1
        state.isRetrieving = false
    }

    /// Forgets a finished task.
    private func workEnded(_ id: UInt64) {
        orphans[id] = nil
        if search?.id == id { search = nil }
        if retrieval?.id == id { retrieval = nil }
    }

    private func finishRetrieval(_ result: Result<PostalAddress, AddressLookupError>, generation: UInt64) async {
        guard generation == retrievalGeneration else { return }
        retrieval = nil
        state.isRetrieving = false
        switch result {
        case .success(let address):
            retrieved = address
            state.failure = nil
            state.failedOperation = nil
            if state.mode == .search {
                state.address = address
            } else if !manualEdited {
                prefillIfNeeded()
                syncManual()
            }
        case .failure(.cancelled):
            break
        case .failure(let failure):
            state.failure = failure
            state.failedOperation = .retrieve
        }
        await publish()
    }
}
