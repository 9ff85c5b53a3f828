import { regionConfig } from '@trustleaf/domain/rules/region';

/** Build-time settings; the region switches wording and features (spec 3 §9), US when unset. */
export const env = {
  region: regionConfig(import.meta.env.VITE_REGION),
  timeZone: 'America/New_York',
} as const;
