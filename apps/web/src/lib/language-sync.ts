import { updateLanguage } from '@trustleaf/domain/api/users';
import type { Language } from '@trustleaf/domain/rules/themes';
import { api } from '@/lib/api';

/** Tells the API the signed-in user's language: the emails sent to them are written in it. */
export async function saveLanguage(language: Language): Promise<void> {
  await api.call(updateLanguage, { language });
}
