import type { TrustLanguage } from '../schemas/trust.ts';

/**
 * The public directory page's words (issue 21), in the four languages of the app. Like the trust
 * profile, the page is rendered by the server for visitors and search engines without the SPA, so
 * its text lives here; a test holds every language to the English keys and placeholders.
 */
export const DIRECTORY_TEXT = {
  en: {
    pageTitle: 'Company directory: Trustleaf',
    metaDescription:
      'Cannabis and hemp companies that publish their Trustleaf trust profile: search by name, filter by business type, state, segment and verified seal.',
    directory: 'Directory',
    heading: 'Company directory',
    intro:
      'Companies that publish their Trustleaf trust profile. The verified seal shows only while every required document is accepted and current.',
    search: 'Company name',
    searchHint: 'At least 3 characters; close spellings match too.',
    businessType: 'Business type',
    state: 'State or province',
    segment: 'Segment',
    any: 'Any',
    sealOnly: 'Only companies with a verified seal',
    sort: 'Sort by',
    sortRelevance: 'Best match',
    sortName: 'Name (A to Z)',
    sortNewest: 'Newest members',
    submit: 'Search',
    results: 'Companies',
    noResults: 'No listed company matches. Try another spelling or fewer filters.',
    queryTooShort: 'Type at least 3 characters to search by name.',
    invalidSearch: 'This search cannot be run. Change it and try again.',
    searchTooSlow: 'This search took too long. Make it longer or add a filter, or try again later.',
    memberSince: 'Member since {date}',
    sealActive: 'Verified seal',
    paging: 'Pages',
    previous: 'Previous page',
    next: 'Next page',
    pageNumber: 'Page {page}',
    language: 'Language',
  },
  fr: {
    pageTitle: 'Annuaire des entreprises : Trustleaf',
    metaDescription:
      'Entreprises du cannabis et du chanvre qui publient leur profil de confiance Trustleaf : recherche par nom, filtres par type d’entreprise, État, segment et sceau vérifié.',
    directory: 'Annuaire',
    heading: 'Annuaire des entreprises',
    intro:
      'Les entreprises qui publient leur profil de confiance Trustleaf. Le sceau vérifié ne s’affiche que si chaque document requis est accepté et en cours de validité.',
    search: 'Nom de l’entreprise',
    searchHint: 'Au moins 3 caractères ; les orthographes proches sont aussi trouvées.',
    businessType: 'Type d’entreprise',
    state: 'État ou province',
    segment: 'Segment',
    any: 'Tous',
    sealOnly: 'Seulement les entreprises avec un sceau vérifié',
    sort: 'Trier par',
    sortRelevance: 'Meilleure correspondance',
    sortName: 'Nom (de A à Z)',
    sortNewest: 'Membres les plus récents',
    submit: 'Rechercher',
    results: 'Entreprises',
    noResults:
      'Aucune entreprise de l’annuaire ne correspond. Essayez une autre orthographe ou moins de filtres.',
    queryTooShort: 'Saisissez au moins 3 caractères pour rechercher par nom.',
    invalidSearch: 'Cette recherche ne peut pas être lancée. Modifiez-la et réessayez.',
    searchTooSlow:
      'Cette recherche a pris trop de temps. Précisez-la ou ajoutez un filtre, ou réessayez plus tard.',
    memberSince: 'Membre depuis le {date}',
    sealActive: 'Sceau vérifié',
    paging: 'Pages',
    previous: 'Page précédente',
    next: 'Page suivante',
    pageNumber: 'Page {page}',
    language: 'Langue',
  },
  de: {
    pageTitle: 'Unternehmensverzeichnis: Trustleaf',
    metaDescription:
      'Cannabis- und Hanfunternehmen, die ihr Trustleaf-Vertrauensprofil veröffentlichen: Suche nach Name, Filter nach Unternehmensart, Bundesstaat, Segment und verifiziertem Siegel.',
    directory: 'Verzeichnis',
    heading: 'Unternehmensverzeichnis',
    intro:
      'Unternehmen, die ihr Trustleaf-Vertrauensprofil veröffentlichen. Das verifizierte Siegel erscheint nur, solange jedes erforderliche Dokument akzeptiert und gültig ist.',
    search: 'Name des Unternehmens',
    searchHint: 'Mindestens 3 Zeichen; ähnliche Schreibweisen werden auch gefunden.',
    businessType: 'Unternehmensart',
    state: 'Bundesstaat oder Provinz',
    segment: 'Segment',
    any: 'Alle',
    sealOnly: 'Nur Unternehmen mit verifiziertem Siegel',
    sort: 'Sortieren nach',
    sortRelevance: 'Beste Übereinstimmung',
    sortName: 'Name (A bis Z)',
    sortNewest: 'Neueste Mitglieder',
    submit: 'Suchen',
    results: 'Unternehmen',
    noResults:
      'Kein eingetragenes Unternehmen passt. Versuchen Sie eine andere Schreibweise oder weniger Filter.',
    queryTooShort: 'Geben Sie mindestens 3 Zeichen ein, um nach Namen zu suchen.',
    invalidSearch: 'Diese Suche kann nicht ausgeführt werden. Ändern Sie sie und versuchen Sie es erneut.',
    searchTooSlow:
      'Diese Suche hat zu lange gedauert. Präzisieren Sie sie oder fügen Sie einen Filter hinzu, oder versuchen Sie es später erneut.',
    memberSince: 'Mitglied seit {date}',
    sealActive: 'Verifiziertes Siegel',
    paging: 'Seiten',
    previous: 'Vorherige Seite',
    next: 'Nächste Seite',
    pageNumber: 'Seite {page}',
    language: 'Sprache',
  },
  nl: {
    pageTitle: 'Bedrijvengids: Trustleaf',
    metaDescription:
      'Cannabis- en hennepbedrijven die hun Trustleaf-vertrouwensprofiel publiceren: zoeken op naam, filteren op bedrijfstype, staat, segment en geverifieerd zegel.',
    directory: 'Bedrijvengids',
    heading: 'Bedrijvengids',
    intro:
      'Bedrijven die hun Trustleaf-vertrouwensprofiel publiceren. Het geverifieerde zegel verschijnt alleen zolang elk vereist document geaccepteerd en geldig is.',
    search: 'Bedrijfsnaam',
    searchHint: 'Minstens 3 tekens; vergelijkbare spellingen worden ook gevonden.',
    businessType: 'Bedrijfstype',
    state: 'Staat of provincie',
    segment: 'Segment',
    any: 'Alle',
    sealOnly: 'Alleen bedrijven met een geverifieerd zegel',
    sort: 'Sorteren op',
    sortRelevance: 'Beste overeenkomst',
    sortName: 'Naam (A tot Z)',
    sortNewest: 'Nieuwste leden',
    submit: 'Zoeken',
    results: 'Bedrijven',
    noResults: 'Geen enkel vermeld bedrijf komt overeen. Probeer een andere spelling of minder filters.',
    queryTooShort: 'Typ minstens 3 tekens om op naam te zoeken.',
    invalidSearch: 'Deze zoekopdracht kan niet worden uitgevoerd. Pas hem aan en probeer het opnieuw.',
    searchTooSlow:
      'Deze zoekopdracht duurde te lang. Maak hem specifieker of voeg een filter toe, of probeer het later opnieuw.',
    memberSince: 'Lid sinds {date}',
    sealActive: 'Geverifieerd zegel',
    paging: 'Pagina’s',
    previous: 'Vorige pagina',
    next: 'Volgende pagina',
    pageNumber: 'Pagina {page}',
    language: 'Taal',
  },
} as const satisfies Record<TrustLanguage, Record<string, string>>;

export type DirectoryTextKey = keyof (typeof DIRECTORY_TEXT)['en'];

/** Fills `{placeholders}`; a missing value leaves the placeholder as written. */
export function directoryText(
  language: TrustLanguage,
  key: DirectoryTextKey,
  values: Record<string, string | number> = {},
): string {
  const template: string = DIRECTORY_TEXT[language][key];
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
