import SandboxRequests
import GRDB

extension SandboxStore {
    /// The account figures of client `id`, or `nil` for an unknown client.
    func details(clientID id: Int64) async throws -> AccountDetails? {
        try await pool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM account WHERE client_id = ?", arguments: [id]) else {
                return nil
            }
            let nickname: String? = row["nickname"]
            return AccountDetails(balance: row["balance"], pendingBetsCount: row["pending_bets_count"],
                                  promotionsBalance: row["promotions_balance"],
                                  socialProfile: nickname.map { AccountDetails.Profile(nickname: $0, avatar: row["avatar"]) })
        }
    }

    /// Replaces the account figures of client `id`; `false` for an unknown client.
    func setDetails(_ details: AccountDetails, clientID id: Int64) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: """
                UPDATE account SET balance = ?, pending_bets_count = ?, promotions_balance = ?, nickname = ?, avatar = ?
                WHERE client_id = ?
                """, arguments: [details.balance, details.pendingBetsCount, details.promotionsBalance,
                                 details.socialProfile?.nickname, details.socialProfile?.avatar, id])
            return db.changesCount > 0
        }
    }

    /// The betslip count of client `id`, or `nil` for an unknown client.
    func betslipCount(clientID id: Int64) async throws -> Int? {
        try await pool.read { db in
            try Int.fetchOne(db, sql: "SELECT betslip_count FROM account WHERE client_id = ?", arguments: [id])
        }
    }

    /// Sets the betslip count of client `id`; `false` for an unknown client.
    func setBetslipCount(_ count: Int, clientID id: Int64) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "UPDATE account SET betslip_count = ? WHERE client_id = ?", arguments: [count, id])
            return db.changesCount > 0
        }
    }
}
