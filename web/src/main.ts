// Entry point: "/" is the lobby, "/g/{id}[?seat=white|black]" a game, "/login", "/signup"
// and "/account" the account pages (docs/accounts.md), "/@/{name}" a player's page,
// "/editor[?fen=FEN]" the board editor, "/pgn" the PGN viewer, "/analysis[?fen=FEN]" the
// analysis board, "/tournaments" and "/tournament/{id}" the tournaments (Swiss and
// arenas); any other address "page not found".
import { showAnalysisBoard } from './analysis-board';
import { loadAccount, renderAccountCorner, showAccountPage, showSignIn } from './account';
import { showEditor } from './editor';
import { showGame } from './game-page';
import { t } from './i18n';
import { localisePage } from './language-switch';
import { showLobby } from './lobby';
import { showNotFound } from './not-found';
import { showPgnViewer } from './pgn-viewer';
import { showProfile } from './profile';
import { showTournament } from './tournament-page';
import { addSiteNav, showTournaments } from './tournaments';

async function route(root: HTMLElement): Promise<void> {
  localisePage();
  await loadAccount();
  const corner = document.getElementById('account-corner');
  if (corner) renderAccountCorner(corner);
  addSiteNav();
  const match = /^\/g\/([A-Za-z0-9_-]+)$/.exec(location.pathname);
  if (match?.[1]) {
    const seat = new URLSearchParams(location.search).get('seat');
    return showGame(root, match[1], seat === 'white' || seat === 'black' ? seat : null);
  }
  if (location.pathname === '/login') return showSignIn(root, 'login');
  if (location.pathname === '/signup') return showSignIn(root, 'signup');
  if (location.pathname === '/account') return showAccountPage(root);
  if (location.pathname === '/editor') return showEditor(root);
  if (location.pathname === '/pgn') return showPgnViewer(root);
  if (location.pathname === '/analysis') return showAnalysisBoard(root);
  if (location.pathname === '/tournaments') return showTournaments(root);
  const tournament = /^\/tournament\/([A-Za-z0-9_-]+)$/.exec(location.pathname);
  if (tournament?.[1]) return showTournament(root, tournament[1]);
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
