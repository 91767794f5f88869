import { areaHeadings } from "../../../../domain/area-routes";
import { PageTitle } from "../../../components/page-title";
import { CloseAccountCard } from "../../account/components/close-account-card";
import { DataExportCard } from "../../account/components/data-export-card";
import { NotificationChoicesCard } from "../../account/components/notification-choices-card";
import { PasswordChangeCard } from "../../account/components/password-change-card";
import { ProfileCard } from "../../account/components/profile-form";
import { SessionsCard } from "../../account/components/sessions-card";
import { TwoFactorCard } from "../../account/two-factor/two-factor-card";

export default function ClientProfilePage() {
  return (
    <>
      <PageTitle {...areaHeadings.clientProfile} />
      <div className="space-y-6">
        <ProfileCard />
        <NotificationChoicesCard />
        <PasswordChangeCard screen="client" />
        <SessionsCard />
        <TwoFactorCard />
        <DataExportCard />
        <CloseAccountCard />
      </div>
    </>
  );
}
