import { ApiError, request } from "./client";

export interface SessionUser {
  id: string;
  email: string;
  accountId: string;
  role: "owner" | "member";
}

/**
 * The session lives in an httpOnly cookie set by the server. Nothing here
 * stores a token in localStorage or sessionStorage.
 */
export function login(email: string, password: string): Promise<SessionUser> {
  return request<SessionUser>("POST", "/auth/login", { email, password });
}

export function logout(): Promise<void> {
  return request<void>("POST", "/auth/logout");
}

export async function currentUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    return await request<SessionUser>("GET", "/auth/me", undefined, signal);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}
