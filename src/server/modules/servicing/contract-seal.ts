import { generateKeyPairSync, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { P12Signer } from "@signpdf/signer-p12";
import { SignPdf } from "@signpdf/signpdf";
import forge from "node-forge";
import { PDFDocument } from "pdf-lib";
import { firm, headOffice } from "../../../domain/firm";
import type { Config } from "../../config";

// The firm's electronic seal on signed contracts (issue 28): a PAdES signature (CMS detached,
// sub-filter ETSI.CAdES.detached) made with @signpdf over a PKCS#12 certificate. The certificate
// comes from CONTRACT_SEAL_P12_PATH (and CONTRACT_SEAL_P12_PASSWORD); without it, a self-signed
// one is generated at first start and kept in DATA_DIR (contract-seal.p12 and its password in
// contract-seal.pass, mode 600), as the auth secret is. A PDF reader shows the seal, the firm's
// name and that the document is unchanged since; a self-signed certificate is shown as not
// trusted until the firm's certificate is installed (decisions/2026-12-01-contract-seal.md).

export type ContractSeal = { p12: Buffer; passphrase: string; subject: string };

const sealValidityYears = 10;

/** A self-signed seal certificate (RSA 2048, SHA-256) as PKCS#12 bytes. */
export function generateSealP12(passphrase: string, now = new Date()): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(
    privateKey.export({ type: "pkcs1", format: "pem" }).toString(),
  );
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: "spki", format: "pem" }).toString(),
  );
  certificate.serialNumber = `01${randomBytes(8).toString("hex")}`;
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now);
  certificate.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + sealValidityYears);
  // Plain ASCII: forge writes these as PrintableString-like bytes, which readers show badly
  // with an accent ("Horizon Crédit" -> "Horizon Credit").
  const ascii = (value: string) => value.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  const subject = [
    { name: "commonName", value: ascii(`${firm.name} - Cachet des contrats`) },
    { name: "organizationName", value: ascii(firm.name) },
    { name: "localityName", value: ascii(headOffice.city) },
    { name: "countryName", value: "CI" },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
    { name: "extKeyUsage", emailProtection: true },
  ]);
  certificate.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [certificate], passphrase, { algorithm: "aes256" });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), "binary");
}

function subjectOf(p12: Buffer, passphrase: string): string {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString("binary")));
  const parsed = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  const bagType = forge.pki.oids.certBag as string;
  const bags = parsed.getBags({ bagType })[bagType] ?? [];
  const certificate = bags[0]?.cert;
  const name = certificate?.subject.getField("CN")?.value;
  return typeof name === "string" ? name : firm.name;
}

/**
 * The seal: CONTRACT_SEAL_P12_PATH's, or the one kept in DATA_DIR (made on first call). A wrong
 * password or file throws a French error at start-up, not at the first signature.
 */
export function resolveContractSeal(
  config: Pick<Config, "contractSeal" | "dataDir">,
): ContractSeal {
  const { p12Path, password } = config.contractSeal;
  if (p12Path) {
    const p12 = readFileSync(p12Path);
    const passphrase = password ?? "";
    try {
      return { p12, passphrase, subject: subjectOf(p12, passphrase) };
    } catch {
      throw new Error(
        "CONTRACT_SEAL_P12_PATH : le certificat ne peut pas être lu (fichier PKCS#12 ou CONTRACT_SEAL_P12_PASSWORD incorrect)",
      );
    }
  }
  const file = join(config.dataDir, "contract-seal.p12");
  const passFile = join(config.dataDir, "contract-seal.pass");
  if (existsSync(file) && existsSync(passFile)) {
    const p12 = readFileSync(file);
    const passphrase = readFileSync(passFile, "utf8").trim();
    return { p12, passphrase, subject: subjectOf(p12, passphrase) };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const passphrase = randomBytes(24).toString("base64url");
  const p12 = generateSealP12(passphrase);
  writeFileSync(passFile, `${passphrase}\n`, { mode: 0o600 });
  chmodSync(passFile, 0o600);
  writeFileSync(file, p12, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { p12, passphrase, subject: subjectOf(p12, passphrase) };
}

/** Seals a PDF: a PAdES signature over the whole document, by the firm. */
export async function sealPdf(
  pdf: Uint8Array,
  seal: ContractSeal,
  signingTime = new Date(),
): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf);
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: "Contrat signé par l'Emprunteur, scellé par le Prêteur",
    contactInfo: firm.email,
    name: seal.subject,
    location: headOffice.city,
    signingTime,
    subFilter: "ETSI.CAdES.detached",
    appName: firm.name,
  });
  const withPlaceholder = await doc.save({ useObjectStreams: false });
  const signer = new P12Signer(seal.p12, { passphrase: seal.passphrase });
  return new SignPdf().sign(Buffer.from(withPlaceholder), signer, signingTime);
}
