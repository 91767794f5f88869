import type { LoanType } from "../../src/domain/loan-type";

// The vocabulary of the demo data: the three countries where the firm has offices, with family
// names, first names, towns, streets and phone formats as one meets them there.

export type CountryCode = "CI" | "SN" | "TG";

export type Country = {
  code: CountryCode;
  name: string;
  /** Share of the clients living there. */
  weight: number;
  familyNames: readonly string[];
  cities: ReadonlyArray<{ name: string; weight: number; districts: readonly string[] }>;
  /** A national number (without the country code) drawn from the digits function. */
  phone(digit: () => number): string;
  emailDomain: string;
};

const two = (digit: () => number) => `${digit()}${digit()}`;

export const countries: readonly Country[] = [
  {
    code: "CI",
    name: "Côte d'Ivoire",
    weight: 5,
    familyNames: [
      "Koné",
      "Kouassi",
      "Ouattara",
      "Traoré",
      "N'Guessan",
      "Koffi",
      "Kouamé",
      "Yao",
      "Bamba",
      "Coulibaly",
      "Touré",
      "Konan",
      "Aka",
      "Gbagbo",
      "Yéo",
      "Soro",
      "Kouadio",
      "Diabaté",
      "Fofana",
      "Brou",
      "Ehouman",
      "Assi",
      "Tanoh",
      "Zadi",
    ],
    cities: [
      {
        name: "Abidjan",
        weight: 6,
        districts: [
          "Cocody",
          "Yopougon",
          "Plateau",
          "Marcory",
          "Treichville",
          "Abobo",
          "Koumassi",
          "Riviera 3",
        ],
      },
      {
        name: "Bouaké",
        weight: 2,
        districts: ["Koko", "Air France", "Dar-es-Salam", "Belleville"],
      },
      {
        name: "Yamoussoukro",
        weight: 1,
        districts: ["Habitat", "Dioulakro", "Morofé", "220 Logements"],
      },
    ],
    // Ten digits since 2021: 01 (Moov), 05 (MTN), 07 (Orange), 27 (fixed).
    phone: (digit) =>
      `+225 ${["01", "05", "07", "27"][digit() % 4]} ${two(digit)} ${two(digit)} ${two(digit)} ${two(digit)}`,
    emailDomain: "demo.exemple.ci",
  },
  {
    code: "SN",
    name: "Sénégal",
    weight: 3,
    familyNames: [
      "Diallo",
      "Ndiaye",
      "Diop",
      "Fall",
      "Sow",
      "Sarr",
      "Faye",
      "Gueye",
      "Mbaye",
      "Ba",
      "Sy",
      "Cissé",
      "Seck",
      "Thiam",
      "Diouf",
      "Ndour",
      "Kane",
      "Wade",
    ],
    cities: [
      {
        name: "Dakar",
        weight: 6,
        districts: [
          "Plateau",
          "Médina",
          "Almadies",
          "Parcelles Assainies",
          "Grand Yoff",
          "Mermoz",
          "Ouakam",
        ],
      },
      {
        name: "Thiès",
        weight: 2,
        districts: ["Randoulène", "Mbour 1", "Cité Lamy", "Grand Thiès"],
      },
      { name: "Saint-Louis", weight: 1, districts: ["Sor", "Guet Ndar", "Balacoss", "Pikine"] },
    ],
    // Nine digits: 70, 75, 76, 77, 78 (mobile), 33 (fixed).
    phone: (digit) =>
      `+221 ${["70", "75", "76", "77", "78", "33"][digit() % 6]} ${digit()}${two(digit)} ${two(digit)} ${two(digit)}`,
    emailDomain: "demo.exemple.sn",
  },
  {
    code: "TG",
    name: "Togo",
    weight: 2,
    familyNames: [
      "Mensah",
      "Agbeko",
      "Adjovi",
      "Amegah",
      "Koffi",
      "Lawson",
      "Ayité",
      "Akakpo",
      "Gnassingbé",
      "Kpodar",
      "Tchalla",
      "Amouzou",
      "Dossou",
      "Sodji",
      "Agbodjan",
      "Kodjo",
    ],
    cities: [
      {
        name: "Lomé",
        weight: 6,
        districts: ["Bè", "Tokoin", "Adidogomé", "Agoè", "Nyékonakpoè", "Hédzranawoé"],
      },
      { name: "Kara", weight: 1, districts: ["Tomdè", "Kpéwa", "Dongoyo", "Chaminade"] },
      { name: "Sokodé", weight: 1, districts: ["Komah", "Kpangalam", "Didaouré", "Tchawanda"] },
    ],
    // Eight digits: 90-93 (Togocom), 96-99 (Moov), 22 (fixed).
    phone: (digit) =>
      `+228 ${["90", "91", "92", "93", "96", "97", "98", "99", "22"][digit() % 9]} ${two(digit)} ${two(digit)} ${two(digit)}`,
    emailDomain: "demo.exemple.tg",
  },
];

/** Where the officers' accounts live: marks them, with the countries' domains, as demo data. */
export const officerEmailDomain = "demo.horizoncredit.africa";

/** Every e-mail domain the seed uses: how a later run recognises (and may remove) demo data. */
export const demoEmailDomains: readonly string[] = [
  ...countries.map((country) => country.emailDomain),
  officerEmailDomain,
];

export const firstNames = {
  female: [
    "Aminata",
    "Fatou",
    "Awa",
    "Akossiwa",
    "Adjoa",
    "Éloïse",
    "Mariam",
    "Aïcha",
    "Ndèye",
    "Khady",
    "Affoué",
    "Amenan",
    "Yasmine",
    "Rokhaya",
    "Esther",
    "Adjovi",
    "Ama",
    "Mawuéna",
    "Bintou",
    "Clémence",
    "Hélène",
    "Salimata",
    "Dédé",
    "Kadidiatou",
  ],
  male: [
    "Moussa",
    "Kodjo",
    "Yao",
    "Ibrahima",
    "Mamadou",
    "Koffi",
    "Kouamé",
    "Sékou",
    "Ousmane",
    "Cheikh",
    "Abdoulaye",
    "Komlan",
    "Kossi",
    "Édouard",
    "Jérôme",
    "Serge",
    "Babacar",
    "Amadou",
    "Lassina",
    "Didier",
    "Modeste",
    "Honoré",
    "Fabrice",
    "Kwami",
  ],
} as const;

export const streets = [
  "rue des Jardins",
  "boulevard Latrille",
  "avenue Chardy",
  "rue du Commerce",
  "avenue de la Paix",
  "rue des Écoles",
  "boulevard de la République",
  "avenue Houphouët-Boigny",
  "rue Carnot",
  "avenue Cheikh Anta Diop",
  "boulevard du 13 Janvier",
  "rue de l'Indépendance",
] as const;

/** Amounts (whole FCFA), durations and stories per loan type. */
export const loanTypeProfiles: Record<
  LoanType,
  {
    weight: number;
    amount: { min: number; max: number; step: number };
    durations: readonly number[];
    purposes: readonly string[];
    descriptions: readonly string[];
  }
> = {
  personal: {
    weight: 30,
    amount: { min: 300_000, max: 5_000_000, step: 50_000 },
    durations: [6, 12, 18, 24, 36, 48],
    purposes: [
      "Frais de mariage",
      "Équipement de la maison",
      "Frais médicaux",
      "Travaux de rénovation",
      "Achat de mobilier",
      "Dépenses familiales imprévues",
    ],
    descriptions: [
      "Je souhaite financer cette dépense sans toucher à mon épargne. Mon salaire est versé chaque mois sur mon compte.",
      "Dépense ponctuelle que je peux rembourser sur mon salaire ; mon employeur peut confirmer mon contrat à durée indéterminée.",
      "Je suis fonctionnaire depuis huit ans et je n'ai aucun autre crédit en cours.",
      "",
    ],
  },
  business: {
    weight: 25,
    amount: { min: 1_000_000, max: 50_000_000, step: 250_000 },
    durations: [12, 24, 36, 48, 60],
    purposes: [
      "Achat de stock pour ma boutique",
      "Extension de mon atelier de couture",
      "Achat d'un véhicule de livraison",
      "Fonds de roulement pour mon commerce de pagnes",
      "Équipement de mon restaurant",
      "Ouverture d'un deuxième point de vente",
      "Achat de matériel agricole",
    ],
    descriptions: [
      "Mon commerce existe depuis cinq ans au marché d'Adjamé ; le chiffre d'affaires mensuel est d'environ 3 millions de FCFA.",
      "Je transforme et vends du manioc (attiéké) ; ce prêt doublerait la production de l'atelier.",
      "Entreprise enregistrée au registre du commerce, trois employés, comptes tenus par un cabinet.",
      "La demande de mes clients dépasse ce que je peux livrer ; le matériel se rembourse en deux saisons.",
      "",
    ],
  },
  mortgage: {
    weight: 12,
    amount: { min: 10_000_000, max: 120_000_000, step: 1_000_000 },
    durations: [120, 180, 240, 300],
    purposes: [
      "Achat d'un appartement",
      "Construction d'une maison familiale",
      "Achat d'un terrain viabilisé",
      "Achèvement de la construction de ma villa",
    ],
    descriptions: [
      "Le terrain est titré (ACD) à mon nom ; le devis de l'entrepreneur est joint au dossier.",
      "Appartement de trois pièces, compromis de vente signé chez le notaire.",
      "Nous construisons en famille depuis deux ans ; il reste la toiture et les finitions.",
      "",
    ],
  },
  education: {
    weight: 15,
    amount: { min: 300_000, max: 8_000_000, step: 50_000 },
    durations: [12, 24, 36, 48, 60],
    purposes: [
      "Frais de scolarité universitaire",
      "Master à l'étranger",
      "Formation professionnelle certifiante",
      "Frais de scolarité de mes enfants",
    ],
    descriptions: [
      "Admission confirmée pour la rentrée ; l'attestation de l'établissement est disponible.",
      "Formation en alternance, remboursement sur le salaire d'apprenti puis sur le premier emploi.",
      "Trois enfants scolarisés dans un établissement privé ; la rentrée tombe avant la prime annuelle.",
      "",
    ],
  },
  auto: {
    weight: 18,
    amount: { min: 2_000_000, max: 25_000_000, step: 250_000 },
    durations: [12, 24, 36, 48, 60],
    purposes: [
      "Achat d'une voiture d'occasion",
      "Achat d'un taxi",
      "Achat d'une moto pour les livraisons",
      "Achat d'un véhicule neuf",
    ],
    descriptions: [
      "Véhicule vu chez un concessionnaire agréé ; la facture pro forma est jointe.",
      "Le taxi sera exploité par un chauffeur salarié ; recette journalière estimée à 25 000 FCFA.",
      "Le véhicule me permettra de rejoindre mon lieu de travail à Bingerville.",
      "",
    ],
  },
};

export const rejectionReasons = [
  "Capacité de remboursement insuffisante au regard des revenus déclarés.",
  "Justificatif de revenu illisible ou incomplet.",
  "Relevés bancaires de moins de trois mois : merci de fournir les six derniers mois.",
  "Taux d'endettement supérieur à 35 % avec les crédits en cours.",
  "Le projet présenté ne correspond pas aux conditions de ce type de prêt.",
  "Pièce d'identité expirée.",
] as const;

export const officerNotes = [
  "Dossier complet, revenus cohérents avec les relevés bancaires.",
  "Appel du client pour confirmer l'employeur : vérifié.",
  "Demander les trois derniers bulletins de salaire.",
  "Garantie proposée : caution d'un parent, à vérifier.",
  "Le montant demandé paraît élevé pour les revenus : proposer une durée plus longue.",
  "Visite du commerce effectuée, activité réelle et régulière.",
  "Relevés bancaires conformes, aucun incident de paiement.",
  "Rendez-vous fixé à l'agence pour la signature.",
] as const;

export const clientNotes = [
  "Bonjour, je reste disponible pour tout document complémentaire.",
  "Mon employeur peut confirmer mon contrat si besoin.",
  "Pouvez-vous me dire où en est ma demande ? Merci.",
  "J'ai ajouté mes derniers relevés bancaires.",
  "Je préfère être contacté par téléphone l'après-midi.",
] as const;
