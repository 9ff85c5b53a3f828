import Alert from '@mui/material/Alert';
import {
  PAYWALL_CANCELED_HEADER,
  PAYWALL_FAILED_HEADER,
  paywallHeaderKind,
} from '@trustleaf/domain/rules/subscription';
import { useTranslation } from 'react-i18next';

/** The failed-payment or canceled header of spec 2 §4 outside the paywall; nothing otherwise. */
export function SubscriptionHeaderAlert({
  subscription,
  testId,
}: {
  subscription: Parameters<typeof paywallHeaderKind>[0];
  testId?: string;
}) {
  const { t } = useTranslation();
  const header = paywallHeaderKind(subscription);
  if (header === 'PAYMENT_FAILED')
    return (
      <Alert severity="error" data-testid={testId}>
        {t('billing.paywall.failedHeader', { defaultValue: PAYWALL_FAILED_HEADER })}
      </Alert>
    );
  if (header === 'CANCELED')
    return (
      <Alert severity="warning" data-testid={testId}>
        {t('billing.paywall.canceledHeader', { defaultValue: PAYWALL_CANCELED_HEADER })}
      </Alert>
    );
  return null;
}
