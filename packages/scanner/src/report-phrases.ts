/** The languages the Website Compliance Report PDF is written in: the app's four. */
export const REPORT_LANGUAGES = ['en', 'fr', 'de', 'nl'] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

/**
 * Every sentence and label of the report PDF in one language. Keys are the web app's message keys
 * under `webcrawler.report.` (a site template's phrase for that key replaces the sentence), so the
 * screen's report and the exported one read the same.
 */
export interface ReportPhrases {
  /** BCP 47 locale of the report's date. */
  locale: string;
  title: (product: string) => string;
  subtitle: string;
  scanInformation: string;
  company: string;
  website: string;
  date: string;
  pagesScanned: string;
  summary: string;
  summarySentence: (count: number) => string;
  productComparison: string;
  productName: string;
  found: string;
  yes: string;
  no: string;
  noRecords: string;
  unauthorizedProducts: string;
  action: string;
  view: string;
  potentialIssues: string;
  snapshot: string;
  evidence: string;
  page: (page: number, count: number) => string;
  videoAt: (time: string) => string;
  image: string;
  pageOf: string;
  /**
   * What follows a label ('Company:'): French puts a narrow no-break space before the colon (the
   * PDF's standard fonts draw it as their no-break space).
   */
  colon: string;
  subject: (url: string) => string;
}

/** The Summary sentence of the report and of the scan history rows (spec 3 §2, its exact English). */
export function summarySentence(count: number): string {
  if (count === 0) return 'Scan has identified 0 potential issues!';
  return `Scan has identified ${count} potential ${count === 1 ? 'issue' : 'issues'}!`;
}

export const REPORT_PHRASES: Record<ReportLanguage, ReportPhrases> = {
  en: {
    locale: 'en-US',
    title: (product) => `${product} Website Compliance Report`,
    subtitle: 'Independent webcrawler scan',
    scanInformation: 'Scan Information',
    company: 'Company',
    website: 'Website',
    date: 'Date',
    pagesScanned: 'Pages scanned',
    summary: 'Summary',
    summarySentence,
    productComparison: 'Product Comparison',
    productName: 'PRODUCT NAME',
    found: 'FOUND',
    yes: 'Yes',
    no: 'No',
    noRecords: 'No records found',
    unauthorizedProducts: 'UNAUTHORIZED PRODUCTS',
    action: 'ACTION',
    view: 'View',
    potentialIssues: 'Potential Issues',
    snapshot: 'Snapshot/Link',
    evidence: 'Evidence',
    page: (page, count) => `Page ${page} of ${count}`,
    videoAt: (time) => `Video at ${time}`,
    image: 'Image',
    pageOf: 'Page',
    colon: ':',
    subject: (url) => `Scan of ${url}`,
  },
  fr: {
    locale: 'fr-FR',
    title: (product) => `${product} Rapport de conformité du site web`,
    subtitle: 'Analyse indépendante par webcrawler',
    scanInformation: "Informations sur l'analyse",
    company: 'Entreprise',
    website: 'Site web',
    date: 'Date',
    pagesScanned: 'Pages analysées',
    summary: 'Résumé',
    summarySentence: (count) =>
      count === 1
        ? "L'analyse a identifié 1 problème potentiel\u202f!"
        : `L'analyse a identifié ${count} problèmes potentiels\u202f!`,
    productComparison: 'Comparaison des produits',
    productName: 'NOM DU PRODUIT',
    found: 'TROUVÉ',
    yes: 'Oui',
    no: 'Non',
    noRecords: 'Aucun enregistrement trouvé',
    unauthorizedProducts: 'PRODUITS NON AUTORISÉS',
    action: 'ACTION',
    view: 'Voir',
    potentialIssues: 'Problèmes potentiels',
    snapshot: 'Capture/Lien',
    evidence: 'Preuve',
    page: (page, count) => `Page ${page} sur ${count}`,
    videoAt: (time) => `Vidéo à ${time}`,
    image: 'Image',
    pageOf: 'Page',
    colon: '\u202f:',
    subject: (url) => `Analyse de ${url}`,
  },
  de: {
    locale: 'de-DE',
    title: (product) => `${product} Website-Compliance-Bericht`,
    subtitle: 'Unabhängiger Webcrawler-Scan',
    scanInformation: 'Scan-Informationen',
    company: 'Unternehmen',
    website: 'Website',
    date: 'Datum',
    pagesScanned: 'Gescannte Seiten',
    summary: 'Zusammenfassung',
    summarySentence: (count) =>
      count === 1
        ? 'Der Scan hat 1 mögliches Problem gefunden!'
        : `Der Scan hat ${count} mögliche Probleme gefunden!`,
    productComparison: 'Produktvergleich',
    productName: 'PRODUKTNAME',
    found: 'GEFUNDEN',
    yes: 'Ja',
    no: 'Nein',
    noRecords: 'Keine Einträge gefunden',
    unauthorizedProducts: 'NICHT AUTORISIERTE PRODUKTE',
    action: 'AKTION',
    view: 'Ansehen',
    potentialIssues: 'Mögliche Probleme',
    snapshot: 'Schnappschuss/Link',
    evidence: 'Beleg',
    page: (page, count) => `Seite ${page} von ${count}`,
    videoAt: (time) => `Video bei ${time}`,
    image: 'Bild',
    pageOf: 'Seite',
    colon: ':',
    subject: (url) => `Scan von ${url}`,
  },
  nl: {
    locale: 'nl-NL',
    title: (product) => `${product} Website-nalevingsrapport`,
    subtitle: 'Onafhankelijke webcrawlerscan',
    scanInformation: 'Scaninformatie',
    company: 'Bedrijf',
    website: 'Website',
    date: 'Datum',
    pagesScanned: "Gescande pagina's",
    summary: 'Samenvatting',
    summarySentence: (count) =>
      count === 1
        ? 'De scan heeft 1 mogelijk probleem gevonden!'
        : `De scan heeft ${count} mogelijke problemen gevonden!`,
    productComparison: 'Productvergelijking',
    productName: 'PRODUCTNAAM',
    found: 'GEVONDEN',
    yes: 'Ja',
    no: 'Nee',
    noRecords: 'Geen gegevens gevonden',
    unauthorizedProducts: 'NIET-GEAUTORISEERDE PRODUCTEN',
    action: 'ACTIE',
    view: 'Bekijken',
    potentialIssues: 'Mogelijke problemen',
    snapshot: 'Momentopname/Link',
    evidence: 'Bewijs',
    page: (page, count) => `Pagina ${page} van ${count}`,
    videoAt: (time) => `Video op ${time}`,
    image: 'Afbeelding',
    pageOf: 'Pagina',
    colon: ':',
    subject: (url) => `Scan van ${url}`,
  },
};
