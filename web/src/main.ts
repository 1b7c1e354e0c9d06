// Entry point: "/" is the lobby, "/g/{id}[?seat=white|black]" a game, "/login", "/signup"
// and "/account" the account pages (docs/accounts.md), "/@/{name}" a player's page,
// "/editor[?fen=FEN]" the board editor; any other address "page not found".
import { loadAccount, renderAccountCorner, showAccountPage, showSignIn } from './account';
import { showEditor } from './editor';
import { showGame } from './game-page';
import { t } from './i18n';
import { localisePage } from './language-switch';
import { showLobby } from './lobby';
import { showNotFound } from './not-found';
import { showProfile } from './profile';

async function route(root: HTMLElement): Promise<void> {
  localisePage();
  await loadAccount();
  const corner = document.getElementById('account-corner');
  if (corner) renderAccountCorner(corner);
  const match = /^\/g\/([A-Za-z0-9_-]+)$/.exec(location.pathname);
  if (match?.[1]) {
    const seat = new URLSearchParams(location.search).get('seat');
    return showGame(root, match[1], seat === 'white' || seat === 'black' ? seat : null);
  }
  if (location.pathname === '/login') return showSignIn(root, 'login');
  if (location.pathname === '/signup') return showSignIn(root, 'signup');
  if (location.pathname === '/account') return showAccountPage(root);
  if (location.pathname === '/editor') return showEditor(root);
  const player = /^\/@\/([A-Za-z0-9_-]{2,20})$/.exec(location.pathname);
  if (player?.[1]) return showProfile(root, player[1]);
  if (location.pathname === '/' || location.pathname === '/index.html') return showLobby(root);
  return showNotFound(root);
}

const root = document.getElementById('app');
if (root) {
  route(root).catch((e: Error) => {
    root.textContent = t('app.failed', { message: e.message });
  });
}
