import LiveryCore

extension AppBar {
    /// Acts on a tap on an enabled item the bar shows, and records it (B8).
    func tap(_ id: AppBarItemID) {
        guard let item = state.item(id), item.isEnabled, let outcome = outcome(of: id) else { return }
        switch outcome {
        case .route(let next): route = next
        case .openUserTray:
            cancelLockerOpening()
            overlays.isUserTrayOpen = true
        case .closeUserTray: overlays.isUserTrayOpen = false
        case .openLocker: overlays.isLockerOpen = true
        case .closeLocker: overlays.isLockerOpen = false
        case .closeUserTrayThenOpenLocker:
            overlays.isUserTrayOpen = false
            scheduleLockerOpening()
        }
        track(id, outcome)
    }

    /// What tapping `id` does now, given the session, the overlays and the flags (B3, B4).
    private func outcome(of id: AppBarItemID) -> TapOutcome? {
        let flags = services.featureFlags
        switch id {
        case .search: return .route(.search)
        case .login: return .route(flags.isEnabled(.loginNative) ? .nativeLogin : .legacyLogin)
        case .join: return .route(.join)
        case .betslip: return .route(flags.isEnabled(.betslipNative) ? .nativeBetslip : .legacyBetslip)
        case .balance: return .route(.deposit)
        case .pendingBets:
            return .route(flags.isEnabled(.pendingResultedNative) ? .pendingResultedBets : .accountTransactionsPending)
        case .toolbox: return .route(.toolbox)
        case .userTray: return overlays.isUserTrayOpen ? .closeUserTray : .openUserTray
        case .locker:
            if overlays.isLockerOpen { return .closeLocker }
            return overlays.isUserTrayOpen ? .closeUserTrayThenOpenLocker : .openLocker
        default: return nil
        }
    }

    /// Opens the locker after the brand's delay; the deadline is fixed now,
    /// so a test may advance the clock as soon as the tap returns.
    private func scheduleLockerOpening() {
        cancelLockerOpening()
        let clock = services.clock
        let deadline = clock.deadline(after: settings.lockerDelayAfterUserTray)
        lockerGeneration += 1
        let generation = lockerGeneration
        overlays.isLockerOpening = true
        let task = Task { [weak self] in
            do { try await clock.sleep(until: deadline) } catch { return }
            await self?.finishLockerOpening(generation)
        }
        lockerOpening = (task, generation)
    }

    private func finishLockerOpening(_ generation: Int) {
        guard lockerOpening?.generation == generation else { return }
        lockerOpening = nil
        overlays.isLockerOpening = false
        overlays.isLockerOpen = true
        publish()
    }

    /// Stops a scheduled locker opening, if any.
    func cancelLockerOpening() {
        lockerOpening?.task.cancel()
        lockerOpening = nil
        overlays.isLockerOpening = false
    }

    private func track(_ id: AppBarItemID, _ outcome: TapOutcome) {
        var event = AnalyticsEvent(AppBarEvent.tapped, [
            AppBarEvent.Key.item: .string(id.rawValue),
            AppBarEvent.Key.outcome: .string(outcome.name),
            AppBarEvent.Key.signedIn: .bool(session.isSignedIn),
        ])
        if let screen = options.screen {
            event = event.adding(ContextEnrichment.Key.screen, .string(screen))
        }
        services.analytics.track(event)
    }
}
