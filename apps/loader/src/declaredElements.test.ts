import type { LoginConfig, WidgetError } from '@latch/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLatchClient, type ClientEnv } from './createClient';
import { declareElements } from './declaredElements';
import { fakeConnect, fakeSession } from './testing';

const pen = fakeConnect();
const env: ClientEnv = {
  scriptOrigin: 'http://localhost:4000',
  connect: pen.connect,
  session: {
    ...fakeSession(),
    getSync: () => null,
    getInfo: () => null,
    authenticate: vi.fn(),
    revoke: vi.fn(),
    authenticateByUrl: vi.fn(),
  },
  loadSession: () => Promise.reject(new Error('the fake session needs no module')),
};
const createClient = vi.fn((token: string) => createLatchClient(token, {}, env));
// As the entry points do once the script has run; the registry lives as long as the page.
declareElements(createClient);

const OTP = { products: ['otp'], otpOptions: { methods: ['email'] } };
const LINKS: LoginConfig = { products: ['emailMagicLinks'] };

/** Lets the elements' microtasks (connect, attribute and property changes, removal) run. */
const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};
const configOf = (iframe: HTMLIFrameElement | null) =>
  JSON.parse(new URL(iframe?.src ?? 'http://x/').searchParams.get('config') ?? 'null') as unknown;
const errorsOf = (element: Element) => {
  const errors: WidgetError[] = [];
  element.addEventListener('stytch-error', (event) =>
    errors.push((event as CustomEvent<WidgetError>).detail),
  );
  return errors;
};

afterEach(() => {
  document.body.innerHTML = '';
  pen.connections.length = 0;
  pen.frame.update.mockClear();
  createClient.mockClear();
  vi.useRealTimers();
});

describe('elements written in HTML', () => {
  it('mount from the config attribute inside the element itself, with a client for their public token', async () => {
    document.body.innerHTML = `<stytch-ui id="login" public-token="public-token-test-html" config='${JSON.stringify(OTP)}'></stytch-ui>`;
    await settle();
    const element = document.getElementById('login');
    const iframe = element?.querySelector('iframe') ?? null;
    expect(iframe?.src).toMatch(
      /^http:\/\/localhost:4000\/frame\/login\?public_token=public-token-test-html&/,
    );
    expect(configOf(iframe)).toEqual(OTP);
    expect(createClient).toHaveBeenCalledTimes(1);
    expect(document.querySelectorAll('stytch-ui')).toHaveLength(1);
  });

  it('update the mounted frame when the attribute or the property changes, without a second frame', async () => {
    document.body.innerHTML = `<stytch-ui public-token="public-token-test-html" config='${JSON.stringify(OTP)}'></stytch-ui>`;
    await settle();
    pen.connections[0]?.connect();
    await settle();
    const element = document.querySelector('stytch-ui') as HTMLElement & { config?: unknown };

    element.setAttribute('config', JSON.stringify(LINKS));
    await settle();
    expect(pen.frame.update).toHaveBeenLastCalledWith(expect.objectContaining({ config: LINKS }));

    // A property wins over the attribute of the same name.
    element.config = OTP;
    await settle();
    expect(pen.frame.update).toHaveBeenLastCalledWith(expect.objectContaining({ config: OTP }));
    expect(element.config).toEqual(OTP);
    expect(element.querySelectorAll('iframe')).toHaveLength(1);
    expect(pen.connections).toHaveLength(1);
    // One client per token: the one made for this token earlier in the file serves it again.
    expect(createClient).not.toHaveBeenCalled();
  });

  it('tear the frame down when removed, and mount afresh when put back', async () => {
    document.body.innerHTML = `<div id="box"><stytch-reset-password public-token="public-token-test-html" config='${JSON.stringify(LINKS)}'></stytch-reset-password></div>`;
    await settle();
    const element = document.querySelector('stytch-reset-password');
    expect(element?.querySelector('iframe')?.src).toContain('/frame/reset-password?');
    element?.remove();
    await settle();
    expect(pen.connections[0]?.destroy).toHaveBeenCalled();
    expect(element?.querySelector('iframe')).toBeNull();

    if (element) document.getElementById('box')?.append(element);
    await settle();
    expect(element?.querySelectorAll('iframe')).toHaveLength(1);
    expect(pen.connections).toHaveLength(2);
  });

  it('wait for a config before mounting, and take one set as a property', async () => {
    const element = document.createElement('stytch-ui') as HTMLElement & { config?: unknown };
    element.setAttribute('public-token', 'public-token-test-prop');
    document.body.append(element);
    await settle();
    expect(element.querySelector('iframe')).toBeNull();
    element.config = LINKS;
    await settle();
    expect(configOf(element.querySelector('iframe'))).toEqual(LINKS);
  });

  it('use the client the page created last when they name no public token', async () => {
    createLatchClient('public-token-test-latest', {}, env);
    document.body.innerHTML = `<stytch-passkey-registration config='${JSON.stringify(LINKS)}'></stytch-passkey-registration>`;
    await settle();
    expect(document.querySelector('iframe')?.src).toMatch(
      /\/frame\/passkey-registration\?public_token=public-token-test-latest&/,
    );
  });

  it("report bad config as mountLogin() would, and keep the frame's previous options", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    document.body.innerHTML = `<stytch-ui public-token="public-token-test-html" config='${JSON.stringify(OTP)}'></stytch-ui>`;
    const element = document.querySelector('stytch-ui') as HTMLElement;
    const errors = errorsOf(element);
    await settle();
    pen.connections[0]?.connect();
    await settle();

    element.setAttribute('config', JSON.stringify({ products: ['sms'] }));
    await settle();
    const expected = (() => {
      try {
        createLatchClient('public-token-test-html', {}, env).mountLogin({
          elementId: 'body',
          // @ts-expect-error: the same bad config, as a host without TypeScript could pass it.
          config: { products: ['sms'] },
        });
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(expected).toMatch(/^Latch: invalid mount option config\.products\[0\]: expected one of/);
    expect(errors).toEqual([{ message: expected }]);
    // Also an uncaught error, so it shows in the console.
    expect(() => vi.runAllTimers()).toThrow(expected);

    element.setAttribute('config', '{products:');
    await settle();
    expect(errors[1]).toEqual({
      message: 'Latch: invalid mount option config: the config attribute is not JSON',
    });
    expect(() => vi.runAllTimers()).toThrow(/not JSON/);
    expect(pen.frame.update).not.toHaveBeenCalled();
    expect(configOf(element.querySelector('iframe'))).toEqual(OTP);
    expect(element.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('leave elements created by mount*() to their handle', async () => {
    document.body.innerHTML = '<div id="login"></div>';
    const client = createLatchClient('public-token-test-imperative', {}, env);
    const handle = client.mountLogin({ elementId: '#login', config: LINKS });
    await settle();
    handle.element.setAttribute('config', JSON.stringify(OTP));
    await settle();
    expect(pen.connections).toHaveLength(1);
    expect(configOf(handle.element.querySelector('iframe'))).toEqual(LINKS);
    expect(pen.frame.update).not.toHaveBeenCalled();
  });
});
