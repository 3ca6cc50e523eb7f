import LiveryCore

extension AppBar {
    /// Acts on a tap on an enabled item the bar shows, and records it.
    mutating func tap(_ id: AppBarItemID, _ effects: inout [Effect<AppBarFeedback>]) {
        guard let item = state.item(id), item.isEnabled, let outcome = outcome(of: id) else { return }
        switch outcome {
        case .route(let next): route = next
        case .openUserTray:
            cancelLockerOpening(&effects)
            overlays.isUserTrayOpen = true
        case .closeUserTray: overlays.isUserTrayOpen = false
        case .openLocker: overlays.isLockerOpen = true
        case .closeLocker: overlays.isLockerOpen = false
        case .closeUserTrayThenOpenLocker:
            overlays.isUserTrayOpen = false
            scheduleLockerOpening(&effects)
        }
        track(id, outcome)
    }

    /// What tapping `id` does now, given the session, the overlays and the flags .
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
    private mutating func scheduleLockerOpening(_ effects: inout [Effect<AppBarFeedback>]) {
        let clock = services.clock
        lockerGeneration += 1
        let generation = lockerGeneration
        lockerOpening = generation
        overlays.isLockerOpening = true
        effects.append(
            .run(Self.lockerID, at: clock.deadline(after: settings.lockerDelayAfterUserTray), on: clock) {
                AppBarFeedback(kind: .lockerDue(generation))
            })
    }

    /// Stops a scheduled locker opening, if any.
    mutating func cancelLockerOpening(_ effects: inout [Effect<AppBarFeedback>]) {
        guard lockerOpening != nil else { return }
        lockerOpening = nil
        overlays.isLockerOpening = false
        effects.append(.cancel(Self.lockerID))
    }

    private func track(_ id: AppBarItemID, _ outcome: TapOutcome) {
        var event = AnalyticsEvent(
            AppBarEvent.tapped.rawValue,
            [
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
