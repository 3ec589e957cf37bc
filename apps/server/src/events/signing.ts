import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new endpoint secret in the Standard Webhooks form: `whsec_` and 32 random bytes in base64. */
export const newEndpointSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * The headers of one delivery attempt, signed with the `standardwebhooks` library: `webhook-id`
 * (the event id, the same on every retry and for every endpoint, so a tool can drop a repeat),
 * `webhook-timestamp` (seconds, the attempt's time) and `webhook-signature`.
 */
export const signedHeaders = (secret: string, eventId: string, payload: string, at: Date) => ({
  'webhook-id': eventId,
  'webhook-timestamp': Math.floor(at.getTime() / 1000).toString(),
  'webhook-signature': new Webhook(secret).sign(eventId, at, payload),
});
