import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { endingSentence, lawText } from '../../src/endings';
import { serverError } from '../../src/errors';
import { availableLanguages, currentLanguage, format, pickLanguage, placeholders, t, useLanguage } from '../../src/i18n';
import { CATALOGUES } from '../../src/i18n/index';
import { displayName } from '../../src/names';

const en = CATALOGUES.en?.messages ?? {};

test('English is the language without a choice and without a browser', () => {
  useLanguage(null);
  assert.equal(currentLanguage(), 'en');
  assert.equal(t('controls.resign'), 'Resign');
});

test('the browser languages pick the first one with a catalogue', () => {
  assert.equal(pickLanguage(['ru-RU', 'en-US']), 'ru');
  assert.equal(pickLanguage(['de-DE', 'ru']), 'ru');
  assert.equal(pickLanguage(['en-GB', 'ru']), 'en');
  assert.equal(pickLanguage(['de', 'fr']), null);
  assert.equal(pickLanguage([]), null);
});

test('placeholders are filled; an unknown key shows itself', () => {
  useLanguage('en');
  assert.equal(t('game.declines', { side: 'White' }), 'White declines the draw offer.');
  assert.equal(t('no.such.key'), 'no.such.key');
  assert.equal(format('{a} and {b}', { a: 'x' }), 'x and {b}', 'a missing parameter stays visible');
});

test('plural forms: English one/other, Russian one/few/many', () => {
  useLanguage('en');
  assert.equal(t('crowd.watching', { count: 1 }), '1 watching');
  assert.equal(t('lobby.ongoingItem', { white: 'A', black: 'B', tc: '60', count: 1 }), 'A – B (60, 1 ply)');
  assert.equal(t('lobby.ongoingItem', { white: 'A', black: 'B', tc: '60', count: 2 }), 'A – B (60, 2 plies)');
  useLanguage('ru');
  const watching = (n: number) => t('crowd.watching', { count: n });
  assert.equal(watching(1), '1 зритель');
  assert.equal(watching(2), '2 зрителя');
  assert.equal(watching(4), '4 зрителя');
  assert.equal(watching(5), '5 зрителей');
  assert.equal(watching(11), '11 зрителей');
  assert.equal(watching(12), '12 зрителей');
  assert.equal(watching(21), '21 зритель');
  assert.equal(watching(22), '22 зрителя');
  assert.equal(watching(25), '25 зрителей');
  assert.equal(watching(111), '111 зрителей');
  assert.equal(t('clock.toGo', { count: 3 }), 'ещё 3 хода');
  assert.equal(t('game.claimRejectedPenalty', { article: '9.2', count: 2, clock: 'часы белых' }), 'Заявление отклонено (ст. 9.2); на часы белых добавлены 2 минуты (ст. 9.5.3).');
  assert.equal(t('game.claimRejectedPenalty', { article: '9.3', count: 1, clock: 'часы чёрных' }), 'Заявление отклонено (ст. 9.3); на часы чёрных добавлена 1 минута (ст. 9.5.3).');
  useLanguage('en');
  assert.equal(t('game.claimRejectedPenalty', { article: '9.2', count: 1, clock: "White's clock" }), "Claim rejected (Art. 9.2); 1 minute added to White's clock (Art. 9.5.3).");
});

test('numbers in messages are written the language’s way', () => {
  useLanguage('ru');
  assert.equal(t('crowd.watching', { count: 1.5 }), '1,5 зрителя', 'a fraction: the "other" form, a decimal comma');
  useLanguage('en');
  assert.equal(t('crowd.watching', { count: 1.5 }), '1.5 watching');
});

// Every catalogue has every key of English and no other, with the same placeholders, and
// every plural form its language uses.
for (const { code } of availableLanguages()) {
  test(`catalogue ${code}: the keys and placeholders of English, its plural forms`, () => {
    const messages = CATALOGUES[code]?.messages ?? {};
    const missing = Object.keys(en).filter((k) => !(k in messages));
    const extra = Object.keys(messages).filter((k) => !(k in en));
    assert.deepEqual(missing, [], `${code} lacks keys of en`);
    assert.deepEqual(extra, [], `${code} has keys en lacks`);
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    for (const [key, message] of Object.entries(messages)) {
      const english = en[key];
      if (english === undefined) continue;
      assert.deepEqual(placeholders(message), placeholders(english), `${code} ${key}: placeholders`);
      assert.equal(typeof message, typeof english, `${code} ${key}: plural forms where English has them`);
      if (typeof message !== 'string') {
        for (const c of categories) assert.ok(typeof message[c] === 'string' && message[c] !== '', `${code} ${key}: the "${c}" form`);
        assert.ok(placeholders(message).includes('count'), `${code} ${key}: a plural message shows its {count}`);
      } else assert.notEqual(message.trim(), '', `${code} ${key}: empty`);
    }
  });
}

test('every catalogue file is registered in i18n/index.ts', () => {
  const dir = path.join(process.cwd(), 'src', 'i18n');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts').map((f) => f.replace(/\.ts$/, ''));
  assert.deepEqual(files.sort(), Object.keys(CATALOGUES).sort());
  assert.deepEqual(availableLanguages().map((l) => l.name), ['English', 'Русский']);
});

test('a key missing from a catalogue falls back to English', () => {
  const ru = CATALOGUES.ru?.messages;
  assert.ok(ru);
  const saved = ru['controls.resign'];
  delete ru['controls.resign'];
  try {
    useLanguage('ru');
    assert.equal(t('controls.resign'), 'Resign');
    assert.equal(t('controls.abort'), 'Прервать');
  } finally {
    if (saved !== undefined) ru['controls.resign'] = saved;
  }
});

test('endings: the sentence from result and termination, in the language', () => {
  useLanguage('en');
  const end = (result: string, termination: string, text = '', by: 'white' | 'black' | null = null) => endingSentence({ result, termination, text, by }, 'white');
  // The same sentences as the server's (competition/verdict.cpp).
  assert.equal(end('0-1', 'checkmate'), 'Black wins by checkmate');
  assert.equal(end('1-0', 'resignation'), 'White wins by resignation');
  assert.equal(end('0-1', 'time_forfeit'), 'Black wins on time');
  assert.equal(end('1/2-1/2', 'agreement'), 'Draw by agreement');
  assert.equal(end('1/2-1/2', 'threefold_claim'), 'Draw by threefold repetition, claimed');
  assert.equal(end('1/2-1/2', 'dead_position'), 'Draw: dead position');
  assert.equal(end('*', 'aborted', 'Black aborted the game', 'black'), 'Black aborted the game');
  assert.equal(endingSentence({ result: '*', termination: 'aborted', text: 'Game aborted: Black did not move in time', by: null }, 'black'), 'Game aborted: Black did not move in time');
  assert.equal(end('1-0', 'some_new_ending', 'White wins somehow'), 'White wins somehow', 'an unknown termination keeps the server sentence');
  useLanguage('ru');
  assert.equal(end('0-1', 'checkmate'), 'Победа чёрных: мат');
  assert.equal(end('1-0', 'time_forfeit'), 'Победа белых по времени');
  assert.equal(end('1/2-1/2', 'agreement'), 'Ничья по соглашению');
  assert.equal(end('*', 'aborted', '', 'white'), 'Белые прервали партию');
  assert.equal(end('*', 'aborted'), 'Партия прервана');
});

test('the articles the server cites have their text; sub-articles fall back to the article', () => {
  // Every article of competition/verdict.cpp's table of endings, the claims and the penalty.
  const cited = ['I.1.1', '5.1.1', '5.1.2', '6.9', '5.2.1', '5.2.2', '5.2.3', '9.2', '9.3', '9.6.1', '9.6.2', '7.5.3', 'A.4.4', 'III.3.1.2', 'I.8', 'III.5', '12.9', '9.5.3', 'III.4'];
  for (const lang of ['en', 'ru']) {
    useLanguage(lang);
    for (const a of cited) assert.ok((lawText(a) ?? '').length > 40, `${lang} ${a}`);
  }
  useLanguage('ru');
  assert.match(lawText('5.1.1') ?? '', /^Партию выигрывает игрок, который поставил мат королю соперника/);
  assert.equal(lawText('9.2.1.1'), lawText('9.2'));
  assert.equal(lawText('12.9.2'), lawText('12.9'));
  assert.equal(lawText('4.3.1'), null);
  assert.equal(lawText('A.4'), null);
});

test('server refusals: by code (and field), by sentence where a code is shared, else as sent', () => {
  useLanguage('en');
  assert.equal(serverError({ code: 'credentials', message: 'wrong user name or password' }), 'wrong user name or password');
  assert.equal(serverError({ code: 'invalid-argument', message: 'a password needs at least 8 characters', field: 'password' }), 'a password needs at least 8 characters');
  assert.equal(serverError({ code: 'a-code-from-the-future', message: 'something new' }), 'something new');
  assert.equal(serverError(undefined, 502), 'the server answered 502');
  useLanguage('ru');
  assert.equal(serverError({ code: 'credentials', message: 'wrong user name or password' }), 'неверное имя пользователя или пароль');
  assert.equal(serverError({ code: 'credentials', message: 'the current password is wrong', field: 'current' }), 'текущий пароль неверен');
  assert.equal(serverError({ code: 'invalid-argument', message: 'a password needs at least 8 characters', field: 'password' }), 'в пароле должно быть не меньше 8 символов');
  assert.equal(serverError({ code: 'too-early', message: 'a draw needs both players to have made a move (Art. 5.2.3)' }), 'для ничьей оба игрока должны сделать хотя бы по одному ходу (ст. 5.2.3)');
  assert.equal(serverError({ code: 'too-early', message: 'waiting for the opponent to join' }), 'ждём, когда присоединится соперник');
  assert.equal(serverError({ code: 'seat-taken', message: 'both seats are taken' }), 'это место уже занято');
  assert.equal(serverError({ code: 'a-code-from-the-future', message: 'something new' }), 'something new');
  assert.equal(serverError(null, 500), 'сервер ответил 500');
});

test('the server’s default names are shown in the language', () => {
  useLanguage('ru');
  assert.equal(displayName('Anonymous'), 'Аноним');
  assert.equal(displayName('Computer level 3'), 'Компьютер, уровень 3');
  assert.equal(displayName('Boris'), 'Boris');
  useLanguage('en');
  assert.equal(displayName('Computer level 3'), 'Computer level 3');
});
