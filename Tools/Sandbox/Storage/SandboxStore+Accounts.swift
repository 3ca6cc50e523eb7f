import SandboxRequests
import GRDB

extension SandboxStore {
    /// The account figures of client `id` of `world`, or `nil` for a client the world does not have.
    func details(clientID id: Int64, in world: WorldID) async throws -> AccountDetails? {
        try await pool.read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT account.* FROM account JOIN client ON client.id = account.client_id WHERE client_id = ? AND client.world = ?
                """, arguments: [id, world.rawValue]) else {
                return nil
            }
            let nickname: String? = row["nickname"]
            return AccountDetails(balance: row["balance"], pendingBetsCount: row["pending_bets_count"],
                                  promotionsBalance: row["promotions_balance"],
                                  socialProfile: nickname.map { AccountDetails.Profile(nickname: $0, avatar: row["avatar"]) })
        }
    }

    /// Replaces the account figures of client `id` of `world`; `false` for a client the world does not have.
    func setDetails(_ details: AccountDetails, clientID id: Int64, in world: WorldID) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: """
                UPDATE account SET balance = ?, pending_bets_count = ?, promotions_balance = ?, nickname = ?, avatar = ?
                WHERE client_id = ? AND client_id IN (SELECT id FROM client WHERE world = ?)
                """, arguments: [details.balance, details.pendingBetsCount, details.promotionsBalance,
                                 details.socialProfile?.nickname, details.socialProfile?.avatar, id, world.rawValue])
            return db.changesCount > 0
        }
    }

    /// The betslip count of client `id` of `world`, or `nil` for a client the world does not have.
    func betslipCount(clientID id: Int64, in world: WorldID) async throws -> Int? {
        try await pool.read { db in
            try Int.fetchOne(db, sql: """
                SELECT betslip_count FROM account JOIN client ON client.id = account.client_id WHERE client_id = ? AND client.world = ?
                """, arguments: [id, world.rawValue])
        }
    }

    /// Sets the betslip count of client `id` of `world`; `false` for a client the world does not have.
    func setBetslipCount(_ count: Int, clientID id: Int64, in world: WorldID) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "UPDATE account SET betslip_count = ? WHERE client_id = ? AND client_id IN (SELECT id FROM client WHERE world = ?)",
                           arguments: [count, id, world.rawValue])
            return db.changesCount > 0
        }
    }
}
