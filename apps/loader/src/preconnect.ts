/** Warms the connection to the auth origin while the host page is still busy. */
export function preconnect(origin: string): void {
  if (origin === location.origin || document.querySelector(`link[rel=preconnect][href="${origin}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = origin;
  document.head.appendChild(link);
}
