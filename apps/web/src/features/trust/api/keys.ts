/** The trust profile's query keys. */
export const trustKeys = {
  settings: (plCompanyId: number) => ['trust', 'settings', plCompanyId] as const,
};
