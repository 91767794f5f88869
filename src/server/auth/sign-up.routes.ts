import type { FastifyInstance } from "fastify";
import { missingFieldsMessage, splitFullName } from "../../domain/schemas/auth";
import { registerSchema } from "../../domain/schemas/auth.schema";
import { AppError, parseBody } from "../http/app-error";
import { createRateLimit } from "../http/rate-limit";
import { accountOf, findUser } from "./accounts";
import { authMessages, oneHour } from "./auth-messages";
import { betterAuthCode, isUniqueViolation } from "./better-auth-errors";
import { assertNotCommonPassword } from "./common-passwords";
import { withLockoutJournal } from "./security-journal";
import { authHeaders, forwardCookies } from "./session";
import { toUserJson } from "./user-json";

/** POST /api/register: a client's account, signed in at once. */
export async function signUpRoutes(app: FastifyInstance) {
  const { auth, config, db } = app.deps;
  const registerPerIp = createRateLimit({
    name: "register-ip",
    points: 5,
    durationSeconds: oneHour,
    disabled: config.rateLimitDisabled,
    db,
  });

  app.post("/register", { config: { userNullOnError: true } }, async (request, reply) => {
    const body = parseBody(registerSchema, request.body, {
      missingMessage: missingFieldsMessage,
      requiredKeys: ["fullName", "email", "password"],
    });
    await withLockoutJournal(db, request, { email: body.email }, () =>
      registerPerIp.consume(request.ip),
    );
    await assertNotCommonPassword(body.password, "password");
    const existing = await accountOf({ db, email: body.email });
    if (existing) {
      // A closed account keeps its address until its credit file is removed (data rights).
      const message = existing.closedAt
        ? authMessages.emailOfClosedAccount
        : authMessages.emailTaken;
      throw new AppError("email_taken", 409, message, { email: message });
    }
    const { firstName, lastName } = splitFullName(body.fullName);
    try {
      const { headers, response } = await auth.api.signUpEmail({
        // Only the fields we chose: whatever else the body holds (role...) never reaches it.
        body: {
          name: body.fullName,
          email: body.email,
          password: body.password,
          firstName,
          lastName,
        },
        headers: authHeaders(request),
        returnHeaders: true,
      });
      forwardCookies(reply, headers);
      const row = await findUser({ db, id: response.user.id });
      request.log.info({ userId: row.id }, "compte client créé");
      return reply.code(201).send({ user: toUserJson(row), error: null });
    } catch (error) {
      const code = betterAuthCode(error);
      // Two registrations racing for one address: the unique index decides (better-auth then
      // reports FAILED_TO_CREATE_USER); the loser gets the same answer as a later duplicate.
      const lostRace =
        (code === "FAILED_TO_CREATE_USER" || isUniqueViolation(error)) &&
        (await accountOf({ db, email: body.email })) !== undefined;
      if (code?.startsWith("USER_ALREADY_EXISTS") || lostRace) {
        throw new AppError("email_taken", 409, authMessages.emailTaken, {
          email: authMessages.emailTaken,
        });
      }
      throw error;
    }
  });
}
