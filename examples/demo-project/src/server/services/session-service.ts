import { randomBytes } from "node:crypto";
import argon2 from "argon2";
import { db } from "../db/client";
import type { UserRow } from "../db/schema";
import { HttpError } from "../errors";
import { hashSessionId } from "../middleware/auth";
import type { SessionUser } from "../../api/auth";

const BAD_LOGIN = "Email or password is incorrect";
const DUMMY_HASH = "$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$0dpmXfWzQ8Hm0bLPt9mWvQ3Zl4JtUQ1Hc2nA2f5u6Jk";

function toSessionUser(row: UserRow): SessionUser {
  return { id: row.id, email: row.email, accountId: row.account_id, role: row.role };
}

export async function login(email: string, password: string): Promise<{ rawSessionId: string; user: SessionUser }> {
  const user = db.prepare<[string], UserRow>("SELECT * FROM users WHERE email = ?").get(email.toLowerCase());
  // Verify against a dummy hash when the user is missing so timing does not reveal which emails exist.
  const ok = await argon2.verify(user?.password_hash ?? DUMMY_HASH, password);
  if (!user || !ok) throw new HttpError("unauthenticated", BAD_LOGIN);

  const rawSessionId = randomBytes(32).toString("base64url");
  db.prepare("INSERT INTO sessions (id_hash, user_id, expires_at) VALUES (?, ?, datetime('now', '+14 days'))")
    .run(hashSessionId(rawSessionId), user.id);
  return { rawSessionId, user: toSessionUser(user) };
}

export function getSessionUser(userId: string): SessionUser {
  const row = db.prepare<[string], UserRow>("SELECT * FROM users WHERE id = ?").get(userId);
  if (!row) throw new HttpError("unauthenticated", "Your session has expired");
  return toSessionUser(row);
}

export function logout(rawSessionId: string): void {
  db.prepare("DELETE FROM sessions WHERE id_hash = ?").run(hashSessionId(rawSessionId));
}
