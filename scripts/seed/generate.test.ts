import { describe, expect, it } from "vitest";
import { loanDocumentCategories } from "../../src/domain/document-category";
import { officeForCountry } from "../../src/domain/firm";
import { indicativeAnnualRates, monthlyPayment } from "../../src/domain/loan-simulator";
import { canTransition, type LoanStatus, loanStatuses } from "../../src/domain/loan-status";
import { emailPattern } from "../../src/domain/schemas/fields";
import { generateLoans, generatePeople, historyDays, type SeedLoan } from "./generate";
import { countries, demoEmailDomains } from "./names";

const now = new Date("2026-11-22T08:00:00Z");
const options = { seed: 42, clients: 300, loans: 600, now };
const people = generatePeople(options);
const loans = [...generateLoans(options, people)];
const officerIds = new Set(people.officers.map((officer) => officer.id));

describe("demo people", () => {
  it("gives every account a unique, valid e-mail on a demo domain", () => {
    const everyone = [...people.officers, ...people.clients];
    const emails = everyone.map((person) => person.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const email of emails) {
      expect(email).toMatch(emailPattern);
      expect(email).toBe(email.toLowerCase());
      expect(demoEmailDomains).toContain(email.split("@")[1]);
    }
    expect(new Set(everyone.map((person) => person.id)).size).toBe(everyone.length);
  });

  it("keeps accents in names and phones in each country's format", () => {
    const names = people.clients.map((client) => `${client.firstName} ${client.lastName}`);
    expect(names.some((name) => /[éèëïô']/.test(name))).toBe(true);
    const formats: Record<string, RegExp> = {
      "Côte d'Ivoire": /^\+225 \d{2}( \d{2}){4}$/,
      Sénégal: /^\+221 \d{2} \d{3} \d{2} \d{2}$/,
      Togo: /^\+228 \d{2}( \d{2}){3}$/,
    };
    for (const client of people.clients) {
      const country = countries.find((c) => c.name === client.country);
      expect(country?.cities.map((city) => city.name)).toContain(client.city);
      if (client.phone) expect(client.phone).toMatch(formats[client.country ?? ""] as RegExp);
    }
  });

  it("is the same for the same seed and differs for another", () => {
    expect(generatePeople(options)).toEqual(people);
    expect(generatePeople({ ...options, seed: 43 }).clients[0]?.email).not.toBe(
      people.clients[0]?.email,
    );
    expect([...generateLoans(options, people)]).toEqual(loans);
  });

  it("makes e-mails unique among namesakes", () => {
    const many = generatePeople({ ...options, clients: 5000 });
    const emails = many.clients.map((client) => client.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails.some((email) => /\d@/.test(email))).toBe(true);
  });
});

describe("demo loan requests", () => {
  it("covers every status and spreads over the last 18 months", () => {
    expect(new Set(loans.map((loan) => loan.status))).toEqual(new Set(loanStatuses));
    const oldest = Math.min(...loans.map((loan) => loan.createdAt.getTime()));
    expect(now.getTime() - oldest).toBeLessThanOrEqual(historyDays * 86_400_000);
    expect(now.getTime() - oldest).toBeGreaterThan(400 * 86_400_000);
    const keys = loans.map((loan) => loan.submissionKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("tells each request's story in order, along allowed transitions, before now", () => {
    for (const loan of loans) {
      const client = people.clients.find((c) => c.id === loan.userId);
      expect(client).toBeDefined();
      expect(loan.createdAt.getTime()).toBeGreaterThan(client?.createdAt.getTime() ?? 0);
      expect(loan.createdAt.getTime()).toBeLessThan(now.getTime());
      const [submitted, ...rest] = loan.activities;
      expect(submitted).toMatchObject({
        type: "status_change",
        oldValue: null,
        newValue: "pending",
        createdBy: loan.userId,
      });
      expect(rest.slice(0, 3).map((a) => [a.type, a.newValue, a.documentName])).toEqual(
        loan.documents.map((d) => ["document_added", d.category, d.fileName]),
      );
      expect(loan.documents.map((d) => d.category)).toEqual([...loanDocumentCategories]);

      let status: LoanStatus = "pending";
      let assignee: string | null = null;
      let previous = loan.createdAt.getTime();
      for (const activity of loan.activities) {
        expect(activity.createdAt.getTime()).toBeGreaterThanOrEqual(previous);
        expect(activity.createdAt.getTime()).toBeLessThan(now.getTime());
        previous = activity.createdAt.getTime();
        if (activity.type === "status_change" && activity.oldValue !== null) {
          expect(activity.oldValue).toBe(status);
          expect(canTransition(status, activity.newValue as LoanStatus)).toBe(true);
          expect(officerIds.has(activity.createdBy)).toBe(true);
          status = activity.newValue as LoanStatus;
        }
        if (activity.type === "assignment") {
          expect(activity.oldValue).toBe(assignee);
          expect(officerIds.has(activity.newValue ?? "")).toBe(true);
          expect(officerIds.has(activity.createdBy)).toBe(true);
          assignee = activity.newValue;
        }
      }
      expect(status).toBe(loan.status);
      expect(assignee).toBe(loan.assignedTo);
      expect(loan.updatedAt.getTime()).toBe(previous);
    }
  });

  it("records every note as a comment activity by its author", () => {
    const withNotes = loans.filter((loan) => loan.notes.length > 0);
    expect(withNotes.length).toBeGreaterThan(50);
    expect(withNotes.some((loan) => loan.notes.some((note) => officerIds.has(note.userId)))).toBe(
      true,
    );
    expect(withNotes.some((loan) => loan.notes.some((note) => note.userId === loan.userId))).toBe(
      true,
    );
    for (const loan of loans) {
      const comments = loan.activities.filter((activity) => activity.type === "comment");
      expect(comments.map((c) => [c.comment, c.createdBy, c.createdAt])).toEqual(
        loan.notes.map((note) => [note.note, note.userId, note.createdAt]),
      );
      for (const note of loan.notes) {
        expect(note.userId === loan.userId || officerIds.has(note.userId)).toBe(true);
      }
    }
  });

  it("gives approved and completed requests their terms, rejected ones mostly a reason", () => {
    const decided = (loan: SeedLoan) => loan.status === "approved" || loan.status === "completed";
    for (const loan of loans) {
      if (decided(loan)) {
        expect(loan.approvedAmount).toBeGreaterThan(0);
        expect(loan.approvedAmount).toBeLessThanOrEqual(loan.amount);
        const rate = Number(loan.interestRate);
        expect(Math.abs(rate - indicativeAnnualRates[loan.loanType])).toBeLessThanOrEqual(1);
        expect(loan.monthlyPayment).toBe(
          monthlyPayment(loan.approvedAmount ?? 0, loan.durationMonths, rate),
        );
      } else {
        expect([loan.approvedAmount, loan.interestRate, loan.monthlyPayment]).toEqual([
          null,
          null,
          null,
        ]);
      }
      if (loan.status !== "rejected") expect(loan.rejectionReason).toBeNull();
      expect(Number.isInteger(loan.amount) && loan.amount > 0).toBe(true);
    }
    const rejected = loans.filter((loan) => loan.status === "rejected");
    const withReason = rejected.filter((loan) => loan.rejectionReason !== null).length;
    expect(withReason / rejected.length).toBeGreaterThan(0.7);
    expect(withReason).toBeLessThan(rejected.length);
  });

  it("gives each request its client's office, and each officer one of the three", () => {
    expect(people.officers.map((officer) => officer.office)).toEqual(["abidjan", "lome", "dakar"]);
    for (const loan of loans) {
      const client = people.clients.find((c) => c.id === loan.userId);
      expect(loan.office).toBe(officeForCountry(client?.country));
    }
    expect(new Set(loans.map((loan) => loan.office))).toEqual(
      new Set(["abidjan", "dakar", "lome"]),
    );
  });

  it("dates each decision at its status change, and only decided requests have one", () => {
    for (const loan of loans) {
      const decision = loan.activities
        .filter(
          (a) =>
            a.type === "status_change" && (a.newValue === "approved" || a.newValue === "rejected"),
        )
        .at(-1);
      if (loan.status === "approved" || loan.status === "rejected" || loan.status === "completed") {
        expect(loan.decidedAt).toEqual(decision?.createdAt);
        expect(loan.decidedAt?.getTime()).toBeGreaterThan(loan.createdAt.getTime());
      } else {
        expect(loan.decidedAt).toBeNull();
      }
    }
  });

  it("asks those waiting for a complement to replace an unreadable identity card, with a question", () => {
    const waiting = loans.filter((loan) => loan.status === "info_requested");
    expect(waiting.length).toBeGreaterThan(3);
    for (const loan of waiting) {
      const request = loan.infoRequest;
      expect(request?.question).toBeTruthy();
      expect(request?.replace).toEqual([
        { category: "identite", reason: "illisible", comment: expect.any(String) },
      ]);
      expect(officerIds.has(request?.createdBy ?? "")).toBe(true);
      const identity = loan.documents.find((d) => d.category === "identite");
      expect(identity?.review).toMatchObject({
        reason: "illisible",
        reviewedBy: request?.createdBy,
      });
      const review = loan.activities.find((a) => a.type === "document_review");
      expect(review).toMatchObject({
        newValue: "a_remplacer",
        oldValue: "illisible",
        documentCategory: "identite",
        createdAt: request?.createdAt,
      });
      const last = loan.activities.at(-1);
      expect(last).toMatchObject({ type: "status_change", newValue: "info_requested" });
      expect(last?.comment).toBe(request?.question);
    }
    for (const loan of loans.filter((l) => l.status !== "info_requested")) {
      expect(loan.infoRequest).toBeNull();
      expect(loan.documents.every((d) => d.review === undefined)).toBe(true);
    }
  });
});
