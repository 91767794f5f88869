import { randomUUID } from "node:crypto";
import type { HTTPMethods, InjectOptions } from "fastify";
import { loanRequestBody } from "./fixtures";
import type { TestClient } from "./test-app";

/**
 * The authorization matrix (issue 17): every route of the server, with who may call it. The test
 * beside it (authorization-matrix.test.ts) lists Fastify's own routes and fails on a route without
 * a row here, then tries every row for each of the four callers:
 *
 * - anonymous: no session;
 * - own: a client on its own resources (the targets below belong to this client);
 * - other: another client, on the first one's resources;
 * - officer: an administrator;
 * - unenrolledOfficer: an administrator signed in with the password only, before enrolling a
 *   second factor (what a stolen officer's password gives).
 *
 * and checks the answer against the row's decision. `as-missing` means the answer (status and
 * body) is exactly the one the same caller gets for a resource that does not exist.
 *
 * To add a route: one row, usually with one of the `access` presets, and a `request` that
 * would succeed for a caller who is allowed (the targets give ids of real resources).
 */

export const matrixRoles = ["anonymous", "other", "own", "officer", "unenrolledOfficer"] as const;
export type MatrixRole = (typeof matrixRoles)[number];

/**
 * What a caller gets: let through (2xx, or the row's `okStatus`), 401, 403, 403
 * `second_factor_required`, or as a missing one.
 */
export type Cell = "ok" | "unauthenticated" | "forbidden" | "second-factor" | "as-missing";
export type Access = Record<MatrixRole, Cell>;

export const access = {
  /** Anyone, signed in or not. */
  public: { anonymous: "ok", other: "ok", own: "ok", officer: "ok", unenrolledOfficer: "ok" },
  /**
   * Any signed-in account, on its own account only (profile, password, sessions, second factor):
   * an officer without a second factor too, who must reach the enrolment.
   */
  signedIn: {
    anonymous: "unauthenticated",
    other: "ok",
    own: "ok",
    officer: "ok",
    unenrolledOfficer: "ok",
  },
  /** One of the account's own sessions, named in the request. */
  ownSession: {
    anonymous: "unauthenticated",
    other: "as-missing",
    own: "ok",
    officer: "as-missing",
    unenrolledOfficer: "as-missing",
  },
  /** A client's own work (requests, documents, uploads, data rights): officers never act as one. */
  client: {
    anonymous: "unauthenticated",
    other: "ok",
    own: "ok",
    officer: "forbidden",
    unenrolledOfficer: "forbidden",
  },
  /** A client's own resource, named in the request: another client gets what a missing one gets. */
  owner: {
    anonymous: "unauthenticated",
    other: "as-missing",
    own: "ok",
    officer: "forbidden",
    unenrolledOfficer: "forbidden",
  },
  /** A client's own resource that officers also read (a document's file, for the review). */
  ownerAndOfficers: {
    anonymous: "unauthenticated",
    other: "as-missing",
    own: "ok",
    officer: "ok",
    unenrolledOfficer: "second-factor",
  },
  /** The officers' area. */
  officer: {
    anonymous: "unauthenticated",
    other: "forbidden",
    own: "forbidden",
    officer: "ok",
    unenrolledOfficer: "second-factor",
  },
} as const satisfies Record<string, Access>;

/** The resources a request names; ids of the `own` client's resources, or of missing ones. */
export type Targets = {
  /** A pending request of the client, with its three documents. */
  loanId(): Promise<number>;
  /** One of that request's documents. */
  loanDocumentId(): Promise<string>;
  /** A standalone document of the client (Mes documents). */
  documentId(): Promise<string>;
  /** A finished upload of the client, attached to nothing. */
  uploadId(): Promise<string>;
  /** An upload of the client started and not yet sent (10 bytes announced). */
  partialUploadId(): Promise<string>;
  /** A request in info_requested and one item asked (a document to add). */
  infoRequest(): Promise<{ loanId: number; itemId: number }>;
  /** A request in info_requested whose items are all answered: ready to send. */
  answeredInfoRequestLoanId(): Promise<number>;
  /** A request with an approval proposed by another officer (four-eyes). */
  proposal(): Promise<{ loanId: number; proposalId: number }>;
  /** The client's account id (the officers' client file). */
  clientId(): Promise<string>;
  /** A contact message in the officers' inbox. */
  contactMessageId(): Promise<number>;
  /** Another session of the client (a second browser signed in), a new one per call. */
  sessionId(): Promise<string>;
  /** A ready data export of the client ('Télécharger mes données'). */
  dataExportId(): Promise<string>;
  /** An approved request of the client with its contract prepared (issue 28). */
  approvedLoanId(): Promise<number>;
  /** An approved request whose contract was withdrawn: one to prepare again. */
  withdrawnContractLoanId(): Promise<number>;
  /** A contract with a code just sent to the client, and the code. */
  signatureCode(): Promise<{ loanId: number; code: string }>;
  /** A signed contract, to disburse. */
  signedLoanId(): Promise<number>;
  /** A disbursement recorded by another officer above the threshold, to confirm. */
  proposedDisbursement(): Promise<{ loanId: number; disbursementId: number }>;
  /** A loan being repaid. */
  repayingLoanId(): Promise<number>;
  /** A payment on a loan being repaid, to reverse. */
  payment(): Promise<{ loanId: number; paymentId: number }>;
  /** A loan repaid in full ('Soldé'). */
  repaidLoanId(): Promise<number>;
  /** A statement imported (its rows unmatched). */
  statementImportId(): Promise<number>;
};

export type Caller = TestClient & { role: MatrixRole };

export type CellContext = {
  targets: Targets;
  /** Who calls; null for the anonymous cell. */
  caller: Caller | null;
  /** A finished upload of the caller (a new one per call): what a body names as the caller's. */
  callerUpload(): Promise<string>;
  /** The `own` client of these targets (for a public route that needs an existing account). */
  owner: TestClient;
  /** An officer of the platform (for an administrator id in a body). */
  officer: TestClient;
};

/** The request of one cell; the caller's cookie and a fresh client address are added. */
export type CellRequest = Omit<InjectOptions, "method"> & { url: string };

export type MatrixRow = {
  method: HTTPMethods;
  /** As Fastify has it, with the prefix: "/api/loans/:id". */
  path: string;
  access: Access;
  /** Builds a request that succeeds for a caller who is allowed. */
  request(context: CellContext): CellRequest | Promise<CellRequest>;
  /**
   * The `ok` answer when it is not a 2xx (e.g. a public route that checks a token); several when
   * the answer past the access check depends on the caller's own state (a client without a
   * second factor, an officer who must keep one).
   */
  okStatus?: number | number[];
  /**
   * The call changes what it names (deletes it, ends a session...): the row gets callers and
   * targets of its own, and the allowed cells run last.
   */
  fresh?: boolean;
};

const tus = { "tus-resumable": "1.0.0" };
const json = (payload: object) => ({ payload });

/** The targets of the missing cells: ids that no resource has. */
export const missingTargets: Targets = {
  loanId: async () => 99_999_999,
  loanDocumentId: async () => "00000000-0000-4000-8000-000000000000",
  documentId: async () => "00000000-0000-4000-8000-000000000001",
  uploadId: async () => "0".repeat(32),
  partialUploadId: async () => "1".repeat(32),
  infoRequest: async () => ({ loanId: 99_999_998, itemId: 99_999_999 }),
  answeredInfoRequestLoanId: async () => 99_999_997,
  proposal: async () => ({ loanId: 99_999_996, proposalId: 99_999_999 }),
  clientId: async () => "compte-absent",
  contactMessageId: async () => 99_999_999,
  sessionId: async () => "session-absente",
  dataExportId: async () => "00000000-0000-4000-8000-000000000002",
  approvedLoanId: async () => 99_999_995,
  withdrawnContractLoanId: async () => 99_999_994,
  signatureCode: async () => ({ loanId: 99_999_993, code: "123456" }),
  signedLoanId: async () => 99_999_992,
  proposedDisbursement: async () => ({ loanId: 99_999_991, disbursementId: 99_999_999 }),
  repayingLoanId: async () => 99_999_990,
  payment: async () => ({ loanId: 99_999_989, paymentId: 99_999_999 }),
  repaidLoanId: async () => 99_999_988,
  statementImportId: async () => 99_999_999,
};

const pdfBytes = Buffer.from("%PDF-1.4\nmatrix\n");

export const authorizationMatrix: MatrixRow[] = [
  // Health, session and account (src/server/app.ts, src/server/auth/auth.routes.ts).
  {
    method: "GET",
    path: "/api/health",
    access: access.public,
    request: () => ({ url: "/api/health" }),
  },
  {
    method: "POST",
    path: "/api/register",
    access: access.public,
    request: () => ({
      url: "/api/register",
      ...json({
        fullName: "Awa Koné",
        email: `matrice.${randomUUID()}@exemple.ci`,
        password: "Baobab-Lagune-42",
      }),
    }),
  },
  {
    method: "POST",
    path: "/api/session",
    access: access.public,
    request: ({ owner }) => ({
      url: "/api/session",
      ...json({ email: owner.email, password: owner.password, rememberMe: false }),
    }),
  },
  {
    method: "GET",
    path: "/api/session",
    access: access.public,
    request: () => ({ url: "/api/session" }),
  },
  {
    method: "DELETE",
    path: "/api/session",
    access: access.public,
    fresh: true,
    request: () => ({ url: "/api/session" }),
  },
  {
    method: "POST",
    path: "/api/password-reset",
    access: access.public,
    // An address per call: the same answer whether an account exists, and the per-address limit
    // is not what this row checks.
    request: () => ({
      url: "/api/password-reset",
      ...json({ email: `matrice.${randomUUID()}@exemple.ci` }),
    }),
  },
  {
    method: "POST",
    path: "/api/password-reset/confirm",
    access: access.public,
    // Reaches the check of the link: an unknown token is refused as such, whoever asks.
    okStatus: 400,
    request: () => ({
      url: "/api/password-reset/confirm",
      ...json({
        token: "jeton-inconnu",
        password: "Kapokier-Rive-77",
        confirmPassword: "Kapokier-Rive-77",
      }),
    }),
  },
  { method: "GET", path: "/api/me", access: access.signedIn, request: () => ({ url: "/api/me" }) },
  {
    method: "PATCH",
    path: "/api/me",
    access: access.signedIn,
    request: () => ({ url: "/api/me", ...json({ firstName: "Awa", lastName: "Koné" }) }),
  },
  {
    method: "POST",
    path: "/api/me/password",
    access: access.signedIn,
    fresh: true,
    request: ({ caller }) => ({
      url: "/api/me/password",
      ...json({
        currentPassword: caller?.password ?? "Baobab-Lagune-42",
        newPassword: "Kapokier-Rive-77",
        confirmPassword: "Kapokier-Rive-77",
      }),
    }),
  },

  {
    method: "GET",
    path: "/api/health/ready",
    access: access.public,
    request: () => ({ url: "/api/health/ready" }),
  },
  {
    method: "GET",
    path: "/api/me/notifications",
    access: access.client,
    request: () => ({ url: "/api/me/notifications" }),
  },
  {
    method: "PUT",
    path: "/api/me/notifications",
    access: access.client,
    request: () => ({ url: "/api/me/notifications", payload: { email: true, sms: false } }),
  },
  // The data rights (modules/data-rights).
  {
    method: "POST",
    path: "/api/me/data-exports",
    access: access.client,
    okStatus: [200, 202],
    request: () => ({ url: "/api/me/data-exports" }),
  },
  {
    method: "GET",
    path: "/api/me/data-exports/latest",
    access: access.client,
    request: () => ({ url: "/api/me/data-exports/latest" }),
  },
  {
    method: "GET",
    path: "/api/me/data-exports/:id/archive",
    access: access.owner,
    request: async ({ targets }) => ({
      url: `/api/me/data-exports/${await targets.dataExportId()}/archive`,
    }),
  },
  {
    method: "POST",
    path: "/api/me/close-account",
    // A client closes its own account; an officer's is not closed this way.
    access: access.client,
    fresh: true,
    request: ({ caller }) => ({
      url: "/api/me/close-account",
      ...json({ password: caller?.password ?? "Baobab-Lagune-42" }),
    }),
  },
  // The second factor (src/server/auth/two-factor.routes.ts). Each request passes the access
  // check and stops at the next one, so the matrix changes no account's factor or sessions.
  {
    method: "POST",
    path: "/api/session/two-factor",
    access: access.public,
    // Without a sign-in's first step in progress, whoever asks: the step has expired.
    okStatus: 401,
    request: () => ({ url: "/api/session/two-factor", ...json({ code: "123456" }) }),
  },
  {
    method: "POST",
    path: "/api/me/two-factor",
    access: access.signedIn,
    // A wrong password: refused as such once signed in.
    okStatus: 400,
    request: () => ({ url: "/api/me/two-factor", ...json({ password: "pas-le-bon-mot" }) }),
  },
  {
    method: "POST",
    path: "/api/me/two-factor/confirm",
    access: access.signedIn,
    // A client has no enrolment started (409); an officer's factor refuses a wrong code (400).
    okStatus: [400, 409],
    request: () => ({ url: "/api/me/two-factor/confirm", ...json({ code: "000000" }) }),
  },
  {
    method: "DELETE",
    path: "/api/me/two-factor",
    access: access.signedIn,
    // A client without a factor has nothing to turn off (409); officers may not (403).
    okStatus: [403, 409],
    request: () => ({ url: "/api/me/two-factor", ...json({ password: "pas-le-bon-mot" }) }),
  },
  {
    method: "POST",
    path: "/api/admin/administrators/:id/two-factor/reset",
    access: access.officer,
    // An officer who does not exist: the reset reaches the lookup and resets nobody.
    okStatus: 404,
    request: () => ({ url: "/api/admin/administrators/officier-absent/two-factor/reset" }),
  },
  // The account's sessions (src/server/auth/account-sessions.routes.ts).
  {
    method: "GET",
    path: "/api/me/sessions",
    access: access.signedIn,
    request: () => ({ url: "/api/me/sessions" }),
  },
  {
    method: "DELETE",
    path: "/api/me/sessions/:id",
    access: access.ownSession,
    request: async ({ targets }) => ({ url: `/api/me/sessions/${await targets.sessionId()}` }),
  },
  {
    method: "DELETE",
    path: "/api/me/sessions",
    access: access.signedIn,
    // Ends the caller's other sessions: its own world, so no other row loses a signed-in caller.
    fresh: true,
    request: () => ({ url: "/api/me/sessions" }),
  },
  {
    method: "GET",
    path: "/api/admin/security-events",
    access: access.officer,
    request: () => ({ url: "/api/admin/security-events" }),
  },
  {
    method: "GET",
    path: "/api/admin/security-events/export.csv",
    access: access.officer,
    request: () => ({ url: "/api/admin/security-events/export.csv" }),
  },

  // Contact form and the officers' inbox (modules/contact).
  {
    method: "POST",
    path: "/api/contact",
    access: access.public,
    request: () => ({
      url: "/api/contact",
      ...json({ name: "Awa Koné", email: "awa@exemple.ci", message: "Bonjour, une question." }),
    }),
  },
  {
    method: "GET",
    path: "/api/admin/messages",
    access: access.officer,
    request: () => ({ url: "/api/admin/messages" }),
  },
  {
    method: "GET",
    path: "/api/admin/messages/unread-count",
    access: access.officer,
    request: () => ({ url: "/api/admin/messages/unread-count" }),
  },
  {
    method: "GET",
    path: "/api/admin/messages/:id",
    access: access.officer,
    request: async ({ targets }) => ({
      url: `/api/admin/messages/${await targets.contactMessageId()}`,
    }),
  },
  {
    method: "PATCH",
    path: "/api/admin/messages/:id",
    access: access.officer,
    request: async ({ targets }) => ({
      url: `/api/admin/messages/${await targets.contactMessageId()}`,
      ...json({ status: "read" }),
    }),
  },

  // Resumable uploads (modules/uploads): tus under the session.
  {
    method: "OPTIONS",
    path: "/api/uploads",
    access: access.public,
    request: () => ({ url: "/api/uploads", headers: tus }),
  },
  {
    method: "POST",
    path: "/api/uploads",
    access: access.client,
    request: () => ({
      url: "/api/uploads",
      headers: {
        ...tus,
        "upload-length": "10",
        "upload-metadata": `filename ${Buffer.from("a.pdf").toString("base64")}`,
      },
    }),
  },
  {
    method: "HEAD",
    path: "/api/uploads/:id",
    access: access.owner,
    request: async ({ targets }) => ({
      url: `/api/uploads/${await targets.partialUploadId()}`,
      headers: tus,
    }),
  },
  {
    method: "PATCH",
    path: "/api/uploads/:id",
    access: access.owner,
    fresh: true,
    request: async ({ targets }) => ({
      url: `/api/uploads/${await targets.partialUploadId()}`,
      headers: { ...tus, "upload-offset": "0", "content-type": "application/offset+octet-stream" },
      payload: pdfBytes.subarray(0, 10),
    }),
  },
  {
    method: "DELETE",
    path: "/api/uploads/:id",
    access: access.owner,
    fresh: true,
    request: async ({ targets }) => ({
      url: `/api/uploads/${await targets.partialUploadId()}`,
      headers: tus,
    }),
  },
  {
    method: "GET",
    path: "/api/uploads/:id",
    access: access.owner,
    request: async ({ targets }) => ({ url: `/api/uploads/${await targets.uploadId()}` }),
  },

  // Documents (modules/documents).
  {
    method: "GET",
    path: "/api/documents",
    access: access.client,
    request: () => ({ url: "/api/documents" }),
  },
  {
    method: "POST",
    path: "/api/documents",
    access: access.client,
    request: async ({ callerUpload }) => ({
      url: "/api/documents",
      ...json({ name: "Relevé", category: "autre", uploadId: await callerUpload() }),
    }),
  },
  {
    method: "DELETE",
    path: "/api/documents/:id",
    access: access.owner,
    fresh: true,
    request: async ({ targets }) => ({ url: `/api/documents/${await targets.documentId()}` }),
  },
  {
    method: "GET",
    path: "/api/documents/:id/file",
    access: access.ownerAndOfficers,
    request: async ({ targets }) => ({ url: `/api/documents/${await targets.documentId()}/file` }),
  },

  // The client's requests (modules/loans).
  {
    method: "POST",
    path: "/api/loans",
    access: access.client,
    request: async ({ callerUpload }) => ({
      url: "/api/loans",
      ...json({
        ...loanRequestBody(),
        documents: {
          identite: await callerUpload(),
          revenu: await callerUpload(),
          banque: await callerUpload(),
        },
        submissionKey: randomUUID(),
      }),
    }),
  },
  {
    method: "GET",
    path: "/api/loans",
    access: access.client,
    request: () => ({ url: "/api/loans" }),
  },
  {
    method: "GET",
    path: "/api/loans/:id",
    access: access.owner,
    request: async ({ targets }) => ({ url: `/api/loans/${await targets.loanId()}` }),
  },
  {
    method: "POST",
    path: "/api/loans/:id/notes",
    access: access.owner,
    request: async ({ targets }) => ({
      url: `/api/loans/${await targets.loanId()}/notes`,
      ...json({ note: "Une précision sur ma demande." }),
    }),
  },
  {
    method: "PUT",
    path: "/api/loans/:id/info-request/items/:itemId",
    access: access.owner,
    request: async ({ targets, callerUpload }) => {
      const { loanId, itemId } = await targets.infoRequest();
      return {
        url: `/api/loans/${loanId}/info-request/items/${itemId}`,
        ...json({ uploadId: await callerUpload() }),
      };
    },
  },
  {
    method: "POST",
    path: "/api/loans/:id/info-request/submit",
    access: access.owner,
    fresh: true,
    request: async ({ targets }) => ({
      url: `/api/loans/${await targets.answeredInfoRequestLoanId()}/info-request/submit`,
      ...json({ answer: "Voici le document demandé." }),
    }),
  },

  // The officers' review (modules/admin-loans).
  {
    method: "GET",
    path: "/api/admin/loans",
    access: access.officer,
    request: () => ({ url: "/api/admin/loans" }),
  },
  {
    method: "GET",
    path: "/api/admin/loans/export.csv",
    access: access.officer,
    request: () => ({ url: "/api/admin/loans/export.csv" }),
  },
  {
    method: "GET",
    path: "/api/admin/loans/:id",
    access: access.officer,
    request: async ({ targets }) => ({ url: `/api/admin/loans/${await targets.loanId()}` }),
  },
  {
    method: "POST",
    path: "/api/admin/loans/:id/status",
    access: access.officer,
    fresh: true,
    request: async ({ targets }) => ({
      url: `/api/admin/loans/${await targets.loanId()}/status`,
      ...json({ from: "pending", to: "in_review" }),
    }),
  },
  {
    method: "PUT",
    path: "/api/admin/loans/:id/documents/:documentId/review",
    access: access.officer,
    request: async ({ targets }) => ({
      url: `/api/admin/loans/${await targets.loanId()}/documents/${await targets.loanDocumentId()}/review`,
      ...json({ verdict: "conforme" }),
    }),
  },
  {
    method: "POST",
    path: "/api/admin/loans/:id/info-request",
    access: access.officer,
    fresh: true,
    request: async ({ targets }) => ({
      url: `/api/admin/loans/${await targets.loanId()}/info-request`,
      ...json({ from: "pending", question: "Pouvez-vous préciser l'objet du prêt ?" }),
    }),
  },
  {
    method: "PUT",
    path: "/api/admin/loans/:id/assignee",
    access: access.officer,
    request: async ({ targets, officer }) => ({
      url: `/api/admin/loans/${await targets.loanId()}/assignee`,
      ...json({ assigneeId: officer.user.id }),
    }),
  },
  {
    method: "POST",
    path: "/api/admin/loans/:id/notes",
    access: access.officer,
    request: async ({ targets }) => ({
      url: `/api/admin/loans/${await targets.loanId()}/notes`,
      ...json({ note: "Dossier complet." }),
    }),
  },
  {
    method: "POST",
    path: "/api/admin/loans/:id/approval/confirm",
    access: access.officer,
    fresh: true,
    request: async ({ targets }) => {
      const { loanId, proposalId } = await targets.proposal();
      return { url: `/api/admin/loans/${loanId}/approval/confirm`, ...json({ proposalId }) };
    },
  },
  {
    method: "POST",
    path: "/api/admin/loans/:id/approval/return",
    access: access.officer,
    fresh: true,
    request: async ({ targets }) => {
      const { loanId, proposalId } = await targets.proposal();
      return {
        url: `/api/admin/loans/${loanId}/approval/return`,
        ...json({ proposalId, comment: "Taux à revoir." }),
      };
    },
  },
  {
    method: "GET",
    path: "/api/admin/settings",
    access: access.officer,
    request: () => ({ url: "/api/admin/settings" }),
  },
  {
    method: "GET",
    path: "/api/admin/administrators",
    access: access.officer,
    request: () => ({ url: "/api/admin/administrators" }),
  },
  {
    method: "GET",
    path: "/api/admin/clients",
    access: access.officer,
    request: () => ({ url: "/api/admin/clients" }),
  },
  {
    method: "GET",
    path: "/api/admin/clients/:id",
    access: access.officer,
    request: async ({ targets }) => ({ url: `/api/admin/clients/${await targets.clientId()}` }),
  },
  {
    method: "GET",
    path: "/api/admin/stats",
    access: access.officer,
    request: () => ({ url: "/api/admin/stats" }),
  },
  {
    method: "GET",
    path: "/api/admin/stats/monthly",
    access: access.officer,
    request: () => ({ url: "/api/admin/stats/monthly" }),
  },

  // After the decision (issue 28): servicing/servicing.routes.ts, admin-stats.
  {
    method: "GET",
    path: "/api/loans/:id/servicing",
    access: access.owner,
    request: async ({ targets }) => ({
      url: `/api/loans/${await targets.approvedLoanId()}/servicing`,
    }),
  },
  {
    method: "POST",
    path: "/api/loans/:id/contract/code",
    access: access.owner,
    request: async ({ targets }) => ({
      url: `/api/loans/${await targets.approvedLoanId()}/contract/code`,
    }),
  },
  {
    method: "POST",
    path: "/api/loans/:id/contract/sign",
    access: access.owner,
    fresh: true,
    request: async ({ targets }) => {
      const { loanId, code } = await targets.signatureCode();
      return { url: `/api/loans/${loanId}/contract/sign`, ...json({ code }) };
    },
  },
  {
    method: "GET",
    path: "/api/loans/:id/certificate.pdf",
    access: access.owner,
    request: async ({ targets }) => ({
      url: `/api/loans/${await targets.repaidLoanId()}/certificate.pdf`,
    }),
  },
  {
    method: "GET",
    path: "/api/admin/loans/:id/servicing",
    access: access.officer,
    request: async ({ targets }) => ({
      url: `/api/admin/loans/${await targets.repayingLoanId()}/servicing`,
    }),
  },
  {
    method: "POST",
    path: "/api/admin/loans/:id/contract/withdraw",
    access: access.officer,
    fresh: true,
    request: async ({ targets }) => ({
      url: `/api/admin/loans/${await targets.approvedLoanId()}/contract/withdraw`,
      ...json({ reason: "Conditions à revoir" }),
    }),
  },
  {
    method: "POST",
    path: "/api/admin/loans/:id/contract/prepare",
    access: access.officer,
    fresh: true,
    request: async ({ targets }) => ({
      url: `/api/admin/loans/${await targets.withdrawnContractLoanId()}/contract/prepare`,
    }),
  },
  {
    method: "POST",
    path: "/api/admin/loans/:id/disbursement",
    access: access.officer,
    fresh: true,
    request: async ({ targets }) => ({
      url: `/api/admin/loans/${await targets.signedLoanId()}/disbursement`,
      ...json({
        disbursedOn: new Date().toISOString().slice(0, 10),
        channel: "wave",
        reference: `DEC-${randomUUID()}`,
        amount: 1_000_000,
      }),
    }),
  },
  {
    method: "POST",
    path: "/api/admin/loans/:id/disbursement/confirm",
    access: access.officer,
    fresh: true,
    request: async ({ targets }) => {
      const { loanId, disbursementId } = await targets.proposedDisbursement();
      return {
        url: `/api/admin/loans/${loanId}/disbursement/confirm`,
        ...json({ disbursementId }),
      };
    },
  },
  {
    method: "POST",
    path: "/api/admin/loans/:id/payments",
    access: access.officer,
    request: async ({ targets }) => ({
      url: `/api/admin/loans/${await targets.repayingLoanId()}/payments`,
      ...json({
        paidOn: new Date().toISOString().slice(0, 10),
        amount: 1000,
        channel: "orange_money",
        reference: `OM-${randomUUID()}`,
      }),
    }),
  },
  {
    method: "POST",
    path: "/api/admin/loans/:id/payments/:paymentId/reversal",
    access: access.officer,
    fresh: true,
    request: async ({ targets }) => {
      const { loanId, paymentId } = await targets.payment();
      return {
        url: `/api/admin/loans/${loanId}/payments/${paymentId}/reversal`,
        ...json({ reason: "Saisie en double" }),
      };
    },
  },
  {
    method: "GET",
    path: "/api/admin/statement-mappings",
    access: access.officer,
    request: () => ({ url: "/api/admin/statement-mappings" }),
  },
  {
    method: "PUT",
    path: "/api/admin/statement-mappings/:channel",
    access: access.officer,
    request: () => ({
      url: "/api/admin/statement-mappings/wave",
      ...json({ dateColumn: "Date", amountColumn: "Montant", referenceColumn: "Référence" }),
    }),
  },
  {
    method: "POST",
    path: "/api/admin/statement-imports",
    access: access.officer,
    request: async ({ targets }) => {
      await targets.statementImportId();
      return {
        url: "/api/admin/statement-imports",
        ...json({
          channel: "wave",
          fileName: "releve.csv",
          csv: `Date;Montant;Référence\r\n2026-01-05;1000;${randomUUID()}\r\n`,
        }),
      };
    },
  },
  {
    method: "GET",
    path: "/api/admin/statement-imports/:id",
    access: access.officer,
    request: async ({ targets }) => ({
      url: `/api/admin/statement-imports/${await targets.statementImportId()}`,
    }),
  },
  {
    method: "POST",
    path: "/api/admin/statement-imports/:id/confirm",
    access: access.officer,
    request: async ({ targets }) => ({
      url: `/api/admin/statement-imports/${await targets.statementImportId()}/confirm`,
      ...json({ rows: [1] }),
    }),
  },
  {
    method: "GET",
    path: "/api/admin/stats/portfolio",
    access: access.officer,
    request: () => ({ url: "/api/admin/stats/portfolio" }),
  },

  // Outside /api: search engines' files and the browser app (modules/seo, http/web-app.ts).
  {
    method: "GET",
    path: "/robots.txt",
    access: access.public,
    request: () => ({ url: "/robots.txt" }),
  },
  {
    method: "GET",
    path: "/sitemap.xml",
    access: access.public,
    request: () => ({ url: "/sitemap.xml" }),
  },
  {
    method: "GET",
    path: "/*",
    access: access.public,
    // The API tests run without a built browser app: its pages answer 503 'not built'.
    okStatus: 503,
    request: () => ({ url: "/client/prets" }),
  },
];

/** The row a new route needs, written out for the failure message. */
export function rowTemplate(method: string, path: string): string {
  const admin = path.startsWith("/api/admin");
  const named = path.includes(":");
  const preset = admin ? "officer" : named ? "owner" : "client";
  // "${await targets.id()}" for each parameter, left for the author to name the right target.
  const placeholder = (_match: string, name: string) =>
    ["$", "{await targets.", name, "()}"].join("");
  const url = named ? `\`${path.replace(/:(\w+)/g, placeholder)}\`` : `"${path}"`;
  return `  { method: "${method}", path: "${path}", access: access.${preset}, request: async ({ targets }) => ({ url: ${url} }) },`;
}
