// Display settings kept in localStorage: notation language (by default the interface
// language's letters where notation.ts has them), spoken moves (Appendix D German style or
// plain words of the interface language), sounds, and the flip button.
import { h } from './dom';
import { currentLanguage, t } from './i18n';
import { LANGUAGES, type NotationLanguage } from './notation';
import { setSoundEnabled, soundEnabled } from './sound';
import { currentVoice, setVoice, type Voice } from './speech';

export class Settings {
  readonly element: HTMLElement;
  language: NotationLanguage = (localStorage.getItem('arbiter.language') as NotationLanguage | null) ?? defaultNotation();

  constructor(onChange: () => void, onFlip: () => void) {
    const lang = h(
      'select#lang',
      {
        onchange: (e: Event) => {
          this.language = (e.target as HTMLSelectElement).value as NotationLanguage;
          localStorage.setItem('arbiter.language', this.language);
          onChange();
        },
      },
      ...LANGUAGES.map((l) => h('option', { value: l.code, selected: l.code === this.language }, l.code === 'figurine' ? t('notation.figurine') : l.name)),
    );
    const voice = h(
      'select#voice',
      { onchange: (e: Event) => setVoice((e.target as HTMLSelectElement).value as Voice) },
      h('option', { value: 'off', selected: currentVoice() === 'off' }, t('settings.voiceOff')),
      h('option', { value: 'de', selected: currentVoice() === 'de' }, t('settings.voiceDe')),
      h('option', { value: 'en', selected: currentVoice() === 'en' }, t('settings.voicePlain')),
    );
    const sound = h('input#sound', {
      type: 'checkbox',
      checked: soundEnabled(),
      onchange: (e: Event) => setSoundEnabled((e.target as HTMLInputElement).checked),
    });
    // A grid of its own inside <details> (whose children a grid on <details> does not lay
    // out): each label on its control's row, beside it.
    this.element = h(
      'details.settings',
      {},
      h('summary', {}, t('settings.title')),
      h(
        'div.settings-body',
        {},
        h('label', { for: 'lang' }, t('settings.notation')),
        lang,
        h('label', { for: 'voice' }, t('settings.voice')),
        voice,
        h('label.inline', {}, sound, t('settings.sounds')),
        h('button.flip', { type: 'button', onclick: onFlip, title: t('settings.flipTitle') }, t('settings.flip')),
      ),
    );
  }
}

// The notation of a player who never chose one: the interface language's piece letters when
// notation.ts has them (Russian Кр Ф Л С К), else English.
export function defaultNotation(): NotationLanguage {
  const ui = currentLanguage();
  return LANGUAGES.some((l) => l.code === ui) ? (ui as NotationLanguage) : 'en';
}
