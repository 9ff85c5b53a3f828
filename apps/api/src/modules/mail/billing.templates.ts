import { cardBrandName } from '@trustleaf/domain/rules/card';
import type { PaymentFrequency } from '@trustleaf/domain/rules/pricing';
import type { Language } from '@trustleaf/domain/rules/themes';
import type { MailTemplate } from './mail.templates.ts';

/**
 * The billing emails of issue 19, in the recipient's language. A card appears only as its brand and
 * last four digits: the API never holds more of it.
 */
export interface Card {
  brand: string | null;
  last4: string | null;
}

const FREQUENCY: Record<Language, Record<PaymentFrequency, string>> = {
  en: { MONTHLY: 'monthly', ANNUAL: 'annual' },
  fr: { MONTHLY: 'mensuel', ANNUAL: 'annuel' },
  de: { MONTHLY: 'monatlich', ANNUAL: 'jährlich' },
  nl: { MONTHLY: 'maandelijks', ANNUAL: 'jaarlijks' },
};

const CARD: Record<Language, (brand: string, last4: string) => string> = {
  en: (brand, last4) => `${brand} ending in ${last4}`,
  fr: (brand, last4) => `${brand} se terminant par ${last4}`,
  de: (brand, last4) => `${brand} mit den Endziffern ${last4}`,
  nl: (brand, last4) => `${brand} eindigend op ${last4}`,
};

const NO_CARD: Record<Language, string> = {
  en: 'the card on file',
  fr: 'la carte enregistrée',
  de: 'die hinterlegte Karte',
  nl: 'de opgeslagen kaart',
};

const cardText = (language: Language, card: Card): string =>
  card.last4 ? CARD[language](cardBrandName(card.brand), card.last4) : NO_CARD[language];

export interface ReceiptParams extends Card {
  planName: string;
  frequency: PaymentFrequency;
  amount: number;
  periodStart: string;
  periodEnd: string;
  /** The company's Subscription page, where the email's next step is. */
  subscriptionUrl: string;
}

export const receiptMail: MailTemplate<ReceiptParams> = {
  en: (p, f) => ({
    subject: `Your Trustleaf receipt: ${f.money(p.amount)}`,
    paragraphs: [
      'Thank you for your payment.',
      `Plan: ${p.planName} (${FREQUENCY.en[p.frequency]})`,
      `Period: ${f.date(p.periodStart)} – ${f.date(p.periodEnd)}`,
      `Amount: ${f.money(p.amount)}`,
      `Paid with: ${cardText('en', p)}`,
      `Your payment history: ${p.subscriptionUrl}`,
    ],
  }),
  fr: (p, f) => ({
    subject: `Votre reçu Trustleaf : ${f.money(p.amount)}`,
    paragraphs: [
      'Merci pour votre paiement.',
      `Formule : ${p.planName} (${FREQUENCY.fr[p.frequency]})`,
      `Période : du ${f.date(p.periodStart)} au ${f.date(p.periodEnd)}`,
      `Montant : ${f.money(p.amount)}`,
      `Payé avec : ${cardText('fr', p)}`,
      `Votre historique de paiements : ${p.subscriptionUrl}`,
    ],
  }),
  de: (p, f) => ({
    subject: `Ihre Trustleaf-Quittung: ${f.money(p.amount)}`,
    paragraphs: [
      'Vielen Dank für Ihre Zahlung.',
      `Tarif: ${p.planName} (${FREQUENCY.de[p.frequency]})`,
      `Zeitraum: ${f.date(p.periodStart)} – ${f.date(p.periodEnd)}`,
      `Betrag: ${f.money(p.amount)}`,
      `Bezahlt mit: ${cardText('de', p)}`,
      `Ihre Zahlungen: ${p.subscriptionUrl}`,
    ],
  }),
  nl: (p, f) => ({
    subject: `Uw Trustleaf-ontvangstbewijs: ${f.money(p.amount)}`,
    paragraphs: [
      'Bedankt voor uw betaling.',
      `Abonnement: ${p.planName} (${FREQUENCY.nl[p.frequency]})`,
      `Periode: ${f.date(p.periodStart)} – ${f.date(p.periodEnd)}`,
      `Bedrag: ${f.money(p.amount)}`,
      `Betaald met: ${cardText('nl', p)}`,
      `Uw betalingen: ${p.subscriptionUrl}`,
    ],
  }),
};

export interface PaymentFailedParams extends Card {
  planName: string;
  amount: number;
  /** The processor's own words (e.g. "Your card was declined."). */
  reason: string;
  nextRetryAt: string | null;
  /** The company's Subscription page, where the email's next step is. */
  subscriptionUrl: string;
}

export const paymentFailedMail: MailTemplate<PaymentFailedParams> = {
  en: (p, f) => ({
    subject: 'Your Trustleaf subscription payment failed',
    paragraphs: [
      `We could not charge ${f.money(p.amount)} for ${p.planName} to ${cardText('en', p)}: ${p.reason}`,
      p.nextRetryAt
        ? `We will try again on ${f.date(p.nextRetryAt)}.`
        : 'We will not try again automatically.',
      `Update your payment method to reactivate your company: ${p.subscriptionUrl}`,
    ],
  }),
  fr: (p, f) => ({
    subject: 'Le paiement de votre abonnement Trustleaf a échoué',
    paragraphs: [
      `Nous n’avons pas pu débiter ${f.money(p.amount)} pour ${p.planName} sur ${cardText('fr', p)} : ${p.reason}`,
      p.nextRetryAt
        ? `Nous réessaierons le ${f.date(p.nextRetryAt)}.`
        : 'Nous ne réessaierons pas automatiquement.',
      `Mettez à jour votre moyen de paiement pour réactiver votre entreprise : ${p.subscriptionUrl}`,
    ],
  }),
  de: (p, f) => ({
    subject: 'Die Zahlung für Ihr Trustleaf-Abonnement ist fehlgeschlagen',
    paragraphs: [
      `Wir konnten ${f.money(p.amount)} für ${p.planName} nicht von ${cardText('de', p)} abbuchen: ${p.reason}`,
      p.nextRetryAt
        ? `Wir versuchen es am ${f.date(p.nextRetryAt)} erneut.`
        : 'Wir versuchen es nicht automatisch erneut.',
      `Aktualisieren Sie Ihre Zahlungsmethode, um Ihr Unternehmen wieder zu aktivieren: ${p.subscriptionUrl}`,
    ],
  }),
  nl: (p, f) => ({
    subject: 'De betaling van uw Trustleaf-abonnement is mislukt',
    paragraphs: [
      `We konden ${f.money(p.amount)} voor ${p.planName} niet afschrijven van ${cardText('nl', p)}: ${p.reason}`,
      p.nextRetryAt
        ? `We proberen het opnieuw op ${f.date(p.nextRetryAt)}.`
        : 'We proberen het niet automatisch opnieuw.',
      `Werk uw betaalmethode bij om uw bedrijf opnieuw te activeren: ${p.subscriptionUrl}`,
    ],
  }),
};

export interface CanceledParams {
  planName: string;
  activeUntil: string;
  /** The company's Subscription page, where the email's next step is. */
  subscriptionUrl: string;
}

export const canceledMail: MailTemplate<CanceledParams> = {
  en: (p, f) => ({
    subject: 'Your Trustleaf subscription is canceled',
    paragraphs: [
      `Your ${p.planName} subscription will not renew. It stays active until ${f.date(p.activeUntil)}.`,
      `Changed your mind? Resume it before then: ${p.subscriptionUrl}`,
    ],
  }),
  fr: (p, f) => ({
    subject: 'Votre abonnement Trustleaf est résilié',
    paragraphs: [
      `Votre abonnement ${p.planName} ne sera pas renouvelé. Il reste actif jusqu’au ${f.date(p.activeUntil)}.`,
      `Vous avez changé d’avis ? Reprenez-le d’ici là : ${p.subscriptionUrl}`,
    ],
  }),
  de: (p, f) => ({
    subject: 'Ihr Trustleaf-Abonnement ist gekündigt',
    paragraphs: [
      `Ihr Abonnement ${p.planName} wird nicht verlängert. Es bleibt bis zum ${f.date(p.activeUntil)} aktiv.`,
      `Doch anders entschieden? Setzen Sie es bis dahin fort: ${p.subscriptionUrl}`,
    ],
  }),
  nl: (p, f) => ({
    subject: 'Uw Trustleaf-abonnement is opgezegd',
    paragraphs: [
      `Uw abonnement ${p.planName} wordt niet verlengd. Het blijft actief tot ${f.date(p.activeUntil)}.`,
      `Toch van gedachten veranderd? Hervat het vóór die datum: ${p.subscriptionUrl}`,
    ],
  }),
};

export interface EndedParams {
  planName: string;
  endedAt: string;
  /** CANCELED: the period of a canceled subscription ran out; PAYMENT: every retry failed. */
  reason: 'CANCELED' | 'PAYMENT';
  /** The company's Subscription page, where the email's next step is. */
  subscriptionUrl: string;
}

export const endedMail: MailTemplate<EndedParams> = {
  en: (p, f) => ({
    subject: 'Your Trustleaf subscription has ended',
    paragraphs: [
      p.reason === 'PAYMENT'
        ? `Every retry of your payment failed, so your ${p.planName} subscription ended on ${f.date(p.endedAt)}.`
        : `Your ${p.planName} subscription ended on ${f.date(p.endedAt)}.`,
      `Start a subscription to reactivate your company: ${p.subscriptionUrl}`,
    ],
  }),
  fr: (p, f) => ({
    subject: 'Votre abonnement Trustleaf a pris fin',
    paragraphs: [
      p.reason === 'PAYMENT'
        ? `Toutes les tentatives de paiement ont échoué : votre abonnement ${p.planName} a pris fin le ${f.date(p.endedAt)}.`
        : `Votre abonnement ${p.planName} a pris fin le ${f.date(p.endedAt)}.`,
      `Souscrivez un abonnement pour réactiver votre entreprise : ${p.subscriptionUrl}`,
    ],
  }),
  de: (p, f) => ({
    subject: 'Ihr Trustleaf-Abonnement ist beendet',
    paragraphs: [
      p.reason === 'PAYMENT'
        ? `Alle Zahlungsversuche sind fehlgeschlagen, daher endete Ihr Abonnement ${p.planName} am ${f.date(p.endedAt)}.`
        : `Ihr Abonnement ${p.planName} endete am ${f.date(p.endedAt)}.`,
      `Schließen Sie ein Abonnement ab, um Ihr Unternehmen wieder zu aktivieren: ${p.subscriptionUrl}`,
    ],
  }),
  nl: (p, f) => ({
    subject: 'Uw Trustleaf-abonnement is beëindigd',
    paragraphs: [
      p.reason === 'PAYMENT'
        ? `Alle betaalpogingen zijn mislukt, daarom is uw abonnement ${p.planName} op ${f.date(p.endedAt)} beëindigd.`
        : `Uw abonnement ${p.planName} is op ${f.date(p.endedAt)} beëindigd.`,
      `Neem een abonnement om uw bedrijf opnieuw te activeren: ${p.subscriptionUrl}`,
    ],
  }),
};

export interface UpcomingChargeParams extends Card {
  planName: string;
  /** When the trial ends or the annual period renews. */
  chargeAt: string;
  amount: number;
  /** The company's Subscription page, where the email's next step is. */
  subscriptionUrl: string;
}

export const trialEndingMail: MailTemplate<UpcomingChargeParams> = {
  en: (p, f) => ({
    subject: 'Your Trustleaf trial ends soon',
    paragraphs: [
      `Your free trial of ${p.planName} ends on ${f.date(p.chargeAt)}.`,
      `Then ${f.money(p.amount)} will be charged to ${cardText('en', p)}.`,
      `To change plan or cancel before then: ${p.subscriptionUrl}`,
    ],
  }),
  fr: (p, f) => ({
    subject: 'Votre essai Trustleaf se termine bientôt',
    paragraphs: [
      `Votre essai gratuit de ${p.planName} se termine le ${f.date(p.chargeAt)}.`,
      `Ensuite, ${f.money(p.amount)} seront débités sur ${cardText('fr', p)}.`,
      `Pour changer de formule ou résilier d’ici là : ${p.subscriptionUrl}`,
    ],
  }),
  de: (p, f) => ({
    subject: 'Ihre Trustleaf-Testphase endet bald',
    paragraphs: [
      `Ihre kostenlose Testphase von ${p.planName} endet am ${f.date(p.chargeAt)}.`,
      `Danach werden ${f.money(p.amount)} von ${cardText('de', p)} abgebucht.`,
      `Tarif wechseln oder vorher kündigen: ${p.subscriptionUrl}`,
    ],
  }),
  nl: (p, f) => ({
    subject: 'Uw Trustleaf-proefperiode eindigt binnenkort',
    paragraphs: [
      `Uw gratis proefperiode van ${p.planName} eindigt op ${f.date(p.chargeAt)}.`,
      `Daarna wordt ${f.money(p.amount)} afgeschreven van ${cardText('nl', p)}.`,
      `Abonnement wijzigen of vóór die datum opzeggen: ${p.subscriptionUrl}`,
    ],
  }),
};

export const renewalUpcomingMail: MailTemplate<UpcomingChargeParams> = {
  en: (p, f) => ({
    subject: 'Your annual Trustleaf subscription renews soon',
    paragraphs: [
      `Your annual ${p.planName} subscription renews on ${f.date(p.chargeAt)}.`,
      `${f.money(p.amount)} will be charged to ${cardText('en', p)}.`,
      `To change plan or cancel before then: ${p.subscriptionUrl}`,
    ],
  }),
  fr: (p, f) => ({
    subject: 'Votre abonnement annuel Trustleaf sera bientôt renouvelé',
    paragraphs: [
      `Votre abonnement annuel ${p.planName} sera renouvelé le ${f.date(p.chargeAt)}.`,
      `${f.money(p.amount)} seront débités sur ${cardText('fr', p)}.`,
      `Pour changer de formule ou résilier d’ici là : ${p.subscriptionUrl}`,
    ],
  }),
  de: (p, f) => ({
    subject: 'Ihr jährliches Trustleaf-Abonnement wird bald verlängert',
    paragraphs: [
      `Ihr jährliches Abonnement ${p.planName} wird am ${f.date(p.chargeAt)} verlängert.`,
      `${f.money(p.amount)} werden von ${cardText('de', p)} abgebucht.`,
      `Tarif wechseln oder vorher kündigen: ${p.subscriptionUrl}`,
    ],
  }),
  nl: (p, f) => ({
    subject: 'Uw jaarlijkse Trustleaf-abonnement wordt binnenkort verlengd',
    paragraphs: [
      `Uw jaarlijkse abonnement ${p.planName} wordt verlengd op ${f.date(p.chargeAt)}.`,
      `${f.money(p.amount)} wordt afgeschreven van ${cardText('nl', p)}.`,
      `Abonnement wijzigen of vóór die datum opzeggen: ${p.subscriptionUrl}`,
    ],
  }),
};
