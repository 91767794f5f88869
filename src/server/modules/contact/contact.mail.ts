import type { ContactMessageJson } from "../../../domain/api/contact-messages";
import { renderMail } from "../../mail/templates";

/** Header values come from a visitor: one line, bounded. */
function oneLine(value: string, max = 120): string {
  const line = value.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The mail that brings a contact message to the firm's inbox (CONTACT_INBOX). */
export function contactInboxMail({
  message,
  inboxUrl,
}: {
  message: Pick<ContactMessageJson, "id" | "name" | "email" | "phone" | "subject" | "message">;
  inboxUrl: string;
}) {
  const topic = message.subject ? oneLine(message.subject) : "sans objet";
  return renderMail({
    subject: `Nouveau message de contact : ${topic} (${oneLine(message.name, 60)})`,
    greeting: "Bonjour,",
    paragraphs: [
      "Un visiteur du site a envoyé un message par le formulaire de contact.",
      [
        `Nom : ${message.name}`,
        `E-mail : ${message.email}`,
        `Téléphone : ${message.phone || "Non renseigné"}`,
        `Sujet : ${message.subject || "Sans objet"}`,
      ].join("\n"),
      message.message,
    ],
    action: { label: "Ouvrir la messagerie", url: `${inboxUrl}?message=${message.id}` },
    after: ["Répondez directement à ce courriel pour écrire au visiteur."],
  });
}
