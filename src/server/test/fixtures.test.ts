import { describe, expect, it } from "vitest";
import { loanStatuses } from "../../domain/loan-status";
import { apiFixture } from "./api-fixture";
import {
  decodeMimeHeader,
  decodeQuotedPrintable,
  emailRecipient,
  requestAtStage,
} from "./fixtures";
import { sendThrough } from "./test-app";

const {
  t,
  officers: [officer],
  clients: [client],
} = apiFixture({ officers: 1, clients: 1 });

describe("fixtures", () => {
  it("decodes quoted-printable bodies and MIME headers as UTF-8", () => {
    expect(decodeQuotedPrintable("Compl=C3=A9ments re=\r\n=C3=A7us, token=3Dabc")).toBe(
      "Compléments reçus, token=abc",
    );
    expect(decodeMimeHeader("=?UTF-8?Q?Demande_approuv=C3=A9e?=")).toBe("Demande approuvée");
    expect(emailRecipient("From: a@b.ci\nTo: Awa <Awa.K@exemple.ci>\n\n")).toBe("awa.k@exemple.ci");
  });

  for (const stage of loanStatuses) {
    it(`makes a request at stage ${stage}, through the officers' routes`, async () => {
      const id = await requestAtStage(sendThrough(t.app), {
        clientCookie: client.cookie,
        officerCookie: officer.cookie,
        stage,
      });
      const read = await t.app.inject({
        method: "GET",
        url: `/api/loans/${id}`,
        headers: { cookie: client.cookie },
      });
      expect(read.json().loan.status).toBe(stage);
    });
  }

  it("reads the mails of one recipient only, decoded", async () => {
    const mails = await t.mailsTo(client.email);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((mail) => mail.to === client.email.toLowerCase())).toBe(true);
    expect(mails.some((mail) => /approuvée/i.test(mail.subject))).toBe(true);
    expect(await t.mailsTo("personne@exemple.ci")).toEqual([]);
  });
});
