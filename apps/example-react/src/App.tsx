import { useState, type ReactNode } from 'react';
import { LatchLogin, useLatchClient, useLatchSession, type LoginConfig } from '@latch/react';

// Email passcodes: works with the local provider's dev inbox, no mail server needed.
const config: LoginConfig = {
  products: ['otp'],
  otpOptions: { methods: ['email'], expirationMinutes: 10 },
};

export function App() {
  const { user, session, isInitialized } = useLatchSession();
  const client = useLatchClient();
  const [error, setError] = useState<string | null>(null);

  if (!isInitialized) {
    return (
      <Page>
        <p>Loading…</p>
      </Page>
    );
  }

  if (user && session) {
    const email = user.emails[0]?.email ?? user.user_id;
    const signOut = () => {
      setError(null);
      client?.session.revoke({ forceClear: true }).catch((e: unknown) => setError(String(e)));
    };
    return (
      <Page>
        <h2>Welcome back</h2>
        <p role="status">Signed in as {email}</p>
        <p>Session expires at {new Date(session.expires_at).toLocaleString()}</p>
        <button type="button" onClick={signOut}>
          Sign out
        </button>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
      </Page>
    );
  }

  return (
    <Page>
      <p role="status">Signed out</p>
      <LatchLogin config={config} callbacks={{ onError: (e) => setError(e.message) }} />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </Page>
  );
}

/** The page around the app: a header with the way back to the demo, the content centred. */
function Page({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="top">
        <h1>Latch React example</h1>
        <nav>
          <a href="/">Demo host</a>
        </nav>
      </header>
      <main className="page">{children}</main>
    </>
  );
}
