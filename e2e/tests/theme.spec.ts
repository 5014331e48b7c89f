import { expect, test } from '../fixtures/test';

const boxOf = (el: Element) => ({
  width: el.getBoundingClientRect().width,
  maxWidth: getComputedStyle(el).maxWidth,
});

test('the default theme gives a 400px container', async ({ host }) => {
  await host.open();
  await host.login.expectShown();
  expect(await host.login.container().evaluate(boxOf)).toEqual({ width: 400, maxWidth: '400px' });
});

test('a container width in styles resizes the container and the iframe', async ({ host }) => {
  await host.open({ styles: { container: { width: '520px' } } });
  await host.login.expectShown();
  expect(await host.login.container().evaluate(boxOf)).toEqual({ width: 520, maxWidth: '520px' });
  expect(await host.iframe.evaluate((el) => el.getBoundingClientRect().width)).toBe(520);
});
