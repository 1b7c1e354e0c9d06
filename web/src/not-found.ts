// The page for an address the app has no page for, and for a game the server does not know:
// what went wrong, and the way back to the lobby.
import { h } from './dom';

export function showNotFound(root: HTMLElement, game: string | null = null): void {
  const title = game === null ? 'Page not found' : 'No such game';
  document.title = `${title} — Arbiter`;
  const why =
    game === null
      ? `There is no page at ${location.pathname}.`
      : `There is no game ${game} on this server. The link may be mistyped or cut short.`;
  const heading = h('h1', { tabindex: -1 }, title);
  root.replaceChildren(h('main.not-found', {}, heading, h('p', {}, why), h('p', {}, h('a.button.primary', { href: '/' }, 'Go to the lobby'))));
  heading.focus();
}
