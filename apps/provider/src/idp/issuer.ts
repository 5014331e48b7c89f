/**
 * A project's OpenID Connect issuer. Every project of a provider shares one auth origin, so the
 * issuer carries the project id: each project then has its own discovery document, keys and
 * clients, and an ID token of one project never verifies as another's. Discovery is at
 * `<issuer>/.well-known/openid-configuration` (OpenID Connect Discovery 1.0 section 4).
 */
export const projectIssuer = (authOrigin: string, projectId: string): string =>
  `${authOrigin}/v1/public/${encodeURIComponent(projectId)}`;

/** The hono path under which every issuer-relative route lives. */
export const ISSUER_PATH = '/v1/public/:project_id';

/** The endpoints of an issuer, as the discovery document names them. */
export const issuerEndpoints = (issuer: string) => ({
  authorization_endpoint: `${issuer}/oauth2/authorize`,
  token_endpoint: `${issuer}/oauth2/token`,
  userinfo_endpoint: `${issuer}/oauth2/userinfo`,
  revocation_endpoint: `${issuer}/oauth2/revoke`,
  introspection_endpoint: `${issuer}/oauth2/introspect`,
  end_session_endpoint: `${issuer}/oauth2/logout`,
});

/**
 * Where a logout ends when the application asked for no post-logout redirect: the issuer's own
 * "logged out" page. Every client of the project may end there, so the logout screen (which always
 * sends the visitor somewhere) has a target that belongs to no application.
 */
export const loggedOutPage = (issuer: string): string => `${issuer}/oauth2/logged_out`;

/** The project's JWKS: the session keys sign ID and access tokens too (`typ` tells them apart). */
export const jwksUri = (authOrigin: string, projectId: string): string =>
  `${authOrigin}/v1/sessions/jwks/${encodeURIComponent(projectId)}`;
