// The page for an address the app has no page for, and for a game the server does not know:
// what went wrong, and the way back to the lobby.
import { h } from './dom';
import { t } from './i18n';

export function showNotFound(root: HTMLElement, game: string | null = null): void {
  const title = game === null ? t('notFound.page') : t('notFound.game');
  document.title = t('notFound.title', { title });
  const why = game === null ? t('notFound.pageWhy', { path: readablePath() }) : t('notFound.gameWhy', { game });
  const heading = h('h1', { tabindex: -1 }, title);
  root.replaceChildren(h('main.not-found', {}, heading, h('p', {}, why), h('p', {}, h('a.button.primary', { href: '/' }, t('notFound.back')))));
  heading.focus();
}

// The address as typed: the browser keeps non-ASCII letters of a path percent-encoded.
function readablePath(): string {
  try {
    return decodeURI(location.pathname);
  } catch {
    return location.pathname;
  }
}
