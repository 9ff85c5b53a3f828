import type { RoleName } from '../rules/roles.ts';
import type { Language } from '../rules/themes.ts';

/**
 * The roles' names in each language, for what the server writes (an invitation's email); the app's
 * strings (apps/web/src/locales/app/*.json, `roles`) hold the same words, as a test checks.
 */
export const ROLE_LABELS: Record<Language, Record<RoleName, string>> = {
  en: {
    'Super Admin': 'Super Admin',
    'Company Owner': 'Company Owner',
    'Company Admin': 'Company Admin',
    User: 'User',
    'Weak User': 'Weak User',
  },
  fr: {
    'Super Admin': 'Super administrateur',
    'Company Owner': "Propriétaire de l'entreprise",
    'Company Admin': "Administrateur de l'entreprise",
    User: 'Utilisateur',
    'Weak User': 'Utilisateur restreint',
  },
  de: {
    'Super Admin': 'Super-Administrator',
    'Company Owner': 'Unternehmensinhaber',
    'Company Admin': 'Unternehmensadministrator',
    User: 'Benutzer',
    'Weak User': 'Eingeschränkter Benutzer',
  },
  nl: {
    'Super Admin': 'Superbeheerder',
    'Company Owner': 'Bedrijfseigenaar',
    'Company Admin': 'Bedrijfsbeheerder',
    User: 'Gebruiker',
    'Weak User': 'Beperkte gebruiker',
  },
};
