// The interface in the players' languages (issue #17 item 7). Every visible string goes
// through t(key, params): the catalogue of the current language (web/src/i18n/<code>.ts,
// registered in web/src/i18n/index.ts), English for a key it lacks, the key itself as a
// last resort. "{name}" in a message is replaced by params.name; a message may instead be
// a set of plural forms ({one, few, many, other}, as Intl.PluralRules names them), chosen
// by params.count. The language is the one stored by the switch (localStorage
// "arbiter.lang"), else the first of the browser's languages (navigator.languages) that has
// a catalogue, else English. Pure apart from those two reads: unit-tested in node.
import { CATALOGUES, type Catalogue, type Message } from './i18n/index';

export type Params = Record<string, string | number>;
export type { Catalogue, Message };

export const FALLBACK_LANGUAGE = 'en';
const STORAGE_KEY = 'arbiter.lang';

let current: string | null = null;

const known = (code: string | null | undefined): code is string => typeof code === 'string' && code in CATALOGUES;

function stored(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage refused (a privacy mode): the browser's language then
  }
}

function browserLanguages(): readonly string[] {
  // Node (the unit tests) has a navigator of its own since version 21: only a browser's counts.
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

// The first of `preferred` ("ru-RU", "en-GB", "de") that has a catalogue, by its primary
// subtag; null when none has.
export function pickLanguage(preferred: readonly string[]): string | null {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (known(primary)) return primary;
  }
  return null;
}

export function currentLanguage(): string {
  if (current === null) {
    const choice = stored();
    current = known(choice) ? choice : pickLanguage(browserLanguages()) ?? FALLBACK_LANGUAGE;
  }
  return current;
}

export function availableLanguages(): { code: string; name: string }[] {
  return Object.entries(CATALOGUES).map(([code, c]) => ({ code, name: c.name }));
}

// The switch: remembered in localStorage; in a browser the page is reloaded so that every
// view is built again in the new language.
export function setLanguage(lang: string): void {
  if (!known(lang)) return;
  current = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // not remembered: this page still switches
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  if (typeof location !== 'undefined' && typeof location.reload === 'function') location.reload();
}

// For tests and the first paint: the language in effect, without storing or reloading.
export function useLanguage(lang: string | null): void {
  current = known(lang) ? lang : null;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
export function formatNumber(n: number, lang = currentLanguage()): string {
  let f = numberFormats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
    numberFormats.set(lang, f);
  }
  return f.format(n);
}

export function formatDate(ms: number | Date, lang = currentLanguage()): string {
  return new Date(ms).toLocaleDateString(lang);
}

export function formatTime(date: Date, lang = currentLanguage()): string {
  return date.toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });
}

const pluralRules = new Map<string, Intl.PluralRules>();
export function pluralCategory(n: number, lang = currentLanguage()): Intl.LDMLPluralRule {
  let r = pluralRules.get(lang);
  if (!r) {
    r = new Intl.PluralRules(lang);
    pluralRules.set(lang, r);
  }
  return r.select(n);
}

function lookup(lang: string, key: string): Message | undefined {
  return CATALOGUES[lang]?.messages[key] ?? (lang === FALLBACK_LANGUAGE ? undefined : CATALOGUES[FALLBACK_LANGUAGE]?.messages[key]);
}

// Whether the catalogue (or English) has the key: for the server's error codes, which are
// shown translated when known and as the server wrote them otherwise.
export function hasMessage(key: string): boolean {
  return lookup(currentLanguage(), key) !== undefined;
}

export function format(message: Message, params: Params = {}, lang = currentLanguage()): string {
  let text: string;
  if (typeof message === 'string') text = message;
  else {
    const count = typeof params.count === 'number' ? params.count : Number(params.count ?? 0);
    text = message[pluralCategory(count, lang)] ?? message.other ?? Object.values(message)[0] ?? '';
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(value, lang) : value;
  });
}

export function t(key: string, params?: Params): string {
  const lang = currentLanguage();
  const message = lookup(lang, key);
  return message === undefined ? key : format(message, params, lang);
}

// The placeholders of a message (all its plural forms): for the catalogue tests.
export function placeholders(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  const names = new Set<string>();
  for (const text of texts) for (const m of (text ?? '').matchAll(/\{(\w+)\}/g)) names.add(m[1] ?? '');
  return [...names].sort();
}
