/** The site templates' query keys; every change invalidates the exact keys it touched. */
export const templateKeys = {
  all: ['siteTemplates'] as const,
  list: () => [...templateKeys.all, 'list'] as const,
  detail: (id: number) => [...templateKeys.all, 'detail', id] as const,
};
