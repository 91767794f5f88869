import { ShieldOff } from "lucide-react";
import { useId, useState } from "react";
import { personName } from "../../../../domain/api/admin-clients";
import { twoFactorMessages } from "../../../../domain/api/two-factor";
import { Badge } from "../../../components/badge";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { Dialog, DialogActions, useMutationDialog } from "../../../components/dialog";
import { toast } from "../../../components/toast";
import { useAuth } from "../../../lib/auth/auth-provider";
import type { User } from "../../../lib/auth/user";
import { useResetTwoFactor } from "../api/reset-two-factor";

/**
 * 'Paramètres': every officer with the state of their second factor, and, for another officer
 * who lost their phone, 'Réinitialiser la double authentification' (journaled by the server;
 * that officer enrols again at the next sign-in).
 */
export function OfficersTwoFactorCard({ officers }: { officers: readonly User[] }) {
  const headingId = useId();
  const { user: me } = useAuth();
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Double authentification des administrateurs"
        description="Un administrateur qui a perdu son téléphone : réinitialisez sa double authentification, il l'activera de nouveau à sa prochaine connexion."
      />
      <CardBody>
        <ul className="divide-y divide-slate-100" aria-label="Administrateurs">
          {officers.map((officer) => (
            <OfficerRow key={officer.id} officer={officer} self={officer.id === me?.id} />
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

function OfficerRow({ officer, self }: { officer: User; self: boolean }) {
  const name = personName(officer);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {name}
          {self ? <span className="font-normal text-slate-600"> (vous)</span> : null}
        </p>
        <p className="truncate text-sm text-slate-600">{officer.email}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone={officer.twoFactorEnabled ? "success" : "warning"}>
          {officer.twoFactorEnabled ? "Activée" : "À activer"}
        </Badge>
        {!self && officer.twoFactorEnabled ? <ResetDialog officer={officer} name={name} /> : null}
      </div>
    </li>
  );
}

function ResetDialog({ officer, name }: { officer: User; name: string }) {
  const mutation = useResetTwoFactor();
  const { open, setOpen, onOpenChange } = useMutationDialog(mutation);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (mutation.isPending) return;
    setError(null);
    try {
      await mutation.mutateAsync(officer.id);
      setOpen(false);
      toast.success(twoFactorMessages.reset);
    } catch (cause) {
      const message = cause instanceof Error ? cause.message : String(cause);
      setError(message);
      toast.error(message);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Réinitialiser la double authentification"
      description={`${name} (${officer.email})`}
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={`Réinitialiser la double authentification de ${name}`}
        >
          <ShieldOff aria-hidden="true" className="size-4" />
          Réinitialiser la double authentification
        </Button>
      }
      footer={
        <DialogActions variant="danger" pending={mutation.isPending} onClick={() => void confirm()}>
          Réinitialiser
        </DialogActions>
      }
    >
      <p className="text-sm text-slate-700">
        Son application ne donnera plus accès au compte et ses sessions ouvertes seront fermées. À
        sa prochaine connexion, il devra activer de nouveau la double authentification. Cette action
        est inscrite au journal de sécurité.
      </p>
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
