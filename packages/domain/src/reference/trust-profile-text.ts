import type { TrustLanguage } from '../schemas/trust.ts';
import { TRUST_LANGUAGES } from '../schemas/trust.ts';
import { COMPANY_TYPES } from './company-types.ts';

/**
 * The public trust profile's words (issue 21), in the four languages of the app. The profile page is
 * rendered by the server for visitors and search engines without running the SPA, so its text lives
 * here rather than in the SPA's locale files; a test holds every language to the English keys and
 * placeholders.
 */
export const TRUST_PROFILE_TEXT = {
  en: {
    pageTitle: '{name}: Trustleaf trust profile',
    metaDescription:
      '{name} on Trustleaf: required documents checked by a reviewer, the latest website compliance scan and the verified seal.',
    trustProfile: 'Trust profile',
    businessType: 'Business type',
    locations: 'Locations',
    memberSince: 'Member since',
    notStated: 'Not stated',
    requiredDocuments: 'Required documents',
    documentsIntro: 'Checked by a Trustleaf reviewer. The documents themselves are never shown.',
    documentVerified: 'Accepted and current',
    documentVerifiedUntil: 'Accepted and current, expires {date}',
    documentNotVerified: 'Not verified',
    /** A required document's name before its status, with the language's punctuation. */
    documentLine: '{name}: ',
    noRequiredDocuments: 'No documents are required for this business type.',
    latestScan: 'Latest website scan',
    scanNone: 'No website scan yet.',
    scanClean: '{date}: no issues found on {site}.',
    scanIssues_one: '{date}: {count} issue found on {site}.',
    scanIssues_other: '{date}: {count} issues found on {site}.',
    seal: 'Verified seal',
    sealActive: 'Trustleaf verified',
    sealActiveText: 'Every required document is accepted and current, and the membership is active.',
    sealValidUntil: 'This seal is valid until {date} and renewed while everything still holds.',
    sealInactive: 'No active seal',
    sealInactiveText:
      'The seal shows only while every required document is accepted and current and the membership includes it.',
    howVerified: 'Cryptographically signed',
    tooltip:
      'What is verified: the company’s name, that each document its business type requires was accepted by a reviewer and has not expired, and that its membership is active. How: Trustleaf signs these claims and a validity window with an Ed25519 key. Like a record on a blockchain, the seal cannot be altered without detection, but no blockchain is used: anyone can check the signature offline with Trustleaf’s published key, and the revocation list withdraws a seal at once when something stops holding.',
    sealFile: 'Signed seal',
    publicKeys: 'Public keys',
    revocationList: 'Revocation list',
    verifyCommand: 'Verify it yourself: {command}',
    language: 'Language',
    badgeVerified: 'Trustleaf verified',
    badgeInactive: 'Seal not active',
    notFoundTitle: 'Profile not found',
    notFoundText: 'This trust profile does not exist or is not published.',
  },
  fr: {
    pageTitle: '{name} : profil de confiance Trustleaf',
    metaDescription:
      '{name} sur Trustleaf : documents requis vérifiés par un examinateur, dernière analyse de conformité du site web et sceau vérifié.',
    trustProfile: 'Profil de confiance',
    businessType: 'Type d’entreprise',
    locations: 'Adresses',
    memberSince: 'Membre depuis',
    notStated: 'Non indiqué',
    requiredDocuments: 'Documents requis',
    documentsIntro: 'Vérifiés par un examinateur Trustleaf. Les documents eux-mêmes ne sont jamais montrés.',
    documentVerified: 'Accepté et en cours de validité',
    documentVerifiedUntil: 'Accepté et en cours de validité, expire le {date}',
    documentNotVerified: 'Non vérifié',
    documentLine: '{name} : ',
    noRequiredDocuments: 'Aucun document n’est requis pour ce type d’entreprise.',
    latestScan: 'Dernière analyse du site web',
    scanNone: 'Aucune analyse du site web pour l’instant.',
    scanClean: '{date} : aucun problème trouvé sur {site}.',
    scanIssues_one: '{date} : {count} problème trouvé sur {site}.',
    scanIssues_other: '{date} : {count} problèmes trouvés sur {site}.',
    seal: 'Sceau vérifié',
    sealActive: 'Vérifié par Trustleaf',
    sealActiveText: 'Chaque document requis est accepté et en cours de validité, et l’adhésion est active.',
    sealValidUntil: 'Ce sceau est valable jusqu’au {date} et renouvelé tant que tout reste vrai.',
    sealInactive: 'Aucun sceau actif',
    sealInactiveText:
      'Le sceau ne s’affiche que si chaque document requis est accepté et en cours de validité et que l’adhésion l’inclut.',
    howVerified: 'Signé cryptographiquement',
    tooltip:
      'Ce qui est vérifié : le nom de l’entreprise, que chaque document requis pour son type d’entreprise a été accepté par un examinateur et n’a pas expiré, et que son adhésion est active. Comment : Trustleaf signe ces affirmations et une période de validité avec une clé Ed25519. Comme un enregistrement sur une blockchain, le sceau ne peut pas être modifié sans que cela se voie, mais aucune blockchain n’est utilisée : chacun peut vérifier la signature hors ligne avec la clé publiée par Trustleaf, et la liste de révocation retire un sceau dès que quelque chose cesse d’être vrai.',
    sealFile: 'Sceau signé',
    publicKeys: 'Clés publiques',
    revocationList: 'Liste de révocation',
    verifyCommand: 'Vérifiez-le vous-même : {command}',
    language: 'Langue',
    badgeVerified: 'Vérifié par Trustleaf',
    badgeInactive: 'Sceau inactif',
    notFoundTitle: 'Profil introuvable',
    notFoundText: 'Ce profil de confiance n’existe pas ou n’est pas publié.',
  },
  de: {
    pageTitle: '{name}: Trustleaf-Vertrauensprofil',
    metaDescription:
      '{name} auf Trustleaf: erforderliche Dokumente, von einem Prüfer geprüft, der letzte Compliance-Scan der Website und das verifizierte Siegel.',
    trustProfile: 'Vertrauensprofil',
    businessType: 'Unternehmensart',
    locations: 'Standorte',
    memberSince: 'Mitglied seit',
    notStated: 'Nicht angegeben',
    requiredDocuments: 'Erforderliche Dokumente',
    documentsIntro: 'Von einem Trustleaf-Prüfer geprüft. Die Dokumente selbst werden nie gezeigt.',
    documentVerified: 'Angenommen und gültig',
    documentVerifiedUntil: 'Angenommen und gültig, läuft am {date} ab',
    documentNotVerified: 'Nicht verifiziert',
    documentLine: '{name}: ',
    noRequiredDocuments: 'Für diese Unternehmensart sind keine Dokumente erforderlich.',
    latestScan: 'Letzter Website-Scan',
    scanNone: 'Noch kein Website-Scan.',
    scanClean: '{date}: keine Probleme auf {site} gefunden.',
    scanIssues_one: '{date}: {count} Problem auf {site} gefunden.',
    scanIssues_other: '{date}: {count} Probleme auf {site} gefunden.',
    seal: 'Verifiziertes Siegel',
    sealActive: 'Von Trustleaf verifiziert',
    sealActiveText:
      'Jedes erforderliche Dokument ist angenommen und gültig, und die Mitgliedschaft ist aktiv.',
    sealValidUntil: 'Dieses Siegel gilt bis {date} und wird erneuert, solange alles zutrifft.',
    sealInactive: 'Kein aktives Siegel',
    sealInactiveText:
      'Das Siegel erscheint nur, solange jedes erforderliche Dokument angenommen und gültig ist und die Mitgliedschaft es umfasst.',
    howVerified: 'Kryptografisch signiert',
    tooltip:
      'Was verifiziert wird: der Name des Unternehmens, dass jedes für seine Unternehmensart erforderliche Dokument von einem Prüfer angenommen wurde und nicht abgelaufen ist, und dass seine Mitgliedschaft aktiv ist. Wie: Trustleaf signiert diese Angaben und einen Gültigkeitszeitraum mit einem Ed25519-Schlüssel. Wie ein Eintrag in einer Blockchain lässt sich das Siegel nicht unbemerkt ändern, doch es wird keine Blockchain verwendet: Jeder kann die Signatur offline mit dem veröffentlichten Schlüssel von Trustleaf prüfen, und die Sperrliste zieht ein Siegel sofort zurück, sobald etwas nicht mehr zutrifft.',
    sealFile: 'Signiertes Siegel',
    publicKeys: 'Öffentliche Schlüssel',
    revocationList: 'Sperrliste',
    verifyCommand: 'Selbst prüfen: {command}',
    language: 'Sprache',
    badgeVerified: 'Von Trustleaf verifiziert',
    badgeInactive: 'Siegel nicht aktiv',
    notFoundTitle: 'Profil nicht gefunden',
    notFoundText: 'Dieses Vertrauensprofil gibt es nicht oder es ist nicht veröffentlicht.',
  },
  nl: {
    pageTitle: '{name}: Trustleaf-vertrouwensprofiel',
    metaDescription:
      '{name} op Trustleaf: vereiste documenten gecontroleerd door een beoordelaar, de laatste compliancescan van de website en het geverifieerde zegel.',
    trustProfile: 'Vertrouwensprofiel',
    businessType: 'Soort bedrijf',
    locations: 'Vestigingen',
    memberSince: 'Lid sinds',
    notStated: 'Niet vermeld',
    requiredDocuments: 'Vereiste documenten',
    documentsIntro:
      'Gecontroleerd door een beoordelaar van Trustleaf. De documenten zelf worden nooit getoond.',
    documentVerified: 'Geaccepteerd en geldig',
    documentVerifiedUntil: 'Geaccepteerd en geldig, verloopt op {date}',
    documentNotVerified: 'Niet geverifieerd',
    documentLine: '{name}: ',
    noRequiredDocuments: 'Voor dit soort bedrijf zijn geen documenten vereist.',
    latestScan: 'Laatste websitescan',
    scanNone: 'Nog geen websitescan.',
    scanClean: '{date}: geen problemen gevonden op {site}.',
    scanIssues_one: '{date}: {count} probleem gevonden op {site}.',
    scanIssues_other: '{date}: {count} problemen gevonden op {site}.',
    seal: 'Geverifieerd zegel',
    sealActive: 'Geverifieerd door Trustleaf',
    sealActiveText: 'Elk vereist document is geaccepteerd en geldig, en het lidmaatschap is actief.',
    sealValidUntil: 'Dit zegel is geldig tot {date} en wordt vernieuwd zolang alles blijft kloppen.',
    sealInactive: 'Geen actief zegel',
    sealInactiveText:
      'Het zegel verschijnt alleen zolang elk vereist document geaccepteerd en geldig is en het lidmaatschap het omvat.',
    howVerified: 'Cryptografisch ondertekend',
    tooltip:
      'Wat wordt geverifieerd: de naam van het bedrijf, dat elk document dat zijn soort bedrijf vereist door een beoordelaar is geaccepteerd en niet is verlopen, en dat het lidmaatschap actief is. Hoe: Trustleaf ondertekent deze gegevens en een geldigheidsperiode met een Ed25519-sleutel. Net als een vermelding op een blockchain kan het zegel niet onopgemerkt worden gewijzigd, maar er wordt geen blockchain gebruikt: iedereen kan de handtekening offline controleren met de gepubliceerde sleutel van Trustleaf, en de intrekkingslijst trekt een zegel meteen in zodra iets niet meer klopt.',
    sealFile: 'Ondertekend zegel',
    publicKeys: 'Publieke sleutels',
    revocationList: 'Intrekkingslijst',
    verifyCommand: 'Controleer het zelf: {command}',
    language: 'Taal',
    badgeVerified: 'Geverifieerd door Trustleaf',
    badgeInactive: 'Zegel niet actief',
    notFoundTitle: 'Profiel niet gevonden',
    notFoundText: 'Dit vertrouwensprofiel bestaat niet of is niet gepubliceerd.',
  },
} as const satisfies Record<TrustLanguage, Record<string, string>>;

export type TrustTextKey = keyof (typeof TRUST_PROFILE_TEXT)['en'];

type CompanyTypeCode = (typeof COMPANY_TYPES)[number]['type'];

/** Company type names in the page's language (the same words as the app's), by the type's code. */
const COMPANY_TYPE_NAMES: Record<Exclude<TrustLanguage, 'en'>, Record<CompanyTypeCode, string>> = {
  fr: {
    DISTRIBUTOR: 'Distributeur',
    PROCESSOR: 'Transformateur',
    RETAILER: 'Détaillant',
    CULTIVATOR: 'Cultivateur',
    MANUFACTURER: 'Fabricant',
    DISPENSARY: 'Dispensaire',
    LAB: 'Laboratoire',
    TESTING: 'Analyses',
    MARKETER: 'Marketing',
    MICROBUSINESS: 'Micro-entreprise',
    RESEARCH: 'Recherche',
    DELIVERY: 'Livraison',
    EVENT: 'Événementiel',
    HEMP_SEED: 'Graines de chanvre',
    CONSUMPTION: 'Consommation',
    MERCHANT_PROCESSOR: 'Processeur de paiement',
    DIGITAL_REGISTRY: 'Registre numérique',
  },
  de: {
    DISTRIBUTOR: 'Großhändler',
    PROCESSOR: 'Verarbeiter',
    RETAILER: 'Einzelhändler',
    CULTIVATOR: 'Anbauer',
    MANUFACTURER: 'Hersteller',
    DISPENSARY: 'Abgabestelle',
    LAB: 'Labor',
    TESTING: 'Prüfung',
    MARKETER: 'Vermarkter',
    MICROBUSINESS: 'Kleinstunternehmen',
    RESEARCH: 'Forschung',
    DELIVERY: 'Lieferdienst',
    EVENT: 'Veranstaltung',
    HEMP_SEED: 'Hanfsamen',
    CONSUMPTION: 'Konsum',
    MERCHANT_PROCESSOR: 'Zahlungsabwickler',
    DIGITAL_REGISTRY: 'Digitales Register',
  },
  nl: {
    DISTRIBUTOR: 'Distributeur',
    PROCESSOR: 'Verwerker',
    RETAILER: 'Detailhandelaar',
    CULTIVATOR: 'Teler',
    MANUFACTURER: 'Fabrikant',
    DISPENSARY: 'Verkooppunt',
    LAB: 'Laboratorium',
    TESTING: 'Testen',
    MARKETER: 'Marketeer',
    MICROBUSINESS: 'Microbedrijf',
    RESEARCH: 'Onderzoek',
    DELIVERY: 'Bezorging',
    EVENT: 'Evenement',
    HEMP_SEED: 'Hennepzaad',
    CONSUMPTION: 'Consumptie',
    MERCHANT_PROCESSOR: 'Betaalverwerker',
    DIGITAL_REGISTRY: 'Digitaal register',
  },
};

/** A company's type (as the reference data names it) in `language`; a type added since keeps its name. */
export function companyTypeText(language: TrustLanguage, name: string): string {
  const known = COMPANY_TYPES.find((type) => type.name === name);
  return known && language !== 'en' ? COMPANY_TYPE_NAMES[language][known.type] : name;
}

export const LANGUAGE_NAMES: Record<TrustLanguage, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  nl: 'Nederlands',
};

/** Fills `{placeholders}`; a missing value leaves the placeholder as written. */
export function trustText(
  language: TrustLanguage,
  key: TrustTextKey,
  values: Record<string, string | number> = {},
): string {
  const template: string = TRUST_PROFILE_TEXT[language][key];
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

/**
 * The page's language: `?lang=` when it names one of ours, else the first of the browser's
 * Accept-Language preferences (by weight) we speak, else English.
 */
export function negotiateTrustLanguage(
  queryLang: string | undefined,
  acceptLanguage: string | undefined,
): TrustLanguage {
  const ours = (tag: string | undefined) => {
    const base = tag?.trim().toLowerCase().split('-')[0];
    return (TRUST_LANGUAGES as readonly string[]).includes(base ?? '') ? (base as TrustLanguage) : null;
  };
  const chosen = ours(queryLang);
  if (chosen) return chosen;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const language = ours(entry.tag);
    if (language) return language;
  }
  return 'en';
}
