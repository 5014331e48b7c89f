/*
 * RFC 3986's `URI` production (section 3 and appendix A), as a pattern: what EIP-4361 requires
 * of a Sign-In with Ethereum message's resources. `URL.canParse` is far looser (it takes spaces,
 * quotes, braces, backslashes), and a wallet's SIWE parser refuses what this refuses.
 */
const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const PCT = '%[0-9A-Fa-f]{2}';
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`;
const SEGMENT = `${PCHAR}*`;
const SEGMENT_NZ = `${PCHAR}+`;
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*`;
// IPv6 and IPvFuture literals by their alphabet: the grammar inside the brackets matters to no parser here.
const IP_LITERAL = `\\[(?:[0-9A-Fa-f:.]+|v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+)\\]`;
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*`;
const AUTHORITY = `(?:${USERINFO}@)?(?:${IP_LITERAL}|${REG_NAME})(?::[0-9]*)?`;
const HIER_PART =
  `(?://${AUTHORITY}(?:/${SEGMENT})*` + // "//" authority path-abempty
  `|/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?` + // path-absolute
  `|${SEGMENT_NZ}(?:/${SEGMENT})*` + // path-rootless
  '|)'; // path-empty
const QUERY = `(?:${PCHAR}|[/?])*`;
// "////": an empty authority then a path that starts "//", which a URI reader takes for an authority again.
const URI = new RegExp(`^[A-Za-z][A-Za-z0-9+\\-.]*:(?!////)${HIER_PART}(?:\\?${QUERY})?(?:#${QUERY})?$`);

/** True when `value` is an absolute URI by RFC 3986: a scheme, then only the characters it allows. */
export const isUri = (value: string): boolean => URI.test(value);
