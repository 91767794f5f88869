import type { FastifyInstance } from "fastify";
import { notificationChoicesSchema } from "../../../domain/api/notifications.schema";
import { currentUser, requireClient } from "../../auth";
import { parseBody } from "../../http/app-error";
import { getNotificationChoices, saveNotificationChoices } from "./notifications.service";

/** 'Mon profil': which channels the client's notices take (e-mail, SMS) and the SMS number. */
export async function notificationRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  app.get("/me/notifications", { preHandler: requireClient }, async (request) => {
    return { choices: await getNotificationChoices({ db, userId: currentUser(request).id }) };
  });

  app.put("/me/notifications", { preHandler: requireClient }, async (request) => {
    const input = parseBody(notificationChoicesSchema, request.body);
    return {
      choices: await saveNotificationChoices({ db, userId: currentUser(request).id, input }),
    };
  });
}
