/** Spec 3 §2 landing routes by plan, `/` as the fallback. */
export function landingRouteForPlan(planName: string | null | undefined): string {
  switch (planName) {
    case 'Merchant Processor':
      return '/qmonitor';
    case 'Merchant Processor Client':
      return '/directory/company-detail';
    case 'Basic':
    case 'Pro':
    case 'Enterprise':
    case 'Enterprise for Banking':
      return '/dashboard/main';
    default:
      return '/';
  }
}
