import type { OfficeId } from "../firm";
import type { Role } from "../roles";

/** A person named on a request: its client, or the officer it is assigned to. */
export type PersonJson = { id: string; firstName: string; lastName: string; email: string };

/** Who did something on a loan request, as the history shows it. */
export type ActorJson = { firstName: string; lastName: string; role: Role } | null;

/** A user as every API answer shows it (GET /api/session, /api/me, the administrators list). */
export type UserJson = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** Null when not given. */
  phone: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  postalCode: string | null;
  role: Role;
  /** The office an officer works in; null for clients and officers without one. */
  office: OfficeId | null;
  /** A second factor (authenticator app) is enrolled; officers need one to reach their area. */
  twoFactorEnabled: boolean;
  createdAt: string;
};

/**
 * POST /api/password-reset/confirm: the password is changed; `email` is the account's, so that
 * the sign-in page that follows has it filled in (null if the account could not be read).
 */
export type PasswordResetDoneJson = { ok: true; email: string | null };
