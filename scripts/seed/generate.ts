import type { LoanDocumentCategory } from "../../src/domain/document-category";
import type { ReplacementReason } from "../../src/domain/document-review";
import { type OfficeId, officeForCountry } from "../../src/domain/firm";
import { indicativeAnnualRates, monthlyPayment } from "../../src/domain/loan-simulator";
import type { LoanStatus } from "../../src/domain/loan-status";
import { type LoanType, loanTypes } from "../../src/domain/loan-type";
import { slug } from "../../src/server/mail/mailer";
import {
  type Country,
  clientNotes,
  countries,
  firstNames,
  loanTypeProfiles,
  officerEmailDomain,
  officerNotes,
  rejectionReasons,
  streets,
} from "./names";
import { Prng } from "./prng";

// The demo data as plain values, computed from a seed alone (no I/O): what seed-demo.ts writes,
// and what the unit tests check the invariants of.

export type SeedUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  role: "client" | "admin";
  /** The office an officer works in; null for clients. */
  office: OfficeId | null;
  createdAt: Date;
};

export type SeedDocument = {
  category: LoanDocumentCategory;
  fileName: string;
  fileType: "application/pdf" | "image/png" | "image/jpeg";
  /** What the generated file shows, so that an officer opening it sees what it stands for. */
  label: string;
  uploadedAt: Date;
  /** An officer's verdict 'À remplacer' on it (requests waiting for a complement). */
  review?: {
    reason: ReplacementReason;
    comment: string;
    reviewedBy: string;
    reviewedAt: Date;
  };
};

export type SeedActivity = {
  type: "status_change" | "comment" | "document_added" | "assignment" | "document_review";
  oldValue: string | null;
  newValue: string | null;
  comment: string | null;
  documentName: string | null;
  /** The document it is about (a verdict), by category: its id is known once written. */
  documentCategory?: LoanDocumentCategory;
  createdBy: string;
  createdAt: Date;
};

/** A request for more information, as 'Demander un complément' records it (issue 8). */
export type SeedInfoRequest = {
  question: string;
  createdBy: string;
  createdAt: Date;
  /** Documents to replace, by category, with the reason of their verdict. */
  replace: Array<{ category: LoanDocumentCategory; reason: ReplacementReason; comment: string }>;
};

export type SeedNote = { userId: string; note: string; createdAt: Date };

export type SeedLoan = {
  submissionKey: string;
  userId: string;
  loanType: LoanType;
  amount: number;
  durationMonths: number;
  purpose: string;
  description: string;
  monthlyIncome: number | null;
  status: LoanStatus;
  /** The office serving the client's country, as the wizard proposes it. */
  office: OfficeId;
  /** When it was approved or rejected (the 48 h promise's median); null while undecided. */
  decidedAt: Date | null;
  /** The open request for more information of a request in info_requested. */
  infoRequest: SeedInfoRequest | null;
  assignedTo: string | null;
  rejectionReason: string | null;
  approvedAmount: number | null;
  /** numeric(5,2) as PostgreSQL takes it: "12.00". */
  interestRate: string | null;
  monthlyPayment: number | null;
  createdAt: Date;
  updatedAt: Date;
  documents: SeedDocument[];
  /** Oldest first, as they happened. */
  activities: SeedActivity[];
  notes: SeedNote[];
};

export type GenerateOptions = {
  seed: number;
  clients: number;
  loans: number;
  officers?: number;
  /** The end of the 18 months the requests are spread over. */
  now: Date;
};

const hour = 3_600_000;
const day = 24 * hour;
/** The requests span the last 18 months (548 days). */
export const historyDays = 548;

// The three demo officers work in the three offices; more officers go round them again.
const officerIdentities: Array<{ firstName: string; lastName: string; office: OfficeId }> = [
  { firstName: "Fatou", lastName: "Diop", office: "abidjan" },
  { firstName: "Kodjo", lastName: "Mensah", office: "lome" },
  { firstName: "Aminata", lastName: "Ouattara", office: "dakar" },
  { firstName: "Ibrahima", lastName: "Sow", office: "dakar" },
  { firstName: "Akossiwa", lastName: "Agbeko", office: "lome" },
  { firstName: "Yao", lastName: "Kouassi", office: "abidjan" },
];

/** Lower case, no accents, letters and digits only: "N'Guessan" -> "nguessan", "Éloïse" -> "eloise". */
export function emailPart(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

export type SeedPeople = { officers: SeedUser[]; clients: SeedUser[] };

/** The officers (admin accounts) and the clients, with unique e-mails. */
export function generatePeople(options: GenerateOptions): SeedPeople {
  const random = new Prng(options.seed);
  const officerCount = options.officers ?? 3;
  if (officerCount < 1 || officerCount > officerIdentities.length) {
    throw new RangeError(`between 1 and ${officerIdentities.length} officers`);
  }
  const now = options.now.getTime();
  const officers = officerIdentities.slice(0, officerCount).map(
    (identity): SeedUser => ({
      id: random.id(),
      ...identity,
      email: `${emailPart(identity.firstName)}.${emailPart(identity.lastName)}@${officerEmailDomain}`,
      phone: null,
      address: null,
      city: null,
      country: null,
      role: "admin",
      // Older than any request: they were there to review the first ones.
      createdAt: new Date(now - (historyDays + 60) * day),
    }),
  );

  const countryWeights = Object.fromEntries(countries.map((c) => [c.code, c.weight]));
  const used = new Set(officers.map((officer) => officer.email));
  const digit = () => random.int(0, 9);
  const clients: SeedUser[] = [];
  for (let i = 0; i < options.clients; i += 1) {
    const countryCode = random.weighted(countryWeights);
    const country = countries.find((c) => c.code === countryCode) as Country;
    const female = random.chance(0.5);
    const firstName = random.pick(female ? firstNames.female : firstNames.male);
    const lastName = random.pick(country.familyNames);
    const base = `${emailPart(firstName)}.${emailPart(lastName)}`;
    let email = `${base}@${country.emailDomain}`;
    // Namesakes are common: the second Aminata Koné is aminata.kone2@…
    for (let n = 2; used.has(email); n += 1) email = `${base}${n}@${country.emailDomain}`;
    used.add(email);
    const cityName = random.weighted(
      Object.fromEntries(country.cities.map((c) => [c.name, c.weight])),
    );
    const city = country.cities.find((c) => c.name === cityName) as Country["cities"][number];
    clients.push({
      id: random.id(),
      firstName,
      lastName,
      email,
      phone: random.chance(0.92) ? country.phone(digit) : null,
      address: random.chance(0.85)
        ? `${random.int(1, 240)}, ${random.pick(streets)}, ${random.pick(city.districts)}`
        : null,
      city: city.name,
      country: country.name,
      role: "client",
      office: null,
      // At least two hours ago: their requests come after them, and before now.
      createdAt: new Date(Math.round(now - 2 * hour - random.next() * (historyDays + 30) * day)),
    });
  }
  return { officers, clients };
}

// Waiting for a complement: mostly recent requests; an old one still waiting is rare.
function statusWeights(ageDays: number): Record<LoanStatus, number> {
  if (ageDays < 7) {
    return {
      pending: 60,
      in_review: 25,
      info_requested: 8,
      approved: 8,
      rejected: 7,
      completed: 0,
    };
  }
  if (ageDays < 90) {
    return {
      pending: 18,
      in_review: 27,
      info_requested: 3,
      approved: 30,
      rejected: 25,
      completed: 0,
    };
  }
  return { pending: 5, in_review: 6, info_requested: 0, approved: 40, rejected: 24, completed: 25 };
}

/** The identity card an officer could not read, and what he asks beside it. */
const identityReviewComments = [
  "La photo est floue, le numéro de la pièce est illisible.",
  "Le recto est coupé et trop sombre pour être lu.",
  "Reflet sur la carte : le nom et la date de naissance ne se lisent pas.",
];
const complementQuestions = [
  "Pouvez-vous préciser l'usage exact des fonds demandés ?",
  "Quel est le nom de votre employeur actuel et depuis quand y travaillez-vous ?",
  "Avez-vous d'autres crédits en cours ? Si oui, quelle est la mensualité ?",
  "Le relevé montre des versements réguliers d'un tiers : de quoi s'agit-il ?",
];

const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

/**
 * The loan requests, one at a time (the large set holds 100 000 of them with their activities:
 * generated as they are written, never all in memory). Each request's story is consistent with
 * its status: submitted with its three documents, perhaps assigned, moved by an officer along the
 * allowed transitions, with notes; every event after the previous one and before `now`.
 */
export function* generateLoans(options: GenerateOptions, people: SeedPeople): Generator<SeedLoan> {
  // A stream of its own: the people do not change when only the number of loans does.
  const random = new Prng((options.seed ^ 0x5eed1047) >>> 0);
  const now = options.now.getTime();
  const { officers, clients } = people;
  if (clients.length === 0 && options.loans > 0) throw new RangeError("loans need clients");
  const typeWeights = Object.fromEntries(
    loanTypes.map((type) => [type, loanTypeProfiles[type].weight]),
  ) as Record<LoanType, number>;

  for (let i = 0; i < options.loans; i += 1) {
    const client = random.pick(clients);
    const earliest = Math.max(client.createdAt.getTime() + hour, now - historyDays * day);
    const createdAt = Math.round(
      earliest + random.next() * Math.max(0, now - 30 * 60_000 - earliest),
    );
    const ageDays = (now - createdAt) / day;
    const status = random.weighted(statusWeights(ageDays));

    const loanType = random.weighted(typeWeights);
    const profile = loanTypeProfiles[loanType];
    const amount = roundTo(
      profile.amount.min + random.next() ** 2 * (profile.amount.max - profile.amount.min),
      profile.amount.step,
    );
    const durationMonths = random.pick(profile.durations);
    const indicativePayment = monthlyPayment(
      amount,
      durationMonths,
      indicativeAnnualRates[loanType],
    );
    // Most incomes carry the payment under 35 %; some do not, so the flag has work to do.
    const monthlyIncome = random.chance(0.85)
      ? Math.max(75_000, roundTo(indicativePayment / (0.12 + random.next() * 0.33), 5_000))
      : null;

    const documents = loanDocuments(random, client, createdAt);
    const activities: SeedActivity[] = [
      {
        type: "status_change",
        oldValue: null,
        newValue: "pending",
        comment: null,
        documentName: null,
        createdBy: client.id,
        createdAt: new Date(createdAt),
      },
      ...documents.map(
        (document): SeedActivity => ({
          type: "document_added",
          oldValue: null,
          newValue: document.category,
          comment: null,
          documentName: document.fileName,
          createdBy: client.id,
          createdAt: new Date(createdAt),
        }),
      ),
    ];

    // The events after submission, as (gap in hours, event) pairs; timed once all are known.
    type Step = { gapHours: number; apply: (at: Date) => void };
    const steps: Step[] = [];
    const notes: SeedNote[] = [];
    let assignedTo: string | null = null;
    let current: LoanStatus = "pending";
    const assign = (officer: string, by: string) => {
      const previous = assignedTo;
      assignedTo = officer;
      steps.push({
        gapHours: 2 + random.next() * 46,
        apply: (at) =>
          activities.push({
            type: "assignment",
            oldValue: previous,
            newValue: officer,
            comment: null,
            documentName: null,
            createdBy: by,
            createdAt: at,
          }),
      });
    };
    let decidedAt: Date | null = null;
    const move = (to: LoanStatus, by: string, gapHours: number, comment: string | null = null) => {
      const from = current;
      current = to;
      steps.push({
        gapHours,
        apply: (at) => {
          activities.push({
            type: "status_change",
            oldValue: from,
            newValue: to,
            comment,
            documentName: null,
            createdBy: by,
            createdAt: at,
          });
          if (to === "approved" || to === "rejected") decidedAt = at;
        },
      });
    };
    const note = (author: string, text: string) =>
      steps.push({
        gapHours: 1 + random.next() * 72,
        apply: (at) => {
          notes.push({ userId: author, note: text, createdAt: at });
          activities.push({
            type: "comment",
            oldValue: null,
            newValue: null,
            comment: text,
            documentName: null,
            createdBy: author,
            createdAt: at,
          });
        },
      });

    const office = officeForCountry(client.country);
    // Most requests are reviewed in their own office.
    const ofOffice = officers.filter((officer) => officer.office === office);
    const reviewer =
      ofOffice.length > 0 && random.chance(0.85) ? random.pick(ofOffice) : random.pick(officers);
    const lead = officers[0] as SeedUser;
    const assigned =
      status === "pending"
        ? random.chance(0.35)
        : random.chance(status === "in_review" ? 0.9 : 0.8);
    if (assigned) {
      // The lead officer dispatches most requests; the others sometimes take one themselves.
      assign(reviewer.id, random.chance(0.7) ? lead.id : reviewer.id);
      if (random.chance(0.08) && officers.length > 1) {
        const other = officers.find((o) => o.id !== reviewer.id) as SeedUser;
        assign(other.id, lead.id);
      }
    }
    const actor = () => assignedTo ?? reviewer.id;
    if (random.chance(0.2)) note(client.id, random.pick(clientNotes));
    const reviewed =
      status === "in_review" ||
      ((status === "approved" || status === "completed") && random.chance(0.65)) ||
      (status === "rejected" && random.chance(0.6));
    if (reviewed) move("in_review", actor(), 4 + random.next() * 72);
    if (status !== "pending" && random.chance(0.4)) note(actor(), random.pick(officerNotes));

    // Waiting for a complement: the identity card marked 'À remplacer (illisible)' and a question,
    // in one step, as the officer's dialog records them.
    let infoRequest: SeedInfoRequest | null = null;
    if (status === "info_requested") {
      const by = actor();
      const question = random.pick(complementQuestions);
      const comment = random.pick(identityReviewComments);
      const identity = documents[0] as SeedDocument;
      steps.push({
        gapHours: 3 + random.next() * 30,
        apply: (at) => {
          identity.review = { reason: "illisible", comment, reviewedBy: by, reviewedAt: at };
          activities.push({
            type: "document_review",
            oldValue: "illisible",
            newValue: "a_remplacer",
            comment,
            documentName: identity.fileName,
            documentCategory: "identite",
            createdBy: by,
            createdAt: at,
          });
          infoRequest = {
            question,
            createdBy: by,
            createdAt: at,
            replace: [{ category: "identite", reason: "illisible", comment }],
          };
        },
      });
      move("info_requested", by, 0, question);
    }

    let rejectionReason: string | null = null;
    let approvedAmount: number | null = null;
    let interestRate: string | null = null;
    let payment: number | null = null;
    if (status === "approved" || status === "completed") {
      approvedAmount = random.chance(0.75)
        ? amount
        : Math.min(amount, roundTo(amount * (0.7 + random.next() * 0.25), profile.amount.step));
      const rate = indicativeAnnualRates[loanType] + random.pick([0, 0, 0, 0.5, 1, -0.5]);
      interestRate = rate.toFixed(2);
      payment = monthlyPayment(approvedAmount, durationMonths, rate);
      move("approved", actor(), 24 + random.next() * 24 * 10);
    } else if (status === "rejected") {
      rejectionReason = random.chance(0.85) ? random.pick(rejectionReasons) : null;
      move("rejected", actor(), 24 + random.next() * 24 * 10);
    }
    // Repaid early or a short loan run to its end: months after the approval.
    if (status === "completed") move("completed", actor(), 24 * (60 + random.next() * 240));

    // Squeezed when the story would run past now: a request from last week moved faster.
    const total = steps.reduce((sum, step) => sum + step.gapHours, 0) * hour;
    const room = (now - 60_000 - createdAt) * 0.95;
    const scale = total > room ? room / total : 1;
    let at = createdAt;
    for (const step of steps) {
      at += step.gapHours * hour * scale;
      step.apply(new Date(Math.round(at)));
    }

    yield {
      submissionKey: random.uuid(),
      userId: client.id,
      loanType,
      amount,
      durationMonths,
      purpose: random.pick(profile.purposes),
      description: random.pick(profile.descriptions),
      monthlyIncome,
      status,
      office,
      decidedAt,
      infoRequest,
      assignedTo,
      rejectionReason,
      approvedAmount,
      interestRate,
      monthlyPayment: payment,
      createdAt: new Date(createdAt),
      updatedAt: new Date(Math.round(at)),
      documents,
      activities,
      notes,
    };
  }
}

const frenchMonths = [
  "janvier",
  "fevrier",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "aout",
  "septembre",
  "octobre",
  "novembre",
  "decembre",
];

function loanDocuments(random: Prng, client: SeedUser, createdAt: number): SeedDocument[] {
  const name = slug(`${client.firstName} ${client.lastName}`);
  // One line on a PDF page in 24-point type: short enough to fit.
  const who = `${client.firstName.slice(0, 1)}. ${client.lastName}`;
  const uploadedAt = (minutesBefore: number) => new Date(createdAt - minutesBefore * 60_000);
  const identityType = random.weighted({ "image/jpeg": 5, "image/png": 2, "application/pdf": 3 });
  const identityExtension = { "image/jpeg": "jpg", "image/png": "png", "application/pdf": "pdf" }[
    identityType
  ];
  // toLocaleDateString would do, at a hundred times the cost for 100 000 requests.
  const date = new Date(createdAt);
  const month = `${frenchMonths[date.getUTCMonth()]}-${date.getUTCFullYear()}`;
  const payslipImage = random.chance(0.25);
  return [
    {
      category: "identite",
      fileName: `${random.pick(["cni", "passeport", "carte-identite"])}-${name}.${identityExtension}`,
      fileType: identityType,
      label: `Pièce d'identité - ${who}`,
      uploadedAt: uploadedAt(random.int(6, 20)),
    },
    {
      category: "revenu",
      fileName: payslipImage ? `bulletin-salaire-${month}.png` : `bulletin-salaire-${month}.pdf`,
      fileType: payslipImage ? "image/png" : "application/pdf",
      label: `Bulletin de salaire - ${who}`,
      uploadedAt: uploadedAt(random.int(3, 5)),
    },
    {
      category: "banque",
      fileName: `releves-bancaires-${name}.pdf`,
      fileType: "application/pdf",
      label: `Relevés bancaires - ${who}`,
      uploadedAt: uploadedAt(random.int(1, 2)),
    },
  ];
}
