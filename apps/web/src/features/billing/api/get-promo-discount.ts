import { getPromoDiscount as contract } from '@trustleaf/domain/api/billing';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';

/** What a promo code takes off a plan, asked when the paywall's code is entered (nothing is kept). */
export const getPromoDiscount = (input: EndpointInput<typeof contract>) => api.call(contract, input);
