// The interface language's switch in the page header (every page): the languages that have
// a catalogue, each under its own name. Its choice is remembered (i18n.ts) and wins over the
// browser's languages; the page is built again in the new language.
import { h } from './dom';
import { availableLanguages, currentLanguage, setLanguage, t } from './i18n';

export function languageSwitch(): HTMLSelectElement {
  const lang = currentLanguage();
  return h(
    'select#ui-lang',
    { 'aria-label': t('lang.label'), title: t('lang.label'), onchange: (e: Event) => setLanguage((e.target as HTMLSelectElement).value) },
    ...availableLanguages().map((l) => h('option', { value: l.code, lang: l.code, selected: l.code === lang }, l.name)),
  );
}

// The parts of index.html written before the script runs: the language of the document, its
// title, the skip link, and the switch next to the account corner.
export function localisePage(): void {
  document.documentElement.lang = currentLanguage();
  document.title = t('app.title');
  const skip = document.querySelector<HTMLAnchorElement>('a.skip');
  if (skip) skip.textContent = t('app.skip');
  const app = document.getElementById('app');
  if (app && app.childElementCount === 0) app.textContent = t('app.loading');
  const header = document.querySelector('header.top');
  if (header && !header.querySelector('#ui-lang')) {
    const corner = document.getElementById('account-corner');
    const tools = h('span.header-tools', {}, languageSwitch());
    if (corner) {
      corner.replaceWith(tools);
      tools.append(corner);
    } else header.append(tools);
  }
}
