import { desc, eq } from "drizzle-orm";
import { approvalProposals, contactMessages } from "../db/schema";
import { runExportJobs } from "../modules/data-rights/export-worker";
import {
  createLoanWithDocuments,
  insertInfoRequest,
} from "../modules/loans/complement.test-helpers";
import { servicingTargets } from "../modules/servicing/servicing.matrix-targets";
import type { Caller, Targets } from "./authorization-matrix";
import {
  createUpload,
  nextIp,
  registerClient,
  signedInAdmin,
  signedInUnenrolledAdmin,
  signInAgain,
  type TestApp,
  uploadFile,
} from "./test-app";
import { pdfFile } from "./test-files";

// The callers and resources the authorization matrix and the fuzz test name (their targets).
// The app runs with APPROVAL_SECOND_OFFICER_ABOVE=1000000, so an ordinary request's approval is
// a proposal for a second officer.

const once = <T>(make: () => Promise<T>) => {
  let value: Promise<T> | undefined;
  return () => {
    value ??= make();
    return value;
  };
};

/** Four callers and the resources of the first, made when a row first names them. */
export type MatrixWorld = {
  own: Caller;
  other: Caller;
  officer: Caller;
  /** An officer signed in with the password only: no second factor enrolled yet. */
  unenrolledOfficer: Caller;
  targets: Targets;
};

export async function makeMatrixWorld(t: TestApp): Promise<MatrixWorld> {
  const { app } = t;
  const own: Caller = { ...(await registerClient(app)), role: "own" };
  const other: Caller = { ...(await registerClient(app)), role: "other" };
  const officer: Caller = { ...(await signedInAdmin(app)), role: "officer" };
  const unenrolledOfficer: Caller = {
    ...(await signedInUnenrolledAdmin(app)),
    role: "unenrolledOfficer",
  };
  const proposer = once(() => signedInAdmin(app));

  const loan = once(() => createLoanWithDocuments(app, own.cookie));
  const infoRequest = async () => {
    const { id } = await createLoanWithDocuments(app, own.cookie);
    const { itemIds } = await insertInfoRequest(app, id, {
      officerCookie: officer.cookie,
      add: [{ category: "fiscal" }],
    });
    return { loanId: id, itemId: itemIds[0] as number };
  };
  const targets: Targets = {
    loanId: async () => (await loan()).id,
    loanDocumentId: async () => {
      const documents = (await loan()).documents as Array<{ id: string }>;
      return (documents[0] as { id: string }).id;
    },
    documentId: once(async () => {
      const uploadId = await uploadFile(app, own.cookie, pdfFile("document de la matrice"));
      const response = await app.inject({
        method: "POST",
        url: "/api/documents",
        headers: { cookie: own.cookie },
        payload: { name: "Relevé", category: "autre", uploadId },
      });
      return response.json().document.id as string;
    }),
    uploadId: once(() => uploadFile(app, own.cookie, pdfFile("upload de la matrice"))),
    partialUploadId: once(async () => {
      const { path } = await createUpload(app, own.cookie, { size: 10 });
      return String(path?.split("/").pop());
    }),
    infoRequest: once(infoRequest),
    answeredInfoRequestLoanId: once(async () => {
      const { loanId, itemId } = await infoRequest();
      const uploadId = await uploadFile(app, own.cookie, pdfFile("complément"));
      const response = await app.inject({
        method: "PUT",
        url: `/api/loans/${loanId}/info-request/items/${itemId}`,
        headers: { cookie: own.cookie },
        payload: { uploadId },
      });
      if (response.statusCode !== 200) throw new Error(`complement: ${response.body}`);
      return loanId;
    }),
    proposal: once(async () => {
      const { id } = await createLoanWithDocuments(app, own.cookie);
      const first = await proposer();
      const response = await app.inject({
        method: "POST",
        url: `/api/admin/loans/${id}/status`,
        headers: { cookie: first.cookie },
        payload: { from: "pending", to: "approved", approvedAmount: 1_500_000, interestRate: 12 },
      });
      if (response.statusCode !== 200) throw new Error(`proposal: ${response.body}`);
      const [proposal] = await t.database.db
        .select({ id: approvalProposals.id })
        .from(approvalProposals)
        .where(eq(approvalProposals.loanId, id))
        .orderBy(desc(approvalProposals.id))
        .limit(1);
      return { loanId: id, proposalId: Number(proposal?.id) };
    }),
    clientId: async () => own.user.id,
    sessionId: async () => {
      const cookie = await signInAgain(app, own);
      const response = await app.inject({ url: "/api/me/sessions", headers: { cookie } });
      const sessions = response.json().sessions as Array<{ id: string; current: boolean }>;
      return String(sessions.find((session) => session.current)?.id);
    },
    dataExportId: once(async () => {
      const response = await app.inject({
        method: "POST",
        url: "/api/me/data-exports",
        headers: { cookie: own.cookie },
      });
      // Built by the background task the request started (or now, if it has not run).
      await app.deps.background.drain();
      const silent = { info() {}, warn() {}, error() {} };
      await runExportJobs({
        db: t.database.db,
        storage: app.deps.storage,
        ttlHours: 1,
        logger: silent,
      });
      return response.json().export.id as string;
    }),
    ...servicingTargets(t, own, officer, proposer),
    contactMessageId: once(async () => {
      await app.inject({
        method: "POST",
        url: "/api/contact",
        remoteAddress: nextIp(),
        payload: { name: "Awa Koné", email: own.email, message: "Message de la matrice." },
      });
      const [row] = await t.database.db
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.email, own.email))
        .orderBy(desc(contactMessages.id))
        .limit(1);
      return Number(row?.id);
    }),
  };
  return { own, other, officer, unenrolledOfficer, targets };
}
