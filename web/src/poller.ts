// The timers of an event's page (a Swiss: tournament-page.ts; an arena: arena-page.ts): a
// tick every second for the countdown, and a fetch of the event every `pollMs`, never two
// at once, stopped once the page's element has left the document or the page says so.
// A failed fetch is tried again at the next poll (a restart, a network hiccup).
export class Poller {
  private timers: number[] = [];
  private busy = false;

  constructor(
    private readonly anchor: HTMLElement, // the page is gone once this leaves the document
    private readonly load: () => Promise<void>,
  ) {}

  start(pollMs: number, tick: () => void): void {
    this.timers.push(window.setInterval(tick, 1000));
    this.timers.push(window.setInterval(() => void this.poll(), pollMs));
  }

  stop(): void {
    for (const timer of this.timers) window.clearInterval(timer);
    this.timers = [];
  }

  async poll(): Promise<void> {
    if (this.busy) return;
    if (!document.body.contains(this.anchor)) return this.stop();
    this.busy = true;
    try {
      await this.load();
    } catch {
      // the next poll tries again
    } finally {
      this.busy = false;
    }
  }
}
