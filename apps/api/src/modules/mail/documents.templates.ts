import type { MailTemplate } from './mail.templates.ts';

/** A vault document's expiry reminder (the documents.expiry-reminders job), in the reader's language. */
export interface ExpiryReminderParams {
  firstName: string;
  documentType: string;
  /** The day the document expires (or expired), YYYY-MM-DD. */
  expirationDate: string;
  expired: boolean;
  /** The company's documents page, where a new version is uploaded. */
  documentsUrl: string;
}

export const expiryReminderMail: MailTemplate<ExpiryReminderParams> = {
  en: (p, f) => ({
    subject: p.expired ? `${p.documentType} has expired` : `${p.documentType} expires soon`,
    paragraphs: [
      `Hello ${p.firstName},`,
      p.expired
        ? `Your ${p.documentType} expired on ${f.day(p.expirationDate)}. Upload a current version to stay compliant.`
        : `Your ${p.documentType} expires on ${f.day(p.expirationDate)}. Upload a renewed version before then.`,
      `Your documents: ${p.documentsUrl}`,
    ],
  }),
  fr: (p, f) => ({
    subject: p.expired ? `${p.documentType} : document expiré` : `${p.documentType} : expire bientôt`,
    paragraphs: [
      `Bonjour ${p.firstName},`,
      p.expired
        ? `Votre document « ${p.documentType} » a expiré le ${f.day(p.expirationDate)}. Téléversez une version à jour pour rester en conformité.`
        : `Votre document « ${p.documentType} » expire le ${f.day(p.expirationDate)}. Téléversez une version renouvelée d’ici là.`,
      `Vos documents : ${p.documentsUrl}`,
    ],
  }),
  de: (p, f) => ({
    subject: p.expired ? `${p.documentType} ist abgelaufen` : `${p.documentType} läuft bald ab`,
    paragraphs: [
      `Hallo ${p.firstName},`,
      p.expired
        ? `Ihr Dokument „${p.documentType}“ ist am ${f.day(p.expirationDate)} abgelaufen. Laden Sie eine aktuelle Version hoch, um konform zu bleiben.`
        : `Ihr Dokument „${p.documentType}“ läuft am ${f.day(p.expirationDate)} ab. Laden Sie vorher eine erneuerte Version hoch.`,
      `Ihre Dokumente: ${p.documentsUrl}`,
    ],
  }),
  nl: (p, f) => ({
    subject: p.expired ? `${p.documentType} is verlopen` : `${p.documentType} verloopt binnenkort`,
    paragraphs: [
      `Hallo ${p.firstName},`,
      p.expired
        ? `Uw document ‘${p.documentType}’ is verlopen op ${f.day(p.expirationDate)}. Upload een actuele versie om compliant te blijven.`
        : `Uw document ‘${p.documentType}’ verloopt op ${f.day(p.expirationDate)}. Upload vóór die datum een vernieuwde versie.`,
      `Uw documenten: ${p.documentsUrl}`,
    ],
  }),
};

/**
 * A rejected version (the reviewer's Reject), in the reader's language. The reason's notification
 * and the reviewer's comment are quoted as their authors wrote them.
 */
export interface RejectionParams {
  firstName: string;
  documentType: string;
  companyName: string;
  version: number;
  notification: string;
  reviewComment: string | null;
  documentsUrl: string;
}

export const rejectionMail: MailTemplate<RejectionParams> = {
  en: (p) => ({
    subject: `Your ${p.documentType} was rejected`,
    paragraphs: [
      `Hello ${p.firstName},`,
      `The ${p.documentType} that ${p.companyName} uploaded (version ${p.version}) was rejected.`,
      p.notification,
      ...(p.reviewComment ? [`Reviewer's comment: ${p.reviewComment}`] : []),
      `Upload a new version at ${p.documentsUrl}.`,
    ],
  }),
  fr: (p) => ({
    subject: `Votre document « ${p.documentType} » a été refusé`,
    paragraphs: [
      `Bonjour ${p.firstName},`,
      `Le document « ${p.documentType} » téléversé par ${p.companyName} (version ${p.version}) a été refusé.`,
      p.notification,
      ...(p.reviewComment ? [`Commentaire de l’examinateur : ${p.reviewComment}`] : []),
      `Téléversez une nouvelle version sur ${p.documentsUrl}.`,
    ],
  }),
  de: (p) => ({
    subject: `Ihr Dokument „${p.documentType}“ wurde abgelehnt`,
    paragraphs: [
      `Hallo ${p.firstName},`,
      `Das von ${p.companyName} hochgeladene Dokument „${p.documentType}“ (Version ${p.version}) wurde abgelehnt.`,
      p.notification,
      ...(p.reviewComment ? [`Kommentar des Prüfers: ${p.reviewComment}`] : []),
      `Laden Sie eine neue Version hoch: ${p.documentsUrl}`,
    ],
  }),
  nl: (p) => ({
    subject: `Uw document ‘${p.documentType}’ is afgewezen`,
    paragraphs: [
      `Hallo ${p.firstName},`,
      `Het document ‘${p.documentType}’ dat ${p.companyName} heeft geüpload (versie ${p.version}) is afgewezen.`,
      p.notification,
      ...(p.reviewComment ? [`Opmerking van de beoordelaar: ${p.reviewComment}`] : []),
      `Upload een nieuwe versie via ${p.documentsUrl}`,
    ],
  }),
};
