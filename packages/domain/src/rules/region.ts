/** Spec 3 §9 region switches: the default region comes from a build-time setting, US when unset. */
export const REGIONS = ['US', 'CA'] as const;
export type Region = (typeof REGIONS)[number];

export interface RegionConfig {
  region: Region;
  countryCode: 'US' | 'CA';
  currency: 'USD' | 'CAD';
  /** i18n keys: the wording differs by region, the translation does the rest. */
  statesLabelKey: 'region.states' | 'region.provinces';
  /** One of them, as a field that holds one is labelled (a billing address's). */
  stateLabelKey: 'region.state' | 'region.province';
  licencesLabelKey: 'region.licenses' | 'region.licences';
  qualityPersonLabelKey: 'region.qualityPerson' | 'region.qualityAssurancePerson';
  governmentStatusLabelKey: 'region.stateStatus' | 'region.governmentStatus';
  trialPromoEnabled: boolean;
  legalActionTab: boolean;
  complyPageReady: boolean;
  issuesSection: boolean;
  qVerifiedDefault: boolean;
  segmentChoice: boolean;
}

const US: RegionConfig = {
  region: 'US',
  countryCode: 'US',
  currency: 'USD',
  statesLabelKey: 'region.states',
  stateLabelKey: 'region.state',
  licencesLabelKey: 'region.licenses',
  qualityPersonLabelKey: 'region.qualityPerson',
  governmentStatusLabelKey: 'region.stateStatus',
  trialPromoEnabled: false,
  legalActionTab: true,
  complyPageReady: true,
  issuesSection: true,
  qVerifiedDefault: false,
  segmentChoice: true,
};

const CA: RegionConfig = {
  region: 'CA',
  countryCode: 'CA',
  currency: 'CAD',
  statesLabelKey: 'region.provinces',
  stateLabelKey: 'region.province',
  licencesLabelKey: 'region.licences',
  qualityPersonLabelKey: 'region.qualityAssurancePerson',
  governmentStatusLabelKey: 'region.governmentStatus',
  trialPromoEnabled: true,
  legalActionTab: false,
  complyPageReady: false,
  issuesSection: false,
  qVerifiedDefault: true,
  segmentChoice: false,
};

export function regionConfig(value: string | undefined): RegionConfig {
  return value?.toUpperCase() === 'CA' ? CA : US;
}
