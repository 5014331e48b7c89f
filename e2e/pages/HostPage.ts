import type { Frame, FrameLocator, Locator, Page } from '@playwright/test';
import { AUTH_ORIGIN } from '../support/env';
import type { HostRecorder, MountOptions } from '../support/hostRecorder';
import { LoginScreen } from './LoginScreen';
import { PasscodeScreen } from './PasscodeScreen';

/** The fixture host page (e2e/fixtures/pages/host.html) on a given origin, and the widget it mounts. */
export class HostPage {
  readonly iframe: Locator;
  readonly frame: FrameLocator;
  readonly login: LoginScreen;
  readonly passcode: PasscodeScreen;

  constructor(
    readonly page: Page,
    readonly origin: string,
  ) {
    this.iframe = page.locator('iframe');
    this.frame = page.frameLocator('iframe');
    this.login = new LoginScreen(this.frame);
    this.passcode = new PasscodeScreen(this.frame);
  }

  /** Opens the host page; it mounts with `options` unless `manual` is set. */
  async open(options: MountOptions & { manual?: boolean } = {}): Promise<void> {
    const query = new URLSearchParams();
    if (options.manual) query.set('mount', 'manual');
    if (options.kind) query.set('kind', options.kind);
    if (options.selector) query.set('selector', options.selector);
    if (options.config) query.set('config', JSON.stringify(options.config));
    if (options.styles) query.set('styles', JSON.stringify(options.styles));
    await this.page.goto(`${this.origin}/fixtures/host.html?${query.toString()}`);
  }

  /** Mounts (again) from the page; resolves to the message the mount function threw, if any. */
  mount(options: MountOptions): Promise<string | null> {
    return this.page.evaluate((o) => window.latchHost.mount(o), options);
  }

  recorded(): Promise<Omit<HostRecorder, 'mount'>> {
    return this.page.evaluate(() => {
      const { events, errors, domEvents, mountError } = window.latchHost;
      return { events, errors, domEvents, mountError };
    });
  }

  async errorMessages(): Promise<string[]> {
    return (await this.recorded()).errors.map((e) => e.message);
  }

  /** The widget's frame as a Playwright Frame (for evaluate); throws when it is not there. */
  widgetFrame(): Frame {
    const frame = this.page.frames().find((f) => f.url().startsWith(`${AUTH_ORIGIN}/frame/`));
    if (!frame) throw new Error('No frame from the auth origin on the page');
    return frame;
  }

  /** The iframe element's rendered height in the host page, in CSS pixels. */
  async iframeHeight(): Promise<number> {
    return this.iframe.evaluate((el) => el.getBoundingClientRect().height);
  }

  /** The height of the widget's content inside the frame (what the iframe should be sized to). */
  contentHeight(): Promise<number> {
    return this.widgetFrame().evaluate(() => {
      const root = document.querySelector('.latch-root') ?? document.body;
      return root.getBoundingClientRect().height;
    });
  }
}
