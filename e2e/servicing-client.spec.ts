import { expect, type Page, test } from "@playwright/test";
import { servicingMessages } from "../src/domain/api/servicing";
import { formatDate } from "../src/domain/format-date";
import { formatFcfa } from "../src/domain/format-fcfa";
import {
  clientWithLoans,
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  loanNumber,
  signInAsOfficer,
  smsToRecipient,
  waitForApp,
} from "./fixtures";
import {
  approveThroughAdminApi,
  disburseThroughAdminApi,
  payThroughAdminApi,
  signatureCodeFromSms,
  takeSms,
} from "./servicing-steps";

const shots = process.env.E2E_SCREENSHOTS_DIR;

/** Saves a full-page screenshot when E2E_SCREENSHOTS_DIR is set (to look at them). */
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

/** The page as a phone shows it: nothing to scroll sideways, no serious axe violation. */
async function expectPhoneReady(page: Page, name: string) {
  await shot(page, name);
  await expectNoHorizontalScroll(page);
  await expectNoSeriousViolations(page);
}

/** Another code than `code`: each digit moved by one. */
function wrongCode(code: string) {
  return code.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10));
}

test.describe("Après l'approbation (client, téléphone)", () => {
  test("le client lit son contrat, le signe avec le code reçu par SMS, puis suit son échéancier et ses paiements", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const {
      ids: [id = 0],
      clientPage,
      close,
    } = await clientWithLoans(page, [{ amount: 1_200_000, durationMonths: 12 }]);
    const phone = await takeSms(clientPage);
    await signInAsOfficer(page);
    await approveThroughAdminApi(page, id, { approvedAmount: 1_200_000, interestRate: 12 });

    // The contract, on the request's page: its terms and the PDF it is in.
    await clientPage.setViewportSize({ width: 360, height: 740 });
    await clientPage.goto(`/client/prets/${id}`);
    await waitForApp(clientPage);
    const contract = clientPage.getByRole("region", { name: "Mon contrat" });
    await expect(contract).toBeVisible();
    await expect(contract).toContainText(formatFcfa(1_200_000));
    await expect(contract).toContainText("12 mois");
    await expect(contract).toContainText("À signer avant le");
    const pdfLink = contract.getByRole("link", { name: /^Lire le contrat \(PDF\)/ });
    const pdf = await clientPage.request.get((await pdfLink.getAttribute("href")) as string);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    await expect(contract).toContainText("vous acceptez le contrat");
    await expectPhoneReady(clientPage, "servicing-client-1-contract-360");

    // A code, asked on screen, comes by SMS.
    const smsBefore = (await smsToRecipient(phone.e164)).length;
    await contract.getByRole("button", { name: "Recevoir un code de signature" }).click();
    await expect(
      contract.getByRole("status").filter({ hasText: servicingMessages.codeSentSms }),
    ).toBeVisible({ timeout: 20_000 });
    const codeField = contract.getByLabel("Code de signature");
    await expect(codeField).toBeFocused();
    await expect(codeField).toHaveAttribute("inputmode", "numeric");
    await expect(codeField).toHaveAttribute("autocomplete", "one-time-code");
    await expect(codeField).toHaveAttribute("maxlength", "6");
    const code = await signatureCodeFromSms(phone, smsBefore);

    // A wrong code first: the server's French refusal, under the field and tied to it.
    await codeField.fill(wrongCode(code));
    await contract.getByRole("button", { name: "Signer le contrat" }).click();
    await expect(contract.getByText(servicingMessages.codeInvalid)).toBeVisible({
      timeout: 20_000,
    });
    await expect(codeField).toHaveAttribute("aria-invalid", "true");
    await expect(codeField).toHaveAccessibleDescription(
      new RegExp(servicingMessages.codeInvalid.replace(/[.]/g, "\\.")),
    );
    await expectPhoneReady(clientPage, "servicing-client-2-wrong-code-360");

    // Then the code read from the SMS: signed.
    await codeField.fill(code);
    await contract.getByRole("button", { name: "Signer le contrat" }).click();
    await expect(clientPage.getByText(servicingMessages.signed)).toBeVisible({ timeout: 20_000 });
    await expect(contract.getByRole("status").filter({ hasText: "Signé le" })).toBeVisible();
    await expect(contract.getByRole("heading", { name: "Mon contrat" })).toBeFocused();
    await expect(contract.getByRole("button", { name: "Signer le contrat" })).toHaveCount(0);
    const signedLink = contract.getByRole("link", { name: /^Lire le contrat signé \(PDF\)/ });
    const signedPdf = await clientPage.request.get(
      (await signedLink.getAttribute("href")) as string,
    );
    expect(signedPdf.status()).toBe(200);
    expect(signedPdf.headers()["content-type"]).toContain("application/pdf");
    await expectPhoneReady(clientPage, "servicing-client-3-signed-360");

    // The officer pays the money out, then records the first installment's payment.
    const disbursed = await disburseThroughAdminApi(page, id, 1_200_000);
    const first = disbursed.installments[0];
    if (!first) throw new Error("No schedule after the disbursement");
    const paid = await payThroughAdminApi(page, id, {
      amount: first.amount,
      reference: `WAVE-${id}-1`,
    });
    const next = paid.nextPayment;
    if (!next) throw new Error("No next payment after the first installment");

    // The client: the balance and the next payment first, how to pay, the schedule, the payment.
    await clientPage.reload();
    await waitForApp(clientPage);
    const summary = clientPage.getByRole("region", { name: "Mon remboursement" });
    await expect(summary).toContainText("Reste à rembourser");
    await expect(summary).toContainText(formatFcfa(paid.remainingBalance));
    await expect(summary).toContainText(formatFcfa(next.amount));
    await expect(summary).toContainText(formatDate(next.dueDate));

    const howToPay = clientPage.getByRole("region", { name: "Comment payer" });
    await expect(howToPay).toContainText(loanNumber(id));
    for (const account of paid.paymentInstructions.accounts) {
      await expect(howToPay).toContainText(account.number);
    }

    const schedule = clientPage.getByRole("region", { name: "Échéancier" });
    const installments = schedule.getByRole("list", { name: "Échéancier du prêt" });
    await expect(installments.getByRole("listitem")).toHaveCount(disbursed.installments.length);
    const firstItem = installments.getByRole("listitem").first();
    await expect(firstItem).toContainText("Échéance 1");
    await expect(firstItem).toContainText("Payée");
    await expect(installments.getByRole("listitem").nth(1)).toContainText("À venir");

    const payments = clientPage.getByRole("region", { name: "Mes paiements" });
    await expect(payments).toContainText(formatFcfa(first.amount));
    await expect(payments).toContainText("Wave");
    await expect(payments).toContainText(`WAVE-${id}-1`);
    await expect(clientPage.getByRole("region", { name: "Mon contrat" })).toContainText("Signé le");
    await expectPhoneReady(clientPage, "servicing-client-4-repaying-360");

    // On a wide screen the schedule is a table.
    await clientPage.setViewportSize({ width: 1280, height: 900 });
    const table = schedule.getByRole("table", { name: "Échéancier du prêt" });
    await expect(table).toBeVisible();
    await expect(table.getByRole("row").nth(1)).toContainText("Payée");
    await shot(clientPage, "servicing-client-5-repaying-1280");
    await close();
  });
});
