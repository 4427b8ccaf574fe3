import type { Locator, Page } from '@playwright/test';

/** Play/pause, scrub slider and time readout under the animation. */
export class PlaybackBar {
  readonly bar: Locator;
  readonly playButton: Locator;
  readonly time: Locator;
  readonly animation: Locator;
  readonly canvas: Locator;
  readonly speed: Locator;

  constructor(readonly page: Page) {
    this.bar = page.getByRole('group', { name: 'Playback' });
    this.playButton = page.getByTestId('play');
    this.time = page.getByTestId('time');
    this.animation = page.getByTestId('animation-panel');
    this.canvas = page.getByTestId('animation');
    this.speed = page.getByTestId('speed');
  }

  /** The readout in seconds. */
  async seconds(): Promise<number> {
    return Number.parseFloat((await this.time.textContent()) ?? 'NaN');
  }

  async play(): Promise<void> {
    await this.bar.getByRole('button', { name: 'Play' }).click();
  }

  /** The speed readout, e.g. 0.1 for "0.1×". */
  async speedValue(): Promise<number> {
    return Number.parseFloat((await this.bar.locator('.speed-readout').textContent()) ?? 'NaN');
  }

  async pause(): Promise<void> {
    await this.bar.getByRole('button', { name: 'Pause' }).click();
  }
}
