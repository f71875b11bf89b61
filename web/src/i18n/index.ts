import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@app/shared';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { STORAGE_KEYS, storage } from '../lib/storage.ts';
import { enShell } from './locales/en/shell.ts';

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

/**
 * English is in the bundle (it is the fallback and the key to the spec's messages), but for the
 * texts of the admin panel and of the home and information pages, which load with those pages
 * (`admin-texts.ts`, `page-texts.ts`); every other language is a chunk of its own, loaded when it
 * is chosen, so a page downloads one language.
 */
const otherLocales: Record<Exclude<Language, 'en'>, () => Promise<object>> = {
  fr: () => import('./locales/fr/index.ts').then((m) => m.fr),
  de: () => import('./locales/de/index.ts').then((m) => m.de),
  hi: () => import('./locales/hi/index.ts').then((m) => m.hi),
};

const localeChunks: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (language, _namespace, callback) => {
    const load = isLanguage(language) && language !== 'en' ? otherLocales[language] : undefined;
    if (!load) return callback(null, {});
    load().then(
      (bundle) => callback(null, bundle as Record<string, unknown>),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

/** Settles once the stored language's texts are loaded: the app renders after it, never in a mix. */
export const i18nReady = i18n
  .use(localeChunks)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: enShell } },
    partialBundledLanguages: true,
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

/** Adds English texts that load with the pages using them (the other languages hold them all). */
export function addEnglishTexts(texts: object): void {
  i18n.addResourceBundle('en', 'translation', texts, true, false);
}

export function setLanguage(lng: Language): Promise<unknown> {
  return i18n.changeLanguage(lng);
}

// The spec's messages travel as English text (from forms and from the API); the key is
// found by the text, so French and German users read them translated.
const keyByText = new Map<string, string>(Object.entries(enShell.msg).map(([key, text]) => [text, key]));

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
