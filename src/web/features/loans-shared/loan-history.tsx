import {
  ArrowRightLeft,
  BadgeCheck,
  FileCheck2,
  FilePlus2,
  FileSymlink,
  type LucideIcon,
  Mail,
  MessageSquare,
  Smartphone,
  Undo2,
  UserCheck,
} from "lucide-react";
import type { ReactNode } from "react";
import type { ActorJson, LoanActivityJson } from "../../../domain/api/loans";
import { loanMessages } from "../../../domain/api/loans";
import {
  type LoanNoticeJson,
  noticeChannelLabels,
  noticeKindLabel,
} from "../../../domain/api/notices";
import { documentCategoryLabels, isDocumentCategory } from "../../../domain/document-category";
import {
  isDocumentVerdict,
  isReplacementReason,
  verdictText,
} from "../../../domain/document-review";
import { formatDateTime } from "../../../domain/format-date";
import { formatFcfa } from "../../../domain/format-fcfa";
import { type LoanActivityType, servicingActivityLabels } from "../../../domain/loan-activity";
import { isLoanStatus, loanStatusLabels } from "../../../domain/loan-status";
import { isAdminRole } from "../../../domain/roles";

const icons: Record<LoanActivityType, LucideIcon> = {
  status_change: ArrowRightLeft,
  comment: MessageSquare,
  document_added: FilePlus2,
  assignment: UserCheck,
  document_review: FileCheck2,
  document_replaced: FileSymlink,
  approval_proposed: BadgeCheck,
  approval_returned: Undo2,
  contract_prepared: FilePlus2,
  contract_withdrawn: Undo2,
  contract_signed: BadgeCheck,
  disbursement_proposed: BadgeCheck,
  disbursement: ArrowRightLeft,
  payment: ArrowRightLeft,
  payment_reversed: Undo2,
};

function FileName({ name }: { name: string | null }) {
  if (!name) return null;
  return <bdi className="[overflow-wrap:anywhere]">« {name} »</bdi>;
}

/**
 * The document an activity is about: its category beside its name, since a dossier may hold
 * several files of one name (three "scan.pdf", a replaced "bank.pdf" and its replacement).
 */
function DocumentName({ activity }: { activity: LoanActivityJson }) {
  const category =
    activity.documentCategory ??
    (activity.type === "document_added" && isDocumentCategory(activity.newValue)
      ? activity.newValue
      : null);
  return (
    <>
      <FileName name={activity.documentName} />
      {category ? ` (${documentCategoryLabels[category]})` : null}
    </>
  );
}

function Comment({ text }: { text: string | null }) {
  if (!text) return null;
  // A comment may hold an unbroken run (the signed contract's SHA-256): it breaks anywhere rather
  // than widen the history, and the page, past a phone's screen.
  return <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere] text-slate-700">{text}</p>;
}

function statusLabel(value: string | null): string {
  if (value === null) return "";
  return isLoanStatus(value) ? loanStatusLabels[value] : value;
}

/** "Awa Koné (Client)"; the tag says who wrote it, since both sides write in the history. */
function Author({ author }: { author: ActorJson }) {
  if (!author) return null;
  const name = `${author.firstName} ${author.lastName}`.trim();
  return (
    <span className="font-medium text-slate-800">
      {name ? `${name} ` : ""}
      <span className="text-slate-600">{isAdminRole(author.role) ? "(Admin)" : "(Client)"}</span>
    </span>
  );
}

/** How an assignment reads: the client only learns that an adviser has it; officers see whom. */
export type DescribeAssignment = (activity: LoanActivityJson) => ReactNode;

function Summary({
  activity,
  describeAssignment,
}: {
  activity: LoanActivityJson;
  describeAssignment?: DescribeAssignment;
}) {
  switch (activity.type) {
    case "status_change":
      // The first status of a request has nothing before it: that is its submission.
      if (activity.oldValue === null) {
        return <p className="text-slate-900">Demande soumise : {statusLabel(activity.newValue)}</p>;
      }
      return (
        <>
          <p className="text-slate-900">
            Statut modifié : {statusLabel(activity.oldValue)} → {statusLabel(activity.newValue)}
          </p>
          <Comment text={activity.comment} />
        </>
      );
    case "document_review": {
      const verdict = isDocumentVerdict(activity.newValue) ? activity.newValue : null;
      const reason = isReplacementReason(activity.oldValue) ? activity.oldValue : null;
      return (
        <>
          <p className="text-slate-900">
            Document <DocumentName activity={activity} /> :{" "}
            {verdict ? verdictText(verdict, reason) : activity.newValue}
          </p>
          <Comment text={activity.comment} />
        </>
      );
    }
    case "document_replaced":
      return (
        <p className="text-slate-900">
          Document <DocumentName activity={activity} /> remplacé par{" "}
          <FileName name={activity.newValue} />
        </p>
      );
    case "approval_proposed":
      return (
        <>
          <p className="text-slate-900">
            Approbation proposée
            {activity.newValue ? ` : ${formatFcfa(Number(activity.newValue))}` : ""}, à confirmer
            par un second administrateur
          </p>
          <Comment text={activity.comment} />
        </>
      );
    case "approval_returned":
      return (
        <>
          <p className="text-slate-900">Proposition d'approbation renvoyée</p>
          <Comment text={activity.comment} />
        </>
      );
    case "document_added":
      return (
        <p className="text-slate-900">
          Document ajouté
          {activity.documentName ? (
            <>
              {" : "}
              <DocumentName activity={activity} />
            </>
          ) : null}
        </p>
      );
    case "assignment":
      return (
        <p className="text-slate-900">
          {describeAssignment ? describeAssignment(activity) : "Demande confiée à un conseiller"}
        </p>
      );
    case "comment":
      return (
        <p className="whitespace-pre-line break-words text-slate-900">{activity.comment ?? ""}</p>
      );
    default:
      // The loan after the decision (issue 28): the step, and what it says.
      return (
        <>
          <p className="text-slate-900">{servicingActivityLabels[activity.type]}</p>
          <Comment text={activity.comment} />
        </>
      );
  }
}

/** Where a notice stands: sent, delivered (the SMS receipt), waiting, or given up. */
function noticeState(notice: LoanNoticeJson): string {
  if (notice.failedAt) return "échec de l'envoi";
  if (!notice.sentAt) return "en attente d'envoi";
  if (notice.channel === "email") return "envoyé";
  if (notice.delivery === "delivered" && notice.deliveredAt) {
    return `remis le ${formatDateTime(notice.deliveredAt)}`;
  }
  if (notice.delivery === "not_delivered") return `non remis (${notice.deliveryState ?? "?"})`;
  return "envoyé";
}

function NoticeItem({ notice }: { notice: LoanNoticeJson }) {
  const Icon = notice.channel === "sms" ? Smartphone : Mail;
  return (
    <li className="flex gap-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-sky-50 text-sky-700">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap gap-x-2 text-slate-600">
          <span className="font-medium text-slate-800">Avis au client</span>
          <time dateTime={notice.createdAt}>{formatDateTime(notice.createdAt)}</time>
        </p>
        <p className="mt-0.5 text-slate-900">
          {noticeChannelLabels[notice.channel]} au client : « {noticeKindLabel(notice.kind)} » —{" "}
          {noticeState(notice)}
        </p>
      </div>
    </li>
  );
}

/**
 * Everything that happened to the request, newest first; for officers, with the notices the
 * client was sent (e-mail, SMS and its delivery) among them.
 */
export function LoanHistory({
  activities,
  notices = [],
  describeAssignment,
}: {
  activities: readonly LoanActivityJson[];
  notices?: readonly LoanNoticeJson[];
  describeAssignment?: DescribeAssignment;
}) {
  if (activities.length === 0 && notices.length === 0) {
    return <p className="text-sm text-slate-600">{loanMessages.noActivity}</p>;
  }
  const entries = [
    ...activities.map((activity) => ({ at: activity.createdAt, activity, notice: null })),
    ...notices.map((notice) => ({ at: notice.createdAt, activity: null, notice })),
    // Stable: an activity and the notice written in its transaction keep the activity first
    // when read newest first (the notice is its consequence). ISO instants compare as text; not
    // with localeCompare, whose collator would load the locale's data on the page's first render.
  ].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  return (
    <ol className="space-y-4">
      {entries.map(({ activity, notice }) => {
        if (notice) return <NoticeItem key={notice.id} notice={notice} />;
        if (!activity) return null;
        const Icon = icons[activity.type];
        return (
          <li key={activity.id} className="flex gap-3">
            <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
              <Icon aria-hidden="true" className="size-4" />
            </span>
            <div className="min-w-0 flex-1 text-sm">
              <p className="flex flex-wrap gap-x-2 text-slate-600">
                <Author author={activity.author} />
                <time dateTime={activity.createdAt}>{formatDateTime(activity.createdAt)}</time>
              </p>
              <div className="mt-0.5">
                <Summary activity={activity} describeAssignment={describeAssignment} />
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
