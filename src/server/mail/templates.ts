import { firm } from "../../domain/firm";

export type MailContent = { subject: string; text: string; html: string };

export type MailLayout = {
  subject: string;
  /** "Bonjour Awa," */
  greeting: string;
  /** Paragraphs before the button. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button. */
  after?: string[];
};

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * The one layout of every e-mail (password reset, loan status change, contact message...):
 * a plain text part and a simple HTML part with the same words.
 */
export function renderMail(layout: MailLayout): MailContent {
  const after = layout.after ?? [];
  const signature = [`L'équipe ${firm.name}`, firm.phone, firm.email];
  const text = [
    layout.greeting,
    "",
    ...layout.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(layout.action ? [`${layout.action.label} : ${layout.action.url}`, ""] : []),
    ...after.flatMap((paragraph) => [paragraph, ""]),
    "—",
    ...signature,
    "",
  ].join("\n");

  const paragraph = (value: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(value).replace(/\n/g, "<br>")}</p>`;
  const button = layout.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.action.url)}" style="background:#183c70;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(layout.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :<br><a href="${escapeHtml(layout.action.url)}">${escapeHtml(layout.action.url)}</a></p>`
    : "";
  const html = `<!DOCTYPE html>
<html lang="fr">
<head><meta charset="utf-8"><title>${escapeHtml(layout.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fa;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">
<p style="margin:0 0 24px;font-weight:bold;color:#183c70;font-size:18px">${escapeHtml(firm.name)}</p>
${paragraph(layout.greeting)}
${layout.paragraphs.map(paragraph).join("\n")}
${button}
${after.map(paragraph).join("\n")}
<p style="margin:32px 0 0;font-size:13px;color:#555;line-height:1.5">${signature.map(escapeHtml).join("<br>")}</p>
</div>
</body>
</html>
`;
  return { subject: layout.subject, text, html };
}

export function greeting(firstName: string | null | undefined): string {
  return firstName?.trim() ? `Bonjour ${firstName.trim()},` : "Bonjour,";
}

export function passwordResetMail(input: { firstName?: string | null; url: string }): MailContent {
  return renderMail({
    subject: "Réinitialisation de votre mot de passe",
    greeting: greeting(input.firstName),
    paragraphs: [
      `Vous avez demandé à réinitialiser le mot de passe de votre compte ${firm.name}.`,
      "Pour choisir un nouveau mot de passe, ouvrez le lien ci-dessous. Il est valable une heure et ne peut servir qu'une fois.",
    ],
    action: { label: "Choisir un nouveau mot de passe", url: input.url },
    after: [
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe actuel reste valable.",
    ],
  });
}
