import { SubscriptionPanel } from '@/features/billing/components/subscription-panel';

export function SubscriptionRoute() {
  return <SubscriptionPanel />;
}
