import { expect, type Page } from "@playwright/test";
import type { AdminLoanAccountJson, LoanAccountJson } from "../src/domain/api/servicing";
import { waitFor } from "../src/server/test/fixtures";
import { changeStatusThroughAdminApi, smsToRecipient } from "./fixtures";

// The steps after the decision (issue 28), through the real API, for the journeys that start a
// page further on: a client who takes SMS, an approved request, its contract signed with the code
// read from the SMS outbox, its disbursement. The pages' own journeys do these steps on screen.

/** A mobile number of the journey's own (E.164), so that its SMS are told apart from others'. */
export function newPhone(): { display: string; e164: string } {
  const digits = Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)).join("");
  const display = `+225 07 ${digits.replace(/(\d{2})(?=\d)/g, "$1 ")}`;
  return { display, e164: `+22507${digits}` };
}

/** The client signed in on `clientPage` takes notices by SMS on `phone` (the code comes by SMS). */
export async function takeSms(clientPage: Page, phone = newPhone()) {
  const saved = await clientPage.request.put("/api/me/notifications", {
    data: { email: true, sms: true, smsPhone: phone.display },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return phone;
}

/** The signature code in the newest SMS to `phone` that carries one. */
export async function signatureCodeFromSms(phone: { e164: string }, after = 0): Promise<string> {
  const sms = await waitFor(
    async () =>
      (await smsToRecipient(phone.e164)).filter(
        (message, index) => index >= after && /\b\d{6}\b/.test(message.text),
      ),
    `No signature code by SMS to ${phone.e164}`,
  );
  return sms.text.match(/\b(\d{6})\b/)?.[1] as string;
}

/** Approves a pending request as the officer signed in on `officerPage`; the contract is made. */
export async function approveThroughAdminApi(
  officerPage: Page,
  loanId: number,
  terms: { approvedAmount: number; interestRate: number } = {
    approvedAmount: 1_200_000,
    interestRate: 12,
  },
) {
  return changeStatusThroughAdminApi(officerPage, loanId, {
    from: "pending",
    to: "approved",
    ...terms,
  });
}

/** The client asks for a code, reads it from its SMS and signs the contract. */
export async function signContractThroughApi(
  clientPage: Page,
  loanId: number,
  phone: { e164: string },
): Promise<LoanAccountJson> {
  const before = (await smsToRecipient(phone.e164)).length;
  const sent = await clientPage.request.post(`/api/loans/${loanId}/contract/code`);
  expect(sent.status(), await sent.text()).toBe(200);
  const signed = await clientPage.request.post(`/api/loans/${loanId}/contract/sign`, {
    data: { code: await signatureCodeFromSms(phone, before) },
  });
  expect(signed.status(), await signed.text()).toBe(200);
  return ((await signed.json()) as { account: LoanAccountJson }).account;
}

/** Records the disbursement (today, Orange Money) as the officer signed in on `officerPage`. */
export async function disburseThroughAdminApi(
  officerPage: Page,
  loanId: number,
  amount: number,
): Promise<AdminLoanAccountJson> {
  const response = await officerPage.request.post(`/api/admin/loans/${loanId}/disbursement`, {
    data: {
      disbursedOn: new Date().toISOString().slice(0, 10),
      channel: "orange_money",
      reference: `DEC-${loanId}-${Math.random().toString(36).slice(2, 8)}`,
      amount,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { account: AdminLoanAccountJson }).account;
}

/** Records a payment (today) as the officer signed in on `officerPage`. */
export async function payThroughAdminApi(
  officerPage: Page,
  loanId: number,
  payment: { amount: number; reference?: string; channel?: string },
): Promise<AdminLoanAccountJson> {
  const response = await officerPage.request.post(`/api/admin/loans/${loanId}/payments`, {
    data: {
      paidOn: new Date().toISOString().slice(0, 10),
      channel: payment.channel ?? "wave",
      reference: payment.reference ?? `PAY-${loanId}-${Math.random().toString(36).slice(2, 8)}`,
      amount: payment.amount,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { account: AdminLoanAccountJson }).account;
}
