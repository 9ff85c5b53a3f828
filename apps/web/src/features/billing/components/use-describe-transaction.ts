import { parseChargeDescription } from '@trustleaf/domain/rules/charge-description';
import type { Transaction } from '@trustleaf/domain/schemas/billing';
import { useTranslation } from 'react-i18next';

/** A payment's description in the reader's language (with the decline reason of a failed one). */
export function useDescribeTransaction() {
  const { t } = useTranslation();
  return (tx: Pick<Transaction, 'description' | 'failureMessage'>): string => {
    const parts = parseChargeDescription(tx.description);
    const text = parts
      ? t(`billing.charge.${parts.kind}`, {
          plan: parts.planName,
          frequency: t(`billing.frequency.${parts.frequency}`),
        })
      : tx.description;
    return tx.failureMessage ? `${text} — ${tx.failureMessage}` : text;
  };
}
