import type { PaymentFrequency } from './pricing.ts';

/**
 * What a charge was for. The API stores the English description (the gateway and the payment
 * history keep it); the web reads it back with parseChargeDescription to show it in the reader's
 * language, so the two are written here together.
 */
export const CHARGE_KINDS = ['SUBSCRIPTION', 'TRIAL_ENDED', 'RENEWAL', 'RENEWAL_RETRY', 'SWITCH'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

const PREFIXES: Record<Exclude<ChargeKind, 'SWITCH'>, string> = {
  SUBSCRIPTION: 'Subscription',
  TRIAL_ENDED: 'Trial ended',
  RENEWAL: 'Renewal',
  RENEWAL_RETRY: 'Renewal retry',
};
const FREQUENCY_WORDS: Record<PaymentFrequency, string> = { MONTHLY: 'monthly', ANNUAL: 'annual' };

export function chargeDescription(kind: ChargeKind, planName: string, frequency: PaymentFrequency): string {
  const word = FREQUENCY_WORDS[frequency];
  if (kind === 'SWITCH') return `Switch to ${planName} (${word}), prorated`;
  return `${PREFIXES[kind]}: ${planName} (${word})`;
}

const PREFIXED = /^(Subscription|Trial ended|Renewal retry|Renewal): (.+) \((monthly|annual)\)$/;
const SWITCH = /^Switch to (.+) \((monthly|annual)\), prorated$/;
const KIND_OF_PREFIX = Object.fromEntries(
  Object.entries(PREFIXES).map(([kind, prefix]) => [prefix, kind as ChargeKind]),
);
const frequencyOf = (word: string): PaymentFrequency => (word === 'annual' ? 'ANNUAL' : 'MONTHLY');

/** The parts of a description chargeDescription wrote; null for any other text. */
export function parseChargeDescription(
  text: string,
): { kind: ChargeKind; planName: string; frequency: PaymentFrequency } | null {
  const switched = SWITCH.exec(text);
  if (switched) return { kind: 'SWITCH', planName: switched[1]!, frequency: frequencyOf(switched[2]!) };
  const prefixed = PREFIXED.exec(text);
  if (!prefixed) return null;
  return {
    kind: KIND_OF_PREFIX[prefixed[1]!]!,
    planName: prefixed[2]!,
    frequency: frequencyOf(prefixed[3]!),
  };
}
