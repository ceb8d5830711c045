import { Router } from "express";
import { z } from "zod";
import { SESSION_COOKIE, requireAuth } from "../middleware/auth";
import { asyncHandler } from "../middleware/error-handler";
import { rateLimit } from "../middleware/rate-limit";
import * as sessions from "../services/session-service";

// The one router with public endpoints: login must work without a session.
const loginBody = z.object({ email: z.string().email(), password: z.string().min(1).max(200) });

const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

export const authRouter = Router();

authRouter.post("/login", rateLimit({ capacity: 5, refillPerSecond: 5 / 60 }), asyncHandler(async (req, res) => {
  const { email, password } = loginBody.parse(req.body);
  const { rawSessionId, user } = await sessions.login(email, password);
  res.cookie(SESSION_COOKIE, rawSessionId, {
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/api",
    maxAge: SESSION_MAX_AGE_MS,
  });
  res.json(user);
}));

authRouter.get("/me", requireAuth, asyncHandler(async (req, res) => {
  res.json(sessions.getSessionUser(req.user!.id));
}));

authRouter.post("/logout", requireAuth, asyncHandler(async (req, res) => {
  sessions.logout(req.cookies[SESSION_COOKIE] as string);
  res.clearCookie(SESSION_COOKIE, { path: "/api" }).status(204).end();
}));
