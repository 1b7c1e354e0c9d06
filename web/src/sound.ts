// Sounds synthesised with WebAudio at play time (no audio files, nothing copied): a short
// wooden "tock" for a move, a lower double knock for a capture, a high double beep for
// low time, a soft chord for the end of the game.
let ctx: AudioContext | null = null;
let enabled = localStorage.getItem('arbiter.sound') !== 'off';

export function setSoundEnabled(on: boolean): void {
  enabled = on;
  localStorage.setItem('arbiter.sound', on ? 'on' : 'off');
}
export const soundEnabled = (): boolean => enabled;

function tone(freq: number, start: number, duration: number, type: OscillatorType, gain: number): void {
  if (!ctx) return;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, ctx.currentTime + start);
  osc.frequency.exponentialRampToValueAtTime(freq * 0.6, ctx.currentTime + start + duration);
  amp.gain.setValueAtTime(0.0001, ctx.currentTime + start);
  amp.gain.exponentialRampToValueAtTime(gain, ctx.currentTime + start + 0.005);
  amp.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + start + duration);
  osc.connect(amp).connect(ctx.destination);
  osc.start(ctx.currentTime + start);
  osc.stop(ctx.currentTime + start + duration + 0.02);
}

export function play(kind: 'move' | 'capture' | 'lowtime' | 'end'): void {
  if (!enabled) return;
  try {
    ctx ??= new AudioContext();
    if (ctx.state === 'suspended') void ctx.resume();
  } catch {
    return;
  }
  switch (kind) {
    case 'move':
      tone(520, 0, 0.08, 'triangle', 0.35);
      break;
    case 'capture':
      tone(330, 0, 0.09, 'triangle', 0.45);
      tone(260, 0.07, 0.11, 'triangle', 0.4);
      break;
    case 'lowtime':
      tone(1320, 0, 0.07, 'square', 0.12);
      tone(1320, 0.12, 0.07, 'square', 0.12);
      break;
    case 'end':
      tone(392, 0, 0.4, 'sine', 0.2);
      tone(494, 0.05, 0.4, 'sine', 0.15);
      tone(587, 0.1, 0.5, 'sine', 0.15);
      break;
  }
}
