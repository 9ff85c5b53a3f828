import type { Language } from '@trustleaf/domain/rules/themes';
import type { MailTemplate } from '../mail/mail.templates.ts';

/** The email to a company's owners and admins when a scheduled re-scan finds new HIGH findings. */
export interface NewHighFindingsParams {
  firstName: string;
  /** The scanned website. */
  url: string;
  count: number;
  /** The report in the app. */
  link: string;
}

const plural = (language: Language, count: number) => (language === 'fr' ? count > 1 : count !== 1);

export const newHighFindingsMail: MailTemplate<NewHighFindingsParams> = {
  en: (p) => ({
    subject: `New high-severity findings on ${p.url}`,
    paragraphs: [
      `Hello ${p.firstName},`,
      `The weekly re-scan of ${p.url} found ${p.count} new high-severity finding${plural('en', p.count) ? 's' : ''} since the last scan.`,
      `Open the report: ${p.link}`,
    ],
  }),
  fr: (p) => ({
    subject: `Nouveaux constats de gravité élevée sur ${p.url}`,
    paragraphs: [
      `Bonjour ${p.firstName},`,
      plural('fr', p.count)
        ? `L'analyse hebdomadaire de ${p.url} a trouvé ${p.count} nouveaux constats de gravité élevée depuis la dernière analyse.`
        : `L'analyse hebdomadaire de ${p.url} a trouvé ${p.count} nouveau constat de gravité élevée depuis la dernière analyse.`,
      `Ouvrir le rapport : ${p.link}`,
    ],
  }),
  de: (p) => ({
    subject: `Neue Befunde mit hohem Schweregrad auf ${p.url}`,
    paragraphs: [
      `Hallo ${p.firstName},`,
      `Die wöchentliche erneute Prüfung von ${p.url} hat seit der letzten Prüfung ${p.count} ${plural('de', p.count) ? 'neue Befunde' : 'neuen Befund'} mit hohem Schweregrad gefunden.`,
      `Bericht öffnen: ${p.link}`,
    ],
  }),
  nl: (p) => ({
    subject: `Nieuwe bevindingen met hoge ernst op ${p.url}`,
    paragraphs: [
      `Hallo ${p.firstName},`,
      `De wekelijkse herscan van ${p.url} heeft sinds de vorige scan ${p.count} nieuwe ${plural('nl', p.count) ? 'bevindingen' : 'bevinding'} met hoge ernst gevonden.`,
      `Open het rapport: ${p.link}`,
    ],
  }),
};
