// Clock display: h:mm:ss above an hour, m:ss above ten seconds, s.t (tenths) below; days
// and hours for a correspondence move's time.
import { t } from './i18n';

export const LOW_TIME_MS = 10_000;
export const DAY_MS = 86_400_000;

// "2 d 23 h" from a day up, then as formatClock: the days a correspondence move has left.
export function formatDays(ms: number): string {
  const clamped = Math.max(0, ms);
  if (clamped < DAY_MS) return formatClock(clamped);
  const hours = Math.floor(clamped / 3_600_000);
  return t('clock.daysHours', { days: String(Math.floor(hours / 24)), hours: String(hours % 24) });
}

export function formatClock(ms: number): string {
  const clamped = Math.max(0, ms);
  if (clamped < LOW_TIME_MS) {
    const tenths = Math.floor(clamped / 100);
    return `${Math.floor(tenths / 10)}.${tenths % 10}`;
  }
  const total = Math.floor(clamped / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

// The low-time warning threshold: 10 s, or a tenth of the base time for short controls
// (so that a 1-minute game does not warn for its whole last sixth).
export function lowTimeThreshold(initialMs: number): number {
  return Math.min(LOW_TIME_MS, Math.max(3000, initialMs / 10));
}

// What a running clock shows `elapsed` ms after a sample: the delay is used up first
// (Art. 6.3.2), then the main time.
export function remainingAfter(mainMs: number, delayLeftMs: number, elapsedMs: number): number {
  return mainMs - Math.max(0, elapsedMs - delayLeftMs);
}
