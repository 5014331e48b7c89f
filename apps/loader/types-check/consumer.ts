/**
 * A host app's code, compiled against the bundled `dist/loader.d.mts` alone (the file npm users
 * get), by `npm run build`: the ESM build's types are complete and self-contained.
 */
import { createClient, type LoginMountOptions, type WidgetEvent } from '../dist/loader.mjs';

const latch = createClient('public-token-test-consumer', { authOrigin: 'https://auth.example.com' });

const options: LoginMountOptions = {
  elementId: '#login',
  config: { products: ['emailMagicLinks', 'passwords'] },
  strings: { 'login.title': 'Welcome to Orbit', 'password.emailResent': 'Sent again' },
  callbacks: { onEvent: (event: WidgetEvent) => console.log(event.type) },
};
const handle = latch.mountLogin(options);
handle.focus();
handle.unmount();

latch.mountLogin({
  elementId: '#login',
  config: { products: ['emailMagicLinks'] },
  // @ts-expect-error a misspelt string id does not compile
  strings: { 'login.titel': 'Welcome to Orbit' },
});

latch.mountLogin({
  elementId: '#login',
  // @ts-expect-error products are a closed set
  config: { products: ['carrierPigeon'] },
});
