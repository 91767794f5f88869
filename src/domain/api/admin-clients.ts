import type { LoanStatus } from "../loan-status";
import type { AdminLoanSummaryJson } from "./admin-loans";
import type { DocumentJson } from "./documents";

// What the officers' client screens exchange with /api/admin/clients (issue 7). The routes:
//   GET /api/admin/clients?q=&page=&pageSize=  -> Page<AdminClientSummaryJson>
//   GET /api/admin/clients/:id                 -> AdminClientDetailJson
// The query string's schema is in admin-clients.schema.ts.

export const adminClientPageSize = 10;

/** A line of /admin/clients and of the dashboard's latest clients. */
export type AdminClientSummaryJson = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  city: string | null;
  /** Registration date. */
  createdAt: string;
  /** When the client closed the account (issue 18): shown as 'Compte fermé'; null when open. */
  closedAt: string | null;
  /** How many loan requests the client has made, whatever their status. */
  loanCount: number;
};

/** The client card of /admin/clients/:id. */
export type AdminClientJson = Omit<AdminClientSummaryJson, "loanCount"> & {
  address: string | null;
  country: string | null;
  postalCode: string | null;
};

/** The summary card of /admin/clients/:id. */
export type AdminClientLoanSummaryJson = {
  totalLoans: number;
  /** Whole FCFA, every request whatever its status. */
  totalAmountRequested: number;
  /** One count per status of src/domain/loan-status.ts, zeros included. */
  statusCounts: Record<LoanStatus, number>;
  /** Every document kept, a replaced version included (see documentCountText). */
  documentCount: number;
};

export type AdminClientDetailJson = {
  client: AdminClientJson;
  /** Newest first, all of them. */
  loans: AdminLoanSummaryJson[];
  /** Newest first, all of them (with or without a loan request). */
  documents: DocumentJson[];
  summary: AdminClientLoanSummaryJson;
};

/** A term matches phones when it has this many digits and nothing but phone punctuation. */
export const minPhoneSearchDigits = 3;

/**
 * The digits of a search term that reads as (part of) a phone number: "+225 07.08" -> "2250708".
 * Null for a term with letters (a name or an e-mail), or with fewer than three digits.
 */
export function phoneSearchDigits(term: string): string | null {
  if (!/^[\d\s+().-]+$/.test(term)) return null;
  const digits = term.replace(/\D/g, "");
  return digits.length >= minPhoneSearchDigits ? digits : null;
}

/** "Awa", "Koné" -> "AK"; falls back on the e-mail's first letter when both names are blank. */
export function personInitials(person: { firstName: string; lastName: string; email?: string }) {
  const letters = [person.firstName, person.lastName]
    .map((name) => name.trim().charAt(0))
    .join("")
    .toUpperCase();
  return letters || (person.email?.trim().charAt(0).toUpperCase() ?? "") || "?";
}

/** "Awa Koné", or the e-mail when the names are blank. */
export function personName(person: { firstName: string; lastName: string; email: string }) {
  return `${person.firstName} ${person.lastName}`.trim() || person.email;
}

type PlaceParts = {
  address: string | null;
  postalCode?: string | null;
  city: string | null;
  country: string | null;
};

/**
 * "12 rue des Jardins, 01 BP 1234 Abidjan, Côte d'Ivoire", or "" when the person gave no street,
 * postal code nor city: a country alone is no address (a closed account keeps only its country,
 * for the law that applies, and must not read "Adresse : Côte d'Ivoire").
 */
export function postalAddress(place: PlaceParts): string {
  const street = place.address?.trim();
  const town = [place.postalCode, place.city]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  if (!street && !town) return "";
  return [street, town, place.country?.trim()].filter(Boolean).join(", ");
}

export const adminClientMessages = {
  notFound: "Client introuvable",
  noClientFound: "Aucun client trouvé.",
  listFailed: "Erreur lors de la récupération des clients",
  loadFailed: "Erreur lors du chargement des détails du client.",
} as const;
