import { ROLE_LABELS } from '@trustleaf/domain/reference/role-labels';
import type { RoleName } from '@trustleaf/domain/rules/roles';
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

/** An invitation to join a company (spec 1 §1), in the language of the person who sent it. */
export interface InviteParams {
  companyName: string;
  role: RoleName;
  link: string;
}

export const inviteMail: MailTemplate<InviteParams> = {
  en: (p) => ({
    subject: `You are invited to join ${p.companyName} on Trustleaf`,
    paragraphs: [
      'Hello,',
      `You are invited to join ${p.companyName} on Trustleaf as ${ROLE_LABELS.en[p.role]}. The invitation is valid for 7 days:`,
      p.link,
      'Already have an account? Sign in first, then open the link.',
    ],
  }),
  fr: (p) => ({
    subject: `Vous êtes invité à rejoindre ${p.companyName} sur Trustleaf`,
    paragraphs: [
      'Bonjour,',
      `Vous êtes invité à rejoindre ${p.companyName} sur Trustleaf en tant que ${ROLE_LABELS.fr[p.role]}. L’invitation est valable 7 jours :`,
      p.link,
      'Vous avez déjà un compte ? Connectez-vous d’abord, puis ouvrez le lien.',
    ],
  }),
  de: (p) => ({
    subject: `Sie sind eingeladen, ${p.companyName} auf Trustleaf beizutreten`,
    paragraphs: [
      'Hallo,',
      `Sie sind eingeladen, ${p.companyName} auf Trustleaf als ${ROLE_LABELS.de[p.role]} beizutreten. Die Einladung ist 7 Tage gültig:`,
      p.link,
      'Sie haben bereits ein Konto? Melden Sie sich zuerst an und öffnen Sie dann den Link.',
    ],
  }),
  nl: (p) => ({
    subject: `U bent uitgenodigd om lid te worden van ${p.companyName} op Trustleaf`,
    paragraphs: [
      'Hallo,',
      `U bent uitgenodigd om lid te worden van ${p.companyName} op Trustleaf als ${ROLE_LABELS.nl[p.role]}. De uitnodiging is 7 dagen geldig:`,
      p.link,
      'Heeft u al een account? Meld u eerst aan en open daarna de link.',
    ],
  }),
};
