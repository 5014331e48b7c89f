import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

type KeyPair = Parameters<typeof x509.X509CertificateGenerator.createSelfSigned>[0]['keys'];

const pem = (label: string, der: ArrayBuffer): string =>
  `-----BEGIN ${label}-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim()}\n-----END ${label}-----\n`;

/**
 * A throwaway ECDSA P-256 certificate for 127.0.0.1 and localhost, valid for a day: the provider
 * under test listens on HTTPS with it, and the clients trust exactly this certificate.
 */
export async function selfSignedCertificate(): Promise<{ key: string; cert: string }> {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys: KeyPair = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const now = Date.now();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=127.0.0.1',
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 24 * 3600_000),
    signingAlgorithm: algorithm,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.SubjectAlternativeNameExtension([
        { type: 'ip', value: '127.0.0.1' },
        { type: 'dns', value: 'localhost' },
      ]),
    ],
  });
  return {
    key: pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)),
    cert: certificate.toString('pem'),
  };
}
