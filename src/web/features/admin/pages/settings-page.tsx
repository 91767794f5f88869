import { useId } from "react";
import { formatNumber } from "../../../../domain/format-fcfa";
import { adminPasswordChangeSchema } from "../../../../domain/schemas/profile";
import { Badge } from "../../../components/badge";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { PageTitle } from "../../../components/page-title";
import { TextField } from "../../../components/text-field";
import { PasswordChangeCard } from "../../account/components/password-change-card";
import { ProfileCard } from "../../account/components/profile-form";

// Shown as the spec describes them, inactive: the real limits are not configurable yet.
const systemSettings = [
  { label: "Montant minimum du prêt (FCFA)", value: formatNumber(50_000) },
  { label: "Montant maximum du prêt (FCFA)", value: formatNumber(50_000_000) },
  { label: "Durée maximale (mois)", value: "60" },
  { label: "Devises acceptées", value: "XOF, EUR, USD" },
] as const;

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

export default function AdminSettingsPage() {
  return (
    <>
      <PageTitle
        title="Paramètres"
        description="Votre profil, votre mot de passe et les paramètres de la plateforme."
      />
      <div className="space-y-6">
        <ProfileCard />
        <PasswordChangeCard schema={adminPasswordChangeSchema} />
        <SystemSettingsCard />
      </div>
    </>
  );
}
