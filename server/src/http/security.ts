import { secureHeaders } from 'hono/secure-headers';

/**
 * Strict security headers and a Content-Security-Policy the client works under: scripts only from this
 * origin, no framing, no plugins. Inline style attributes are allowed because Radix positions popovers with
 * them; images may come from https (profile pictures from Google / Facebook).
 */
export function securityHeaders(production: boolean) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      ...(production ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: production ? 'max-age=63072000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  });
}
