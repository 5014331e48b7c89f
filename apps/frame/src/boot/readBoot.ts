import { FRAME_BOOT_ELEMENT_ID, type BootstrapResponse, type FrameBoot } from '@latch/api';
import { isPlainObject } from '@latch/api';
import type { Result } from '@latch/protocol';

/*
 * Plain checks, not the protocol's schemas: the boot data is read before the first render, and the
 * schema library stays out of the first screen's JavaScript (it loads with the host channel).
 */
const isString = (value: unknown, maxLength: number): value is string =>
  typeof value === 'string' && value.length <= maxLength;
const isStringList = (value: unknown, maxItems: number, maxLength: number): value is string[] =>
  Array.isArray(value) && value.length <= maxItems && value.every((item) => isString(item, maxLength));

const origin = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
};

/** The fields of the bootstrap the frame reads; extra fields from a newer provider are kept. */
function checkBootstrap(value: unknown): value is BootstrapResponse {
  if (!isPlainObject(value)) return false;
  const v = value;
  return (
    isString(v['project_name'], 500) &&
    typeof v['disable_sdk_watermark'] === 'boolean' &&
    isStringList(v['email_domains'], 1000, 253) &&
    (v['password_config'] === null || isPlainObject(v['password_config'])) &&
    (v['rbac_policy'] === null || isPlainObject(v['rbac_policy']))
  );
}

/** Validates the boot JSON the provider rendered into the document (never the URL). */
export function parseBoot(value: unknown): Result<FrameBoot> {
  if (!isPlainObject(value)) return { ok: false, error: 'boot: not an object' };
  const { publicToken, projectId, apiBaseUrl, allowedOrigins, bootstrap } = value;
  if (!isString(publicToken, 512) || publicToken === '') return { ok: false, error: 'boot.publicToken' };
  if (!isString(projectId, 512)) return { ok: false, error: 'boot.projectId' };
  if (typeof apiBaseUrl !== 'string' || !/^https?:\/\/[^/?#]+$/.test(apiBaseUrl)) {
    return { ok: false, error: 'boot.apiBaseUrl' };
  }
  if (!Array.isArray(allowedOrigins) || allowedOrigins.length === 0 || !allowedOrigins.every(origin)) {
    return { ok: false, error: 'boot.allowedOrigins' };
  }
  if (!checkBootstrap(bootstrap)) return { ok: false, error: 'boot.bootstrap' };
  return {
    ok: true,
    value: {
      publicToken,
      projectId,
      apiBaseUrl,
      allowedOrigins,
      bootstrap,
    },
  };
}

export function readBoot(doc: Document): Result<FrameBoot> {
  const text = doc.getElementById(FRAME_BOOT_ELEMENT_ID)?.textContent;
  if (!text) return { ok: false, error: `#${FRAME_BOOT_ELEMENT_ID} is missing` };
  try {
    return parseBoot(JSON.parse(text));
  } catch {
    return { ok: false, error: `#${FRAME_BOOT_ELEMENT_ID} is not JSON` };
  }
}
