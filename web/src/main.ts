// Entry point: "/" is the lobby, "/g/{id}[?seat=white|black]" a game.
import { showGame } from './game-page';
import { showLobby } from './lobby';

const root = document.getElementById('app');
if (root) {
  const match = /^\/g\/([A-Za-z0-9_-]+)$/.exec(location.pathname);
  const seat = new URLSearchParams(location.search).get('seat');
  const run = match?.[1]
    ? showGame(root, match[1], seat === 'white' || seat === 'black' ? seat : null)
    : showLobby(root);
  run.catch((e: Error) => {
    root.textContent = `Something went wrong: ${e.message}`;
  });
}
