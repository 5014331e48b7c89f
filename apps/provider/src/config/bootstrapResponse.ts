import type { BootstrapResponse } from '@latch/api';
import type { ProjectConfig } from './configSchema';

/** The domain of the sender address, so the widget can narrow a webmail search. */
function senderDomains(project: ProjectConfig): string[] {
  const domain = project.smtp ? /@([^>\s]+)>?\s*$/.exec(project.smtp.from)?.[1] : undefined;
  return domain ? [domain.toLowerCase()] : [];
}

/** GET /sdk/v1/projects/bootstrap/{public_token}, also inlined into every frame document. */
export function bootstrapResponse(project: ProjectConfig): BootstrapResponse {
  const policy = project.password_policy;
  return {
    project_name: project.name,
    disable_sdk_watermark: !project.display_watermark,
    cname_domain: null,
    email_domains: senderDomains(project),
    captcha_settings: { enabled: false },
    pkce_required_for_email_magic_links: false,
    pkce_required_for_password_resets: false,
    pkce_required_for_oauth: false,
    password_config:
      policy.type === 'luds'
        ? { luds_complexity: policy.luds_complexity, luds_minimum_count: policy.luds_minimum_count }
        : null,
    pkce_required_for_sso: false,
    slug_pattern: null,
    create_organization_enabled: false,
    dfp_protected_auth_enabled: false,
    // No roles or resources: Latch has no RBAC checks, so no caller holds a permission. The lists
    // are still sent, as Stytch's SDK reads them from every answer.
    rbac_policy: {
      roles: [],
      resources: [],
      scopes: project.rbac_scopes.map(({ scope, description }) => ({ scope, description })),
    },
    siwe_required_for_crypto_wallets: false,
    vertical: 'CONSUMER',
    // The dev identity provider serves test projects only.
    oauth_providers: project.oauth_providers.filter((p) => !p.dev_idp || project.test).map((p) => p.type),
  };
}
