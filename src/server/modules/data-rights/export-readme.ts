import type { DataExportArchive } from "../../../domain/api/data-rights";
import { firm } from "../../../domain/firm";
import { formatDateTime } from "../../../domain/format-date";

/** LISEZMOI.txt: what the archive holds, in French, for the client who opens it. */
export function readme(archive: DataExportArchive): string {
  const name = `${archive.profile.firstName} ${archive.profile.lastName}`.trim();
  return [
    `${firm.name} — vos données personnelles`,
    "",
    `Export préparé le ${formatDateTime(archive.exportedAt)} pour ${name || archive.profile.email}.`,
    "",
    "Contenu de l'archive :",
    "- donnees.json : votre profil et vos préférences de notification (profile), vos demandes de prêt",
    "  avec leur historique tel que vous le voyez dans votre espace (requests), vos contrats, leur",
    "  signature, vos échéanciers et vos paiements (servicing), la liste de vos documents, y compris",
    "  les versions remplacées (documents), et les e-mails et SMS qui vous ont été envoyés au sujet",
    "  de vos demandes (notices).",
    "- documents/ : les fichiers de vos documents, rangés par catégorie.",
    "",
    "Cette archive contient des pièces d'identité et des relevés bancaires : conservez-la en lieu sûr.",
    `Pour toute question sur vos données : ${firm.email}.`,
    "",
  ].join("\n");
}
