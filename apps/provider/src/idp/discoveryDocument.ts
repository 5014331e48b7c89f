import type { ProjectConfig } from '../config/configSchema';
import { JWT_ALGORITHM } from '../sessions';
import { TOKEN_ENDPOINT_AUTH_METHODS } from './clientAuthentication';
import { issuerEndpoints, jwksUri, projectIssuer } from './issuer';
import { GRANT_TYPES } from './oauth2TokenRoutes';
import { PROMPT_VALUES, RESPONSE_MODES, RESPONSE_TYPES } from './authorizeProblems';
import { STANDARD_SCOPES } from './scopes';
import { SCOPE_CLAIMS } from './userClaims';

/** Claims an ID token or UserInfo answer can carry (the scope claims when the user has them). */
const CLAIMS = [
  'iss',
  'sub',
  'aud',
  'exp',
  'iat',
  'auth_time',
  'nonce',
  ...Object.values(SCOPE_CLAIMS).flat(),
];

/**
 * OpenID Connect Discovery 1.0 section 3 (and RFC 8414) provider metadata of a project: what a
 * relying party configured only by discovery needs, and nothing this provider does not do.
 */
export function discoveryDocument(project: ProjectConfig, authOrigin: string) {
  const issuer = projectIssuer(authOrigin, project.project_id);
  return {
    issuer,
    ...issuerEndpoints(issuer),
    jwks_uri: jwksUri(authOrigin, project.project_id),
    scopes_supported: [...STANDARD_SCOPES, ...project.rbac_scopes.map((s) => s.scope)],
    response_types_supported: RESPONSE_TYPES,
    response_modes_supported: RESPONSE_MODES,
    grant_types_supported: GRANT_TYPES,
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [JWT_ALGORITHM],
    token_endpoint_auth_methods_supported: TOKEN_ENDPOINT_AUTH_METHODS,
    revocation_endpoint_auth_methods_supported: TOKEN_ENDPOINT_AUTH_METHODS,
    introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    code_challenge_methods_supported: ['S256'],
    claims_supported: CLAIMS,
    prompt_values_supported: PROMPT_VALUES,
    authorization_response_iss_parameter_supported: true,
    claims_parameter_supported: false,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
  };
}
