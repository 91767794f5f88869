import { PageTitle } from "../../../components/page-title";
import { pageContext } from "../../../lib/page-context";
import { CloseAccountCard } from "../../account/components/close-account-card";
import { DataExportCard } from "../../account/components/data-export-card";
import { NotificationChoicesCard } from "../../account/components/notification-choices-card";
import { PasswordChangeCard } from "../../account/components/password-change-card";
import { ProfileCard } from "../../account/components/profile-form";
import { SessionsCard } from "../../account/components/sessions-card";
import { TwoFactorCard } from "../../account/two-factor/two-factor-card";
import type { Route } from "./+types/profile-page";

/** The client's notice channels, signed-in browsers and latest data export. */
export async function loader({ context }: Route.LoaderArgs) {
  const { reader } = context.get(pageContext);
  const [choices, sessions, latestExport] = await Promise.all([
    reader.notificationChoices(),
    reader.accountSessions(),
    reader.latestDataExport(),
  ]);
  return { choices, sessions, latestExport };
}

export default function ClientProfilePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageTitle
        title="Mon profil"
        description="Vos coordonnées, vos notifications, votre mot de passe, vos sessions, la double authentification et vos données."
      />
      <div className="space-y-6">
        <ProfileCard />
        <NotificationChoicesCard choices={loaderData.choices} />
        <PasswordChangeCard screen="client" />
        <SessionsCard sessions={loaderData.sessions} />
        <TwoFactorCard />
        <DataExportCard current={loaderData.latestExport} />
        <CloseAccountCard />
      </div>
    </>
  );
}
