import type { FastifyInstance } from "fastify";
import { passwordResetRoutes } from "./password-reset.routes";
import { profileRoutes } from "./profile.routes";
import { signInRoutes } from "./sign-in.routes";
import { signUpRoutes } from "./sign-up.routes";

/**
 * French JSON routes over better-auth, one file a subject: sign-up, the session (sign-in, who,
 * sign-out), the forgotten password, the account's own profile and password.
 */
export async function authRoutes(app: FastifyInstance) {
  await app.register(signUpRoutes);
  await app.register(signInRoutes);
  await app.register(passwordResetRoutes);
  await app.register(profileRoutes);
}
