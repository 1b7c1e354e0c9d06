// The server's refusals in the reader's language. The server writes English sentences for
// people and a stable code for programs ({"error": {"code", "message", "field"}}, and the
// WebSocket's {t: "error", d: {code, message}}); the page shows the catalogue's sentence for
// the code (err.CODE, or err.CODE.FIELD when the field tells more), the server's own words
// only for a code it does not know. A few codes cover several refusals: those are told apart
// by the server's sentence, in the table below.
import { hasMessage, t } from './i18n';

export interface ServerErrorBody {
  code?: string;
  message?: string;
  field?: string;
}

// Server sentences (src/arbiter/account, server/game_room*.cpp, server/registry.cpp) whose
// code alone says too little.
const BY_MESSAGE: Record<string, string> = {
  'a draw needs both players to have made a move (Art. 5.2.3)': 'err.drawTooEarly',
  'the game is not over': 'err.notOver',
  'the flag fell before the move': 'err.flagFell',
  'the rematch has already started': 'err.rematchStarted',
  'there is no draw offer to accept': 'err.noDrawOffer',
  'there is no draw offer to decline': 'err.noDrawOffer',
  'there is no rematch offer': 'err.noRematchOffer',
  'a rated game needs an account: log in first': 'err.ratedNeedsAccount',
  'games against the computer are not rated': 'err.ratedNoComputer',
  'Chess960 games are not rated': 'err.ratedNo960',
  'this server has no computer opponent': 'err.noComputer',
  'you already hold the other seat of this game': 'err.otherSeat',
  'the game is busy; try again': 'err.gameBusy',
  'you cannot challenge yourself': 'err.selfChallenge',
  'a user name has 2 to 20 characters': 'err.name.length',
  "a user name has only letters A-Z, digits, '_' and '-'": 'err.name.chars',
  'a user name begins and ends with a letter or a digit': 'err.name.ends',
  "a user name has no two of '_' and '-' in a row": 'err.name.double',
  'this user name is reserved': 'err.name.reserved',
  'a password needs at least 8 characters': 'err.password.short',
  'a password may have at most 128 bytes': 'err.password.long',
  'a password must be UTF-8 text': 'err.password.utf8',
  'a password may not contain control characters': 'err.password.control',
  'a password may not be the user name': 'err.password.name',
};

// Messages that begin the same and end differently (a limit the server names).
const BY_PREFIX: [string, string][] = [['the server is playing as many computer games as it may at once', 'err.computerBusy']];

export function serverErrorKey(e: ServerErrorBody): string | null {
  const message = e.message ?? '';
  const exact = BY_MESSAGE[message];
  if (exact && hasMessage(exact)) return exact;
  for (const [prefix, key] of BY_PREFIX) if (message.startsWith(prefix) && hasMessage(key)) return key;
  if (e.code) {
    if (e.field && hasMessage(`err.${e.code}.${e.field}`)) return `err.${e.code}.${e.field}`;
    if (hasMessage(`err.${e.code}`)) return `err.${e.code}`;
  }
  return null;
}

// What to show for a refusal; `status` (an HTTP status) when the body says nothing.
export function serverError(e: ServerErrorBody | null | undefined, status?: number): string {
  const key = e ? serverErrorKey(e) : null;
  if (key) return t(key);
  if (e?.message) return e.message;
  return t('err.status', { status: status === undefined ? '?' : String(status) });
}
