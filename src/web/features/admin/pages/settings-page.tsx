import { useId } from "react";
import { approvalMessages } from "../../../../domain/api/approval";
import { formatFcfa, formatNumber } from "../../../../domain/format-fcfa";
import { Badge } from "../../../components/badge";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { PageTitle } from "../../../components/page-title";
import { TextField } from "../../../components/text-field";
import { pageContext } from "../../../lib/page-context";
import { PasswordChangeCard } from "../../account/components/password-change-card";
import { ProfileCard } from "../../account/components/profile-form";
import { SessionsCard } from "../../account/components/sessions-card";
import { useAdminLayoutData } from "../admin-layout-data";
import { OfficersTwoFactorCard } from "../components/officers-two-factor-card";
import type { Route } from "./+types/settings-page";

// Shown as the spec describes them, inactive: the real limits are not configurable yet.
const systemSettings = [
  { label: "Montant minimum du prêt (FCFA)", value: formatNumber(50_000) },
  { label: "Montant maximum du prêt (FCFA)", value: formatNumber(50_000_000) },
  { label: "Durée maximale (mois)", value: "60" },
  { label: "Devises acceptées", value: "XOF, EUR, USD" },
] as const;

/**
 * The settings the platform applies, read from the server (its environment): shown, not edited
 * here, since they are changed where the server is configured.
 */
function ActiveSettings() {
  const { settings } = useAdminLayoutData();
  const threshold = settings?.approvalSecondOfficerAbove;
  return (
    <div className="mb-6 rounded-lg border border-slate-200 px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Approbation à deux administrateurs</h3>
        <Badge tone="success">Actif</Badge>
      </div>
      <dl className="mt-2 text-sm">
        <dt className="text-slate-600">Seuil de confirmation par un second administrateur</dt>
        <dd className="font-semibold text-slate-900">
          {threshold !== undefined ? formatFcfa(threshold) : "Indisponible pour le moment"}
        </dd>
      </dl>
      <p className="mt-2 text-sm text-slate-600">
        {threshold !== undefined
          ? approvalMessages.needsSecondOfficer(threshold)
          : "Au-delà de ce montant, l'approbation doit être confirmée par un second administrateur."}{" "}
        Réglé par la variable APPROVAL_SECOND_OFFICER_ABOVE du serveur.
      </p>
    </div>
  );
}

function SystemSettingsCard() {
  const headingId = useId();
  const noteId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Paramètres du système"
        actions={<Badge tone="neutral">Inactif</Badge>}
      />
      <CardBody>
        <ActiveSettings />
        <p id={noteId} className="mb-5 text-sm text-slate-600">
          Ces paramètres ne sont pas encore actifs : ils sont affichés à titre indicatif et ne
          peuvent pas être modifiés.
        </p>
        <fieldset disabled aria-describedby={noteId} className="grid gap-5 sm:grid-cols-2">
          <legend className="sr-only">Paramètres du système (inactifs)</legend>
          {systemSettings.map((setting) => (
            <TextField key={setting.label} label={setting.label} value={setting.value} readOnly />
          ))}
        </fieldset>
      </CardBody>
    </Card>
  );
}

/** The officer's signed-in browsers, and every officer with the state of their second factor. */
export async function loader({ context }: Route.LoaderArgs) {
  const { reader } = context.get(pageContext);
  const [sessions, officers] = await Promise.all([
    reader.accountSessions(),
    reader.administrators(),
  ]);
  return { sessions, officers };
}

export default function AdminSettingsPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle
        title="Paramètres"
        description="Votre profil, votre mot de passe, la double authentification des administrateurs et les paramètres de la plateforme."
      />
      <div className="space-y-6">
        <ProfileCard />
        <PasswordChangeCard screen="admin" />
        <SessionsCard sessions={loaderData.sessions} />
        <OfficersTwoFactorCard officers={loaderData.officers} />
        <SystemSettingsCard />
      </div>
    </>
  );
}
