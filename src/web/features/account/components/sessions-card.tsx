import { Monitor, Smartphone } from "lucide-react";
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import {
  type AccountSessionJson,
  accountSessionMessages,
} from "../../../../domain/api/account-sessions";
import { formatDateTime } from "../../../../domain/format-date";
import { formatRelativeDay } from "../../../../domain/format-relative-day";
import { Badge } from "../../../components/badge";
import { Button } from "../../../components/button";
import { Card, CardBody, CardHeader } from "../../../components/card";
import { toast } from "../../../components/toast";
import { useNow } from "../../../lib/clock";
import { endOtherSessions, endSession } from "../api/sessions";

// 'Mon profil' and 'Paramètres': the browsers signed in to the account (issue 17). Ending one
// signs that browser out at its next request; the current one ends with 'Se déconnecter'.

const phones = /Android|iPhone|iPad/;

function SessionItem({
  session,
  busy,
  onEnd,
}: {
  session: AccountSessionJson;
  busy: boolean;
  onEnd: (session: AccountSessionJson) => void;
}) {
  const Icon = phones.test(session.device) ? Smartphone : Monitor;
  const titleId = useId();
  const now = useNow();
  return (
    <li
      aria-labelledby={titleId}
      className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
        <div className="min-w-0">
          <p id={titleId} className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
            {session.device}
            {session.current ? <Badge tone="success">Cette session</Badge> : null}
          </p>
          <p className="text-sm text-slate-600">
            Connexion le {formatDateTime(session.createdAt)}
            {session.ip ? <> depuis l'adresse {session.ip}</> : null}
          </p>
          <p className="text-sm text-slate-600">
            Dernière activité : {formatRelativeDay(session.lastActiveAt, now)}
          </p>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          loading={busy}
          loadingText="Fermeture…"
          onClick={() => onEnd(session)}
          aria-describedby={titleId}
        >
          Fermer cette session
        </Button>
      )}
    </li>
  );
}

/** The account's active sessions, with the means to end any other one, or all of them. */
export function SessionsCard({ sessions }: { sessions: readonly AccountSessionJson[] }) {
  const headingId = useId();
  const { revalidate } = useRevalidator();
  // The session being ended, or "others" while they all are.
  const [ending, setEnding] = useState<string | null>(null);
  const others = sessions.filter((session) => !session.current).length;

  async function end(session: AccountSessionJson) {
    setEnding(session.id);
    const { error } = await endSession(session.id);
    setEnding(null);
    // Already gone (ended from another browser): the list is simply out of date.
    if (error && error.status !== 404) {
      toast.error(error.message ?? accountSessionMessages.endFailed);
      return;
    }
    toast.success(accountSessionMessages.ended);
    await revalidate();
  }

  async function endOthers() {
    setEnding("others");
    const { data, error } = await endOtherSessions();
    setEnding(null);
    if (error) {
      toast.error(error.message ?? accountSessionMessages.endFailed);
      return;
    }
    toast.success(accountSessionMessages.othersEnded(data.ended));
    await revalidate();
  }

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Sessions actives"
        description="Les appareils connectés à votre compte. Fermez une session que vous ne reconnaissez pas, puis changez votre mot de passe."
        actions={
          others > 0 ? (
            <Button
              variant="outline"
              size="sm"
              loading={ending === "others"}
              loadingText="Fermeture…"
              onClick={endOthers}
            >
              Fermer toutes les autres sessions
            </Button>
          ) : null
        }
      />
      <CardBody>
        <ul className="divide-y divide-slate-100">
          {sessions.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              busy={ending === session.id}
              onEnd={end}
            />
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
