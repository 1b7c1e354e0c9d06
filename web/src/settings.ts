// Display settings kept in localStorage: notation language, spoken moves (Appendix D German
// style or plain English), sounds, and the flip button.
import { h } from './dom';
import { LANGUAGES, type NotationLanguage } from './notation';
import { setSoundEnabled, soundEnabled } from './sound';
import { currentVoice, setVoice, type Voice } from './speech';

export class Settings {
  readonly element: HTMLElement;
  language: NotationLanguage = (localStorage.getItem('arbiter.language') as NotationLanguage | null) ?? 'en';

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
      ...LANGUAGES.map((l) => h('option', { value: l.code, selected: l.code === this.language }, l.name)),
    );
    const voice = h(
      'select#voice',
      { onchange: (e: Event) => setVoice((e.target as HTMLSelectElement).value as Voice) },
      h('option', { value: 'off', selected: currentVoice() === 'off' }, 'Silent (text only)'),
      h('option', { value: 'de', selected: currentVoice() === 'de' }, 'Appendix D, German style'),
      h('option', { value: 'en', selected: currentVoice() === 'en' }, 'Plain English'),
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
      h('summary', {}, 'Settings'),
      h(
        'div.settings-body',
        {},
        h('label', { for: 'lang' }, 'Notation'),
        lang,
        h('label', { for: 'voice' }, 'Speak moves'),
        voice,
        h('label.inline', {}, sound, 'Sounds'),
        h('button.flip', { type: 'button', onclick: onFlip, title: 'Flip the board' }, '⇅ Flip board'),
      ),
    );
  }
}
