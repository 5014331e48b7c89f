/**
 * A host app's code, compiled against the packed `@latch/loader` alone (its bundled
 * `dist/loader.d.mts`, the file npm users get) by `npm run pack:check`: the ESM build's types are
 * complete and self-contained, and they refuse what they should.
 */
import { createClient, type LoginMountOptions, type WidgetEvent } from '@latch/loader';

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

// Event payloads narrow by type; error types are the provider's list.
latch.mountLogin({
  elementId: '#login',
  config: { products: ['otp'], otpOptions: { methods: ['email'] } },
  callbacks: {
    onEvent(event) {
      switch (event.type) {
        case 'OTP_AUTHENTICATE': {
          const userId: string = event.data.user.user_id;
          const sessionJwt: string = event.data.session_jwt;
          console.log(userId, sessionJwt, event.data.method_id);
          break;
        }
        case 'OTP_LOGIN_OR_CREATE':
          // @ts-expect-error sending a passcode signs nobody in: no user in the payload
          console.log(event.data.user);
          break;
        case 'OAUTH_AUTHORIZE_FLOW_COMPLETE': {
          const granted: boolean = event.data.consent_granted;
          console.log(granted);
        }
      }
    },
    onError(error) {
      if (error.error_type === 'otp_code_not_found') console.log(error.message, error.status_code);
    },
  },
});

// @ts-expect-error createClient options are a closed set
createClient('public-token-test-consumer', { authOrign: 'https://auth.example.com' });
