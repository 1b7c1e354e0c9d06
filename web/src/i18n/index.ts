// The catalogues, one file per language. Another language: copy en.ts to <code>.ts, translate
// its messages (the unit test test/unit/i18n.test.ts checks that it has every key of
// English with the same placeholders, and the plural forms its language needs), and add
// one line below. The language switch then offers it under its own name.
import en from './en';
import ru from './ru';

// A message: a text with {name} placeholders, or its plural forms by Intl.PluralRules
// category (English: one, other; Russian: one, few, many, other).
export type Message = string | Partial<Record<Intl.LDMLPluralRule, string>>;
export type Catalogue = Record<string, Message>;

export interface Language {
  name: string; // the language's own name, as the switch shows it
  messages: Catalogue;
}

export const CATALOGUES: Record<string, Language> = {
  en,
  ru,
};
