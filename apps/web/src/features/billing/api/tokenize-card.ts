import { sandboxTokens } from '@trustleaf/domain/api/billing';
import type { CardToken } from '@trustleaf/domain/schemas/card';
import { api } from '@/lib/api';

/**
 * Hosted-fields stand-in: the card goes from the browser straight to the payment gateway, which
 * answers with a token. Our API only ever sees the token (DESIGN "Security rules").
 */
export function tokenizeCard(card: { ccnumber: string; ccexp: string; cvv: string }): Promise<CardToken> {
  return api.call(sandboxTokens, card);
}
