import type { RequestHandler } from "express";
import { createHash } from "node:crypto";
import { db } from "../db/client";
import type { SessionRow, UserRow } from "../db/schema";
import { HttpError } from "../errors";

export const SESSION_COOKIE = "ledgerly_session";

export interface AuthedUser {
  id: string;
  accountId: string;
  role: UserRow["role"];
}

declare module "express-serve-static-core" {
  interface Request {
    user?: AuthedUser;
  }
}

/** Session ids are stored hashed; the raw value only ever exists in the cookie. */
export function hashSessionId(raw: string): string {
  return createHash("sha256").update(raw).digest("hex");
}

export const requireAuth: RequestHandler = (req, _res, next) => {
  const raw = req.cookies?.[SESSION_COOKIE] as string | undefined;
  if (!raw) return next(new HttpError("unauthenticated", "Sign in to continue"));

  const session = db
    .prepare<[string], SessionRow & Pick<UserRow, "account_id" | "role">>(
      `SELECT s.*, u.account_id, u.role FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.id_hash = ? AND s.expires_at > datetime('now')`,
    )
    .get(hashSessionId(raw));
  if (!session) return next(new HttpError("unauthenticated", "Your session has expired"));

  req.user = { id: session.user_id, accountId: session.account_id, role: session.role };
  next();
};

export function requireRole(role: AuthedUser["role"]): RequestHandler {
  return (req, _res, next) => {
    if (req.user?.role !== role) return next(new HttpError("forbidden", "You do not have access to this action"));
    next();
  };
}
