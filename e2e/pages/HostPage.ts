import type { Frame, FrameLocator, Locator, Page } from '@playwright/test';
import { AUTH_ORIGIN } from '../support/env';
import type { HostRecorder, MountOptions, SessionTokens } from '../support/hostRecorder';
import { LoginScreen } from './LoginScreen';
import { PasscodeScreen } from './PasscodeScreen';
import { PasswordScreen } from './PasswordScreen';

/** The host page's own cookies that hold the session (Stytch's names). */
export const SESSION_COOKIES = ['stytch_session', 'stytch_session_jwt'];

/** The fixture host page (e2e/fixtures/pages/host.html) on a given origin, and the widget it mounts. */
export class HostPage {
  readonly iframe: Locator;
  readonly frame: FrameLocator;
  readonly login: LoginScreen;
  readonly passcode: PasscodeScreen;
  readonly password: PasswordScreen;
  /** What the host shows of `client.session` ('signed in as <user_id>' or 'signed out'). */
  readonly sessionState: Locator;

  constructor(
    readonly page: Page,
    readonly origin: string,
  ) {
    this.iframe = page.locator('iframe');
    this.frame = page.frameLocator('iframe');
    this.login = new LoginScreen(this.frame);
    this.passcode = new PasscodeScreen(this.frame);
    this.password = new PasswordScreen(this.frame);
    this.sessionState = page.locator('#session-state');
  }

  /**
   * Opens the host page; it mounts with `options` unless `manual` is set, with the default
   * project's public token unless `token` names another fixture project.
   */
  async open(
    options: MountOptions & {
      manual?: boolean;
      token?: string;
      /** When `goto` returns; 'load' (the default) also waits for the frame's scripts. */
      waitUntil?: 'load' | 'domcontentloaded' | 'commit';
    } = {},
  ): Promise<void> {
    const query = new URLSearchParams();
    if (options.manual) query.set('mount', 'manual');
    if (options.token) query.set('token', options.token);
    if (options.kind) query.set('kind', options.kind);
    if (options.selector) query.set('selector', options.selector);
    if (options.config) query.set('config', JSON.stringify(options.config));
    if (options.styles) query.set('styles', JSON.stringify(options.styles));
    await this.page.goto(`${this.origin}/fixtures/host.html?${query.toString()}`, {
      waitUntil: options.waitUntil ?? 'load',
    });
  }

  /** Mounts (again) from the page; resolves to the message the mount function threw, if any. */
  mount(options: MountOptions): Promise<string | null> {
    return this.page.evaluate((o) => window.latchHost.mount(o), options);
  }

  recorded(): Promise<Pick<HostRecorder, 'events' | 'errors' | 'domEvents' | 'mountError'>> {
    return this.page.evaluate(() => {
      const { events, errors, domEvents, mountError } = window.latchHost;
      return { events, errors, domEvents, mountError };
    });
  }

  /** `client.session.getTokens()` on this page. */
  sessionTokens(): Promise<SessionTokens | null> {
    return this.page.evaluate(() => window.latchHost.tokens());
  }

  /** `client.session.getInfo()` on this page. */
  sessionInfo(): Promise<ReturnType<HostRecorder['info']>> {
    return this.page.evaluate(() => window.latchHost.info());
  }

  /** Signs out with `client.session.revoke()`. */
  async logOut(): Promise<void> {
    await this.page.evaluate(() => window.latchHost.revoke());
  }

  /** Names of the session cookies the host origin holds now. */
  async sessionCookieNames(): Promise<string[]> {
    const cookies = await this.page.context().cookies(`${this.origin}/`);
    return cookies.map((c) => c.name).filter((name) => SESSION_COOKIES.includes(name));
  }

  /** The value of one of the host origin's cookies, or undefined. */
  async cookie(name: string): Promise<string | undefined> {
    const cookies = await this.page.context().cookies(`${this.origin}/`);
    return cookies.find((c) => c.name === name)?.value;
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
