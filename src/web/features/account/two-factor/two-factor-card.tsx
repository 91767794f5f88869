import { lazy, Suspense, useId, useState } from "react";
import { twoFactorMessages } from "../../../../domain/api/two-factor";
import { Badge } from "../../../components/badge";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { SectionSpinner } from "../../../components/section-spinner";
import { toast } from "../../../components/toast";
import { useAuth } from "../../../lib/auth/auth-provider";
import type { User } from "../../../lib/auth/user";
import { loadOnce } from "../../../lib/lazy-zod";
import { disableTwoFactor } from "../api/two-factor";
import { PasswordConfirmForm } from "./password-confirm-form";

// The enrolment (its steps, the key and the backup codes) is for the few who turn the factor on:
// it loads when 'Activer' is pressed, its download started as soon as the button is touched.
const setupModule = loadOnce(() => import("./two-factor-setup"));
const TwoFactorSetup = lazy(() => setupModule().then((m) => ({ default: m.TwoFactorSetup })));

type View = "status" | "enrol" | "disable";

/**
 * 'Mon profil': a client's second factor, off by default, turned on with the enrolment and off
 * again with the password (officers cannot turn theirs off: the card is the client's only).
 */
export function TwoFactorCard() {
  const { user, refresh } = useAuth();
  const headingId = useId();
  const [view, setView] = useState<View>("status");
  const enabled = user?.twoFactorEnabled === true;

  // The account changed (and its session with it): the page reads the signed-in user again.
  const update = () => void refresh();
  const changed = () => {
    update();
    setView("status");
  };

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Double authentification"
        description="Un code de votre téléphone en plus du mot de passe, à chaque connexion."
        actions={
          <Badge tone={enabled ? "success" : "neutral"}>{enabled ? "Activée" : "Désactivée"}</Badge>
        }
      />
      <CardBody>
        {view === "enrol" ? (
          <Suspense fallback={<SectionSpinner label="Chargement de l'activation…" />}>
            <TwoFactorSetup
              onEnabled={update}
              onDone={changed}
              onCancel={() => setView("status")}
            />
          </Suspense>
        ) : view === "disable" ? (
          <DisableForm
            onDisabled={() => {
              toast.success(twoFactorMessages.disabled);
              changed();
            }}
            onCancel={() => setView("status")}
          />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700">
              {enabled
                ? "Votre compte demande le code de votre application d'authentification à chaque connexion."
                : "Protégez votre compte : même avec votre mot de passe, personne ne pourra se connecter sans votre téléphone."}
            </p>
            {enabled ? (
              <Button variant="outline" onClick={() => setView("disable")}>
                Désactiver la double authentification
              </Button>
            ) : (
              <Button onClick={() => setView("enrol")} {...setupModule.preloadProps}>
                Activer la double authentification
              </Button>
            )}
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function DisableForm({
  onDisabled,
  onCancel,
}: {
  onDisabled: (user: User) => void;
  onCancel: () => void;
}) {
  return (
    <PasswordConfirmForm
      submitLabel="Confirmer la désactivation"
      loadingText="Désactivation…"
      danger
      autoFocus
      onCancel={onCancel}
      onConfirm={async (password) => {
        const { data, error } = await disableTwoFactor(password);
        if (!error) onDisabled(data.user);
        return error;
      }}
    >
      <p className="text-sm text-slate-700">
        Confirmez avec votre mot de passe : votre compte ne demandera plus de code à la connexion.
      </p>
    </PasswordConfirmForm>
  );
}
