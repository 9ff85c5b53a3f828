import type { MailTemplate } from './mail.templates.ts';

/** The sign-up code (spec 1 §4), in the language of the page it was asked for on. */
export interface SignUpCodeParams {
  /** The first name typed on the form; empty when none was. */
  firstName: string;
  code: string;
}

export const signUpCodeMail: MailTemplate<SignUpCodeParams> = {
  en: (p) => ({
    subject: 'Your Trustleaf sign-up code',
    paragraphs: [
      `Hello ${p.firstName || 'there'},`,
      `Your Trustleaf sign-up code is ${p.code}. It expires in 15 minutes.`,
      'If you did not ask for this, ignore this email.',
    ],
  }),
  fr: (p) => ({
    subject: 'Votre code d’inscription Trustleaf',
    paragraphs: [
      p.firstName ? `Bonjour ${p.firstName},` : 'Bonjour,',
      `Votre code d’inscription Trustleaf est ${p.code}. Il expire dans 15 minutes.`,
      'Si vous n’avez rien demandé, ignorez cet e-mail.',
    ],
  }),
  de: (p) => ({
    subject: 'Ihr Trustleaf-Registrierungscode',
    paragraphs: [
      p.firstName ? `Hallo ${p.firstName},` : 'Hallo,',
      `Ihr Trustleaf-Registrierungscode lautet ${p.code}. Er läuft in 15 Minuten ab.`,
      'Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.',
    ],
  }),
  nl: (p) => ({
    subject: 'Uw Trustleaf-aanmeldcode',
    paragraphs: [
      p.firstName ? `Hallo ${p.firstName},` : 'Hallo,',
      `Uw Trustleaf-aanmeldcode is ${p.code}. Deze verloopt over 15 minuten.`,
      'Heeft u hier niet om gevraagd? Negeer dan deze e-mail.',
    ],
  }),
};
