import type { ProfileField, ProfileSection, ProfileWords } from '@app/contracts';
import type { TFunction } from 'i18next';

/** The template's own words in the page's language, else in any language it has. */
export const ownWords = (words: ProfileWords, lang: string): string | null =>
  words[lang as keyof ProfileWords] || Object.values(words).find(Boolean) || null;

/** A mapped field is named by the product (its key); the account's own fields by the template. */
export const fieldLabel = (field: ProfileField, lang: string, t: TFunction): string =>
  ownWords(field.label, lang) ??
  (field.key ? t(`profileForm.key.${field.key}`, { defaultValue: field.key }) : field.id);

export const sectionName = (section: ProfileSection, lang: string, t: TFunction): string =>
  ownWords(section.name, lang) ?? t(`profileForm.section.${section.id}`, { defaultValue: section.id });
