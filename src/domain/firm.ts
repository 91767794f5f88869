// The firm's identity and offices: the one place to edit them (the spec does not give them).
export const firm = {
  name: "Horizon Crédit Afrique",
  shortName: "Horizon Crédit",
  tagline: "Le financement qui fait avancer vos projets en Afrique de l'Ouest",
  email: "contact@horizoncredit.africa",
  phone: "+225 27 22 40 50 60",
  postalAddress:
    "Immeuble Horizon, Boulevard de la République, Plateau, 01 BP 1234 Abidjan 01, Côte d'Ivoire",
  social: [
    { name: "Facebook", url: "https://www.facebook.com/horizoncreditafrique" },
    { name: "LinkedIn", url: "https://www.linkedin.com/company/horizon-credit-afrique" },
    { name: "X", url: "https://x.com/horizoncredit" },
  ],
} as const;

/** The offices a request belongs to and an officer works in (issue 8), head office first. */
export const officeIds = ["abidjan", "dakar", "lome"] as const;
export type OfficeId = (typeof officeIds)[number];

export type Office = {
  id: OfficeId;
  title: string;
  city: string;
  address: string;
  phone: string;
  email: string;
  isHeadOffice: boolean;
  /** WGS 84 position, for the map of the contact page. */
  location: { lat: number; lon: number };
};

export const offices: readonly Office[] = [
  {
    id: "abidjan",
    title: "Siège social — Abidjan",
    city: "Abidjan",
    address: "Immeuble Horizon, Boulevard de la République, Plateau, Abidjan, Côte d'Ivoire",
    phone: "+225 27 22 40 50 60",
    email: "abidjan@horizoncredit.africa",
    isHeadOffice: true,
    location: { lat: 5.3236, lon: -4.0196 },
  },
  {
    id: "dakar",
    title: "Bureau de Dakar",
    city: "Dakar",
    address: "Avenue Léopold Sédar Senghor, Plateau, Dakar, Sénégal",
    phone: "+221 33 821 45 67",
    email: "dakar@horizoncredit.africa",
    isHeadOffice: false,
    location: { lat: 14.6681, lon: -17.4337 },
  },
  {
    id: "lome",
    title: "Bureau de Lomé",
    city: "Lomé",
    address: "Boulevard du 13 Janvier, Quartier administratif, Lomé, Togo",
    phone: "+228 22 21 34 56",
    email: "lome@horizoncredit.africa",
    isHeadOffice: false,
    location: { lat: 6.1319, lon: 1.2228 },
  },
];

/** The head office (Abidjan). */
export const headOffice: Office =
  offices.find((office) => office.isHeadOffice) ?? (offices[0] as Office);

/** The office's city, as lists and filters name it: "Abidjan", "Dakar", "Lomé". */
export function officeCity(id: OfficeId): string {
  return offices.find((office) => office.id === id)?.city ?? id;
}

export function isOfficeId(value: unknown): value is OfficeId {
  return typeof value === "string" && (officeIds as readonly string[]).includes(value);
}

/**
 * The office that serves a client's country: Senegal from Dakar, Togo and Benin from Lomé, the
 * rest (Côte d'Ivoire, an unknown or blank country) from the head office. Case and accents of a
 * typed-in country are ignored.
 */
export function officeForCountry(country: string | null | undefined): OfficeId {
  const key = (country ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
  if (key === "senegal") return "dakar";
  if (key === "togo" || key === "benin") return "lome";
  return "abidjan";
}

/** The four countries the firm lends in (three offices; Benin is served from Lomé). */
export const countriesServed = ["Côte d'Ivoire", "Sénégal", "Togo", "Bénin"] as const;

/**
 * The marketing figures of the public pages (spec section 1), kept together so that they change
 * in one place. Amounts are whole FCFA.
 */
export const firmFigures = {
  foundedYear: 2012,
  homeClients: 1000,
  creditGranted: 2_500_000_000,
  countries: countriesServed.length,
  clients2025: 1200,
  financedTotal: 57_500_000_000,
  decisionHours: 48,
  experienceYears: 15,
} as const;
