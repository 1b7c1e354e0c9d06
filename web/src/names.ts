// Names the server gives in English, for display in the reader's language. Players: the
// default name of a player who gave none ("Anonymous") and the computer's ("Computer level
// 3"); every other name is the player's own. Categories of time control ("blitz").
import { hasMessage, t } from './i18n';

export function displayName(name: string): string {
  if (name === 'Anonymous') return t('player.anonymous');
  const computer = /^Computer level (\d+)$/.exec(name);
  if (computer?.[1]) return t('player.computer', { level: computer[1] });
  return name;
}

export const speedName = (speed: string): string => (hasMessage(`speed.${speed}`) ? t(`speed.${speed}`) : speed);
