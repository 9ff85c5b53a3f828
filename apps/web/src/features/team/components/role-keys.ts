import type { CompanyRoleName } from '@trustleaf/domain/schemas/team';

/** Each company role's locale key. */
export const ROLE_KEYS: Record<CompanyRoleName, string> = {
  'Company Owner': 'roles.companyOwner',
  'Company Admin': 'roles.companyAdmin',
  User: 'roles.user',
  'Weak User': 'roles.weakUser',
};
