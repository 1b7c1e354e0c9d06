// The action buttons under the board. Which are enabled follows the game model: draw
// offer / accept / decline, claim draw (when the server says the claim is valid now, 9.2 /
// 9.3), claim with a move (the next move the player makes is sent as the intended move,
// 9.2.1.1 / 9.3.1), resign with confirmation, abort, rematch.
import { clear, h } from './dom';
import type { GameModel } from './game-model';
import { t } from './i18n';
import type { ClientAction, Side } from './protocol';

export interface ControlsHost {
  send(action: ClientAction): void;
  armClaimWithMove(kind: 'threefold' | 'fifty' | null): void;
  claimArmed(): 'threefold' | 'fifty' | null;
}

export class Controls {
  readonly element = h('div.controls', { role: 'group', 'aria-label': t('controls.aria') });
  private confirmingResign = false;

  constructor(private readonly host: ControlsHost) {}

  render(model: GameModel, mySide: Side | null): void {
    clear(this.element);
    const pgn = h('a.button.pgn', { href: `/api/games/${model.id}/pgn`, download: `arbiter-${model.id}.pgn` }, t('controls.pgn'));
    // A finished game's final position, set up again in the board editor (issue #17 item 8).
    const editor = model.over ? h('a.button.to-editor', { href: `/editor?fen=${encodeURIComponent(model.fen)}` }, t('controls.toEditor')) : null;
    if (!mySide) {
      // Spectators may take the game so far at any time.
      this.element.append(h('p.spectating', {}, t('controls.watching')), pgn);
      if (editor) this.element.append(editor);
      return;
    }
    const button = (name: string, label: string, onclick: () => void, enabled = true, extra = '') =>
      h(`button.${name}${extra}` as 'button', { type: 'button', disabled: !enabled, onclick, 'data-action': name }, label);
    const send = (a: ClientAction) => () => this.host.send(a);
    const theirs: Side = mySide === 'white' ? 'black' : 'white';

    if (model.over) {
      const r = model.rematch;
      if (r.gameId) this.element.append(h('a.button.rematch-link', { href: `/g/${r.gameId}` }, t('controls.goRematch')));
      else if (r.offeredBy === theirs) {
        this.element.append(
          button('rematch-accept', t('controls.acceptRematch'), send({ t: 'rematch', d: { action: 'accept' } }), true, '.primary'),
          button('rematch-decline', t('controls.decline'), send({ t: 'rematch', d: { action: 'decline' } })),
        );
      } else {
        this.element.append(
          button('rematch', r.offeredBy === mySide ? t('controls.rematchOffered') : t('controls.rematch'), send({ t: 'rematch', d: { action: 'offer' } }), r.offeredBy !== mySide),
        );
      }
      this.element.append(pgn);
      if (editor) this.element.append(editor);
      return;
    }

    if (model.canAbort) this.element.append(button('abort', t('controls.abort'), send({ t: 'abort' })));
    if (model.drawOffer === theirs) {
      this.element.append(
        button('draw-accept', t('controls.acceptDraw'), send({ t: 'draw', d: { action: 'accept' } }), true, '.primary'),
        button('draw-decline', t('controls.declineDraw'), send({ t: 'draw', d: { action: 'decline' } })),
      );
    } else {
      const bothMoved = model.plies.length >= 2;
      this.element.append(
        button(
          'draw-offer',
          model.drawOffer === mySide ? t('controls.drawOffered') : t('controls.offerDraw'),
          send({ t: 'draw', d: { action: 'offer' } }),
          bothMoved && model.drawOffer !== mySide,
        ),
      );
    }
    const myTurn = model.turn === mySide;
    const c = model.claims;
    const claimNow: 'threefold' | 'fifty' | null = c.threefold ? 'threefold' : c.fifty ? 'fifty' : null;
    this.element.append(
      button('claim', t('controls.claim'), () => claimNow && this.host.send({ t: 'claim', d: { kind: claimNow } }), myTurn && claimNow !== null),
    );
    const withMove: 'threefold' | 'fifty' | null =
      c.threefold_moves.length > 0 ? 'threefold' : c.fifty_moves.length > 0 ? 'fifty' : null;
    const armed = this.host.claimArmed();
    this.element.append(
      button(
        'claim-move',
        armed ? t('controls.cancelClaimMove') : t('controls.claimMove'),
        () => this.host.armClaimWithMove(armed ? null : withMove),
        myTurn && (withMove !== null || armed !== null),
        armed ? '.armed' : '',
      ),
    );
    if (this.confirmingResign) {
      this.element.append(
        h(
          'span.confirm',
          { role: 'alertdialog', 'aria-label': t('controls.confirmResign') },
          `${t('controls.resignQuestion')} `,
          button('resign-confirm', t('controls.yesResign'), () => {
            this.confirmingResign = false;
            this.host.send({ t: 'resign' });
          }, true, '.danger'),
          button('resign-cancel', t('controls.no'), () => {
            this.confirmingResign = false;
            this.render(model, mySide);
          }),
        ),
      );
    } else {
      this.element.append(
        button('resign', t('controls.resign'), () => {
          this.confirmingResign = true;
          this.render(model, mySide);
          this.element.querySelector<HTMLButtonElement>('.resign-confirm')?.focus();
        }),
      );
    }
  }
}
