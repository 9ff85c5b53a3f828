/** Spec 3 §6: the five roles; super admin is recognised by its role name. */
export const ROLE_NAMES = ['Super Admin', 'Company Owner', 'Company Admin', 'User', 'Weak User'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const SUPER_ADMIN: RoleName = 'Super Admin';
const PLAIN_ROLES: ReadonlySet<string> = new Set<RoleName>(['User', 'Weak User']);

export function isSuperAdmin(roles: readonly string[]): boolean {
  return roles.includes(SUPER_ADMIN);
}

/** "Not a plain user" means holding any role other than User or Weak User. */
export function isNotPlainUser(roles: readonly string[]): boolean {
  return roles.some((role) => !PLAIN_ROLES.has(role));
}

/** Owners and admins manage a company's members and settings. */
export function canManageCompany(roles: readonly string[]): boolean {
  return roles.includes('Company Owner') || roles.includes('Company Admin') || isSuperAdmin(roles);
}
