import type { Language } from '../rules/themes.ts';

/**
 * The document types and rejection reasons a fresh platform is seeded with, by the key the seed
 * stores in the row's `seed_key`. A seeded row reads in the reader's language until a super admin
 * renames it (which clears its key); a row a super admin created or renamed reads as they typed it.
 * The English is what the seed stores; the app's locale files carry the same words
 * (`documents.seeded.*`, held to these by a test), and the server's emails and trust profile page use
 * the translations below.
 */
export const SEEDED_DOCUMENT_TYPES = {
  stateCannabisLicense: 'State Cannabis License',
  usdaHempLicense: 'USDA Hemp License',
  iso17025Accreditation: 'ISO/IEC 17025 Accreditation',
  gmpCertification: 'GMP Certification',
  certificateOfAnalysis: 'Certificate of Analysis (COA)',
  certificateOfInsurance: 'Certificate of Insurance',
  businessRegistration: 'Business Registration',
  standardOperatingProcedures: 'Standard Operating Procedures',
  moneyTransmitterLicense: 'Money Transmitter License',
} as const;
export type SeededDocumentTypeKey = keyof typeof SEEDED_DOCUMENT_TYPES;

export interface SeededReasonText {
  reasonName: string;
  notification: string;
}

export const SEEDED_REJECTION_REASONS = {
  illegible: {
    reasonName: 'Illegible document',
    notification: 'We could not read your document. Please upload a clear, complete scan.',
  },
  expired: {
    reasonName: 'Expired document',
    notification: 'The document you uploaded has expired. Please upload the current version.',
  },
  wrongType: {
    reasonName: 'Wrong document type',
    notification: 'The file does not match the requested document type. Please upload the correct document.',
  },
  nameMismatch: {
    reasonName: 'Name mismatch',
    notification: 'The company name on the document does not match your company profile.',
  },
  incomplete: {
    reasonName: 'Incomplete document',
    notification: 'Pages or signatures are missing. Please upload the complete, signed document.',
  },
} as const satisfies Record<string, SeededReasonText>;
export type SeededReasonKey = keyof typeof SEEDED_REJECTION_REASONS;

interface SeededTranslations {
  documentTypes: Record<SeededDocumentTypeKey, string>;
  reasons: Record<SeededReasonKey, SeededReasonText>;
}

export const SEEDED_TEXT: Record<Language, SeededTranslations> = {
  en: { documentTypes: SEEDED_DOCUMENT_TYPES, reasons: SEEDED_REJECTION_REASONS },
  fr: {
    documentTypes: {
      stateCannabisLicense: 'Licence cannabis de l’État',
      usdaHempLicense: 'Licence chanvre de l’USDA',
      iso17025Accreditation: 'Accréditation ISO/IEC 17025',
      gmpCertification: 'Certification BPF (GMP)',
      certificateOfAnalysis: 'Certificat d’analyse (COA)',
      certificateOfInsurance: 'Attestation d’assurance',
      businessRegistration: 'Immatriculation de l’entreprise',
      standardOperatingProcedures: 'Procédures opératoires normalisées',
      moneyTransmitterLicense: 'Licence de transfert de fonds',
    },
    reasons: {
      illegible: {
        reasonName: 'Document illisible',
        notification:
          'Nous n’avons pas pu lire votre document. Veuillez téléverser une numérisation nette et complète.',
      },
      expired: {
        reasonName: 'Document expiré',
        notification:
          'Le document que vous avez téléversé a expiré. Veuillez téléverser la version en vigueur.',
      },
      wrongType: {
        reasonName: 'Mauvais type de document',
        notification:
          'Le fichier ne correspond pas au type de document demandé. Veuillez téléverser le bon document.',
      },
      nameMismatch: {
        reasonName: 'Nom non concordant',
        notification: 'Le nom de l’entreprise sur le document ne correspond pas à votre profil d’entreprise.',
      },
      incomplete: {
        reasonName: 'Document incomplet',
        notification:
          'Des pages ou des signatures manquent. Veuillez téléverser le document complet et signé.',
      },
    },
  },
  de: {
    documentTypes: {
      stateCannabisLicense: 'Cannabislizenz des Bundesstaats',
      usdaHempLicense: 'USDA-Hanflizenz',
      iso17025Accreditation: 'Akkreditierung nach ISO/IEC 17025',
      gmpCertification: 'GMP-Zertifizierung',
      certificateOfAnalysis: 'Analysezertifikat (COA)',
      certificateOfInsurance: 'Versicherungsnachweis',
      businessRegistration: 'Gewerbeanmeldung',
      standardOperatingProcedures: 'Standardarbeitsanweisungen',
      moneyTransmitterLicense: 'Lizenz für Geldtransferdienste',
    },
    reasons: {
      illegible: {
        reasonName: 'Unleserliches Dokument',
        notification:
          'Wir konnten Ihr Dokument nicht lesen. Bitte laden Sie einen klaren, vollständigen Scan hoch.',
      },
      expired: {
        reasonName: 'Abgelaufenes Dokument',
        notification: 'Das hochgeladene Dokument ist abgelaufen. Bitte laden Sie die aktuelle Version hoch.',
      },
      wrongType: {
        reasonName: 'Falscher Dokumenttyp',
        notification:
          'Die Datei entspricht nicht dem angeforderten Dokumenttyp. Bitte laden Sie das richtige Dokument hoch.',
      },
      nameMismatch: {
        reasonName: 'Name stimmt nicht überein',
        notification: 'Der Firmenname auf dem Dokument stimmt nicht mit Ihrem Unternehmensprofil überein.',
      },
      incomplete: {
        reasonName: 'Unvollständiges Dokument',
        notification:
          'Es fehlen Seiten oder Unterschriften. Bitte laden Sie das vollständige, unterschriebene Dokument hoch.',
      },
    },
  },
  nl: {
    documentTypes: {
      stateCannabisLicense: 'Cannabisvergunning van de staat',
      usdaHempLicense: 'USDA-hennepvergunning',
      iso17025Accreditation: 'ISO/IEC 17025-accreditatie',
      gmpCertification: 'GMP-certificering',
      certificateOfAnalysis: 'Analysecertificaat (COA)',
      certificateOfInsurance: 'Verzekeringsbewijs',
      businessRegistration: 'Bedrijfsregistratie',
      standardOperatingProcedures: 'Standaardwerkprocedures',
      moneyTransmitterLicense: 'Vergunning voor geldtransfers',
    },
    reasons: {
      illegible: {
        reasonName: 'Onleesbaar document',
        notification: 'We konden uw document niet lezen. Upload een duidelijke, volledige scan.',
      },
      expired: {
        reasonName: 'Verlopen document',
        notification: 'Het document dat u hebt geüpload, is verlopen. Upload de actuele versie.',
      },
      wrongType: {
        reasonName: 'Verkeerd documenttype',
        notification:
          'Het bestand komt niet overeen met het gevraagde documenttype. Upload het juiste document.',
      },
      nameMismatch: {
        reasonName: 'Naam komt niet overeen',
        notification: 'De bedrijfsnaam op het document komt niet overeen met uw bedrijfsprofiel.',
      },
      incomplete: {
        reasonName: 'Onvolledig document',
        notification: 'Er ontbreken pagina’s of handtekeningen. Upload het volledige, ondertekende document.',
      },
    },
  },
};

function isKey<T extends object>(table: T, key: string | null | undefined): key is Extract<keyof T, string> {
  return typeof key === 'string' && Object.hasOwn(table, key);
}

/** A document type's name in `language`: a seeded row's translation, anything else as stored. */
export function documentTypeText(language: Language, row: { name: string; seedKey?: string | null }): string {
  return isKey(SEEDED_DOCUMENT_TYPES, row.seedKey)
    ? SEEDED_TEXT[language].documentTypes[row.seedKey]
    : row.name;
}

/** A rejection reason's name and notification in `language`, as documentTypeText does. */
export function reasonText(
  language: Language,
  row: SeededReasonText & { seedKey?: string | null },
): SeededReasonText {
  return isKey(SEEDED_REJECTION_REASONS, row.seedKey)
    ? SEEDED_TEXT[language].reasons[row.seedKey]
    : { reasonName: row.reasonName, notification: row.notification };
}

/**
 * The product vocabulary a fresh platform is seeded with (spec 3 §3 global lists), by the key the seed
 * stores in the row's `seed_key`, as document types are: a seeded row reads in the reader's language
 * (the app's `reference.seeded.*` locale keys, held to this English by a test) until a super admin
 * renames it. Product and service categories share one table, at the top of the catalogue.
 */
export const SEEDED_PRODUCT_CATEGORIES = {
  flower: 'Flower',
  preRolls: 'Pre-rolls',
  vapes: 'Vapes',
  edibles: 'Edibles',
  beverages: 'Beverages',
  tinctures: 'Tinctures',
  topicals: 'Topicals',
  concentrates: 'Concentrates',
  capsules: 'Capsules',
  petProducts: 'Pet products',
} as const;

export const SEEDED_SERVICE_CATEGORIES = {
  testing: 'Testing',
  consulting: 'Consulting',
  distribution: 'Distribution',
  packaging: 'Packaging',
  payments: 'Payments',
  insurance: 'Insurance',
  legal: 'Legal',
  marketing: 'Marketing',
  security: 'Security',
  software: 'Software',
} as const;

export const SEEDED_CATEGORIES = { ...SEEDED_PRODUCT_CATEGORIES, ...SEEDED_SERVICE_CATEGORIES } as const;

export const SEEDED_INGREDIENTS = {
  cbdIsolate: 'CBD isolate',
  broadSpectrumExtract: 'Broad-spectrum hemp extract',
  fullSpectrumExtract: 'Full-spectrum hemp extract',
  mctOil: 'MCT oil',
  hempSeedOil: 'Hemp seed oil',
  terpeneBlend: 'Terpene blend',
  melatonin: 'Melatonin',
  caneSugar: 'Cane sugar',
  gelatin: 'Gelatin',
  pectin: 'Pectin',
} as const;

export const SEEDED_FLAVORS = {
  unflavored: 'Unflavored',
  mint: 'Mint',
  citrus: 'Citrus',
  berry: 'Berry',
  mango: 'Mango',
  watermelon: 'Watermelon',
  vanilla: 'Vanilla',
  chocolate: 'Chocolate',
  lemon: 'Lemon',
  grape: 'Grape',
} as const;

/** The seeded product vocabulary by list: the locale keys are `reference.seeded.<list>.<key>`. */
export const SEEDED_VOCABULARY = {
  categories: SEEDED_CATEGORIES,
  ingredients: SEEDED_INGREDIENTS,
  flavors: SEEDED_FLAVORS,
} as const;
export type SeededVocabularyList = keyof typeof SEEDED_VOCABULARY;
