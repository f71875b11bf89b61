import { LANGUAGES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { i18n, LANGUAGE_NAMES } from './index.ts';
import { de } from './locales/de/index.ts';
import { en } from './locales/en/index.ts';
import { fr } from './locales/fr/index.ts';
import { hi } from './locales/hi/index.ts';

/**
 * The types make a missing key a compile error in each locale file; this walks the objects
 * themselves, so a key that slips past the types (a spread, a cast, a file the compiler does not
 * see) still fails, and so does a value left in English.
 */

const LOCALES: Record<string, unknown> = { en, fr, de, hi };

/**
 * Values that read the same in every language: brand and product names, symbols, units and
 * codes. Strings made only of placeholders and signs ("{{page}} / {{pages}}", "—") are allowed
 * without being listed.
 */
const SAME_EVERYWHERE = new Set([
  'Staking',
  'TRX',
  '{{symbol}}/USD',
  '{{count}} s',
  '{{count}} min',
  '{{count}} h',
]);

/** Words a language writes exactly as English does, in the sense the app uses them. */
const SAME_WORD: Record<string, ReadonlySet<string>> = {
  fr: new Set(['Action', 'Actions', 'Date', 'Menu', 'Minutes', 'Notifications', 'Trader', 'Type']),
  de: new Set([
    'Coin',
    'Live',
    'Name',
    'Offline',
    'Status',
    'Symbol',
    'System',
    'Tablet',
    'Trader',
    'Wallet',
  ]),
  hi: new Set(),
};

/** Every leaf as "a.b.c" → value; a leaf that is not a string is kept as it is, to be reported. */
function leaves(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) leaves(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const PLACEHOLDER = /\{\{\s*[\w.]+\s*\}\}/g;
const placeholders = (text: string) => (text.match(PLACEHOLDER) ?? []).sort().join();
const hasWords = (text: string) => /\p{L}/u.test(text.replace(PLACEHOLDER, ''));

/** "fr: missing a.b" for a key some language has and another lacks; "… is not text" for a bad leaf. */
function keyProblems(locales: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const all = Object.entries(locales).map(([lng, tree]) => [lng, leaves(tree)] as const);
  const keys = new Set(all.flatMap(([, map]) => [...map.keys()]));
  for (const key of keys) {
    for (const [lng, map] of all) {
      const value = map.get(key);
      if (!map.has(key)) problems.push(`${lng}: missing ${key}`);
      else if (typeof value !== 'string' || value.trim() === '') problems.push(`${lng}: ${key} is not text`);
    }
  }
  return problems;
}

/** Texts equal to the English one that are not names, symbols, units or the language's own same word. */
function untranslated(source: unknown, translation: unknown, sameWord: ReadonlySet<string>): string[] {
  const english = leaves(source);
  const found: string[] = [];
  for (const [key, value] of leaves(translation)) {
    if (typeof value !== 'string' || value !== english.get(key)) continue;
    if (!hasWords(value) || SAME_EVERYWHERE.has(value) || sameWord.has(value)) continue;
    found.push(`${key}: ${JSON.stringify(value)}`);
  }
  return found;
}

/** Texts whose {{placeholders}} differ from the English text's (a value the app could not fill in). */
function placeholderProblems(source: unknown, translation: unknown): string[] {
  const english = leaves(source);
  const found: string[] = [];
  for (const [key, value] of leaves(translation)) {
    const text = english.get(key);
    if (typeof text !== 'string' || typeof value !== 'string') continue;
    if (placeholders(text) !== placeholders(value)) found.push(`${key}: ${value}`);
  }
  return found;
}

const others = Object.keys(LOCALES).filter((lng) => lng !== 'en');

describe('translations', () => {
  it('load for every language the app offers, each with its own name', async () => {
    expect(Object.keys(LOCALES).sort()).toEqual([...LANGUAGES].sort());
    await i18n.loadLanguages([...LANGUAGES]);
    for (const lng of LANGUAGES) {
      expect(i18n.hasResourceBundle(lng, 'translation'), lng).toBe(true);
      expect(LANGUAGE_NAMES[lng], lng).toBeTruthy();
    }
    expect(new Set(Object.values(LANGUAGE_NAMES)).size).toBe(LANGUAGES.length);
  });

  it('have the same keys in every language, and every value is text', () => {
    expect(keyProblems(LOCALES)).toEqual([]);
  });

  it.each(others)('%s keeps the placeholders of the English text', (lng) => {
    expect(placeholderProblems(en, LOCALES[lng])).toEqual([]);
  });

  it.each(others)('%s translates every text (outside names, symbols and units)', (lng) => {
    expect(untranslated(en, LOCALES[lng], SAME_WORD[lng] ?? new Set())).toEqual([]);
  });

  it('lists no allowed word that no language shares with English any more', () => {
    const english = leaves(en);
    const shared = new Set<string>();
    for (const lng of others) {
      for (const [key, value] of leaves(LOCALES[lng]))
        if (value === english.get(key)) shared.add(`${lng}:${value}`);
    }
    const stale = [
      ...[...SAME_EVERYWHERE].filter((value) => !others.some((lng) => shared.has(`${lng}:${value}`))),
      ...Object.entries(SAME_WORD).flatMap(([lng, words]) =>
        [...words].filter((word) => !shared.has(`${lng}:${word}`)).map((word) => `${lng}:${word}`),
      ),
    ];
    expect(stale).toEqual([]);
  });

  it('the checks find a missing key, an English leftover and a lost placeholder', () => {
    const source = {
      a: { title: 'Orders', count: '{{n}} items', pos: '{{page}} / {{pages}}', unit: '{{count}} s' },
    };
    const broken = { a: { title: 'Orders', pos: '{{page}} / {{pages}}', unit: '{{count}} s' } };
    expect(keyProblems({ en: source, xx: broken })).toEqual(['xx: missing a.count']);
    expect(keyProblems({ en: source, xx: { a: { ...broken.a, count: '' } } })).toEqual([
      'xx: a.count is not text',
    ]);
    expect(untranslated(source, broken, new Set())).toEqual(['a.title: "Orders"']);
    expect(untranslated(source, broken, new Set(['Orders']))).toEqual([]);
    expect(placeholderProblems(source, { a: { count: '{{m}} articles' } })).toEqual([
      'a.count: {{m}} articles',
    ]);
  });
});
