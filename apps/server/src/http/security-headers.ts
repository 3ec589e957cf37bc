import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The landing page's promotional video (spec §1), played only when the visitor asks for it. The web
 * app reads its address from VITE_PROMO_VIDEO_URL at build time, with this same default; the CSP lets
 * frames come from its origin and nowhere else.
 */
const DEFAULT_PROMO_VIDEO_URL = 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE';

/**
 * Content-Security-Policy the web app runs under: nothing inline, no script, style or frame from
 * elsewhere but the video's player; images from https too (tools' logos).
 */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    // A partner tool's logo comes from the tool's own https address (the registry's `logo`).
    imgSrc: ["'self'", 'data:', 'https:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    frameSrc: [new URL(DEFAULT_PROMO_VIDEO_URL).origin],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/**
 * The headers Helmet would set, worked out once. Helmet's middleware writes the same headers on
 * every response; asking it once at start-up (instead of per request, as @fastify/helmet does,
 * where it was 6 % of a look-up's CPU) keeps its vetted defaults at no cost per request.
 */
export const securityHeaders = (options: { https: boolean }): Readonly<Record<string, string>> => {
  const config: HelmetOptions = {
    contentSecurityPolicy,
    crossOriginEmbedderPolicy: false,
    // frame-ancestors 'none' above; the older header says the same to browsers that predate it.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.https,
  };
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(config)({} as IncomingMessage, collector as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet's middleware is synchronous; if a version ever is not, fail at start-up, not silently.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return Object.freeze(headers);
};

/** Every response carries the security headers; a route may still override one (e.g. Referrer-Policy). */
export const registerSecurityHeaders = (app: FastifyInstance, options: { https: boolean }) => {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
};
