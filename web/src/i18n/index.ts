import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@app/shared';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { STORAGE_KEYS, storage } from '../lib/storage.ts';
import { de } from './locales/de/index.ts';
import { en } from './locales/en/index.ts';
import { fr } from './locales/fr/index.ts';
import { hi } from './locales/hi/index.ts';

export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  hi: 'हिन्दी',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  const saved = storage.get(STORAGE_KEYS.lang);
  return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources: {
    en: { translation: en },
    fr: { translation: fr },
    de: { translation: de },
    hi: { translation: hi },
  },
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (lng) => {
  if (isLanguage(lng)) storage.set(STORAGE_KEYS.lang, lng);
  document.documentElement.lang = lng;
});

export function setLanguage(lng: Language): Promise<unknown> {
  return i18n.changeLanguage(lng);
}

// The spec's messages travel as English text (from forms and from the API); the key is
// found by the text, so French and German users read them translated.
const keyByText = new Map<string, string>(Object.entries(en.msg).map(([key, text]) => [text, key]));

/** Translates a spec message given in English; unknown text is shown as it came. */
export function translateMessage(text: string): string {
  const key = keyByText.get(text);
  return key ? i18n.t(`msg.${key}`) : text;
}

/** Re-renders on language change and returns the message translator. */
export function useMessage(): (text: string) => string {
  useTranslation();
  return translateMessage;
}

export { i18n };
