import type { SocialIntent, SocialProvider } from '@hub/core';
import type { FlowContextRecord } from '../flow-context.js';
import type { Transitions } from '../transitions.js';

/**
 * The social sign-in flow, a server record of kind 'social' (flow.mermaid beside this
 * file draws the same table):
 *
 *   started --(callback, once)--> exchanging --(linked identity or new person)--> completed
 *                                     |--(verified email of an existing account)--> awaiting_password
 *                                     |--(cancelled, provider down, unverified, refused)--> failed
 *   awaiting_password --(that account's password)--> completed
 *
 * The flow id is the SHA-256 of the `state` sent to the provider, so a callback finds its flow by
 * its state alone, and the flow is bound to the browser that started it (flow-binding cookie).
 * The nonce and the PKCE verifier never leave the server.
 */
export const socialStates = {
  started: 'started',
  exchanging: 'exchanging',
  awaitingPassword: 'awaiting_password',
  completed: 'completed',
  failed: 'failed',
} as const;
export type SocialState = (typeof socialStates)[keyof typeof socialStates];
export const socialInitial = socialStates.started;
/**
 * The legal moves: moveFlow accepts no other, at compile time and when it runs. Only the callback
 * that moves the flow out of `started` goes on, so a replayed callback finds nothing to do.
 */
export const socialTransitions = {
  started: ['exchanging'],
  exchanging: ['completed', 'awaiting_password', 'failed'],
  awaiting_password: ['completed'],
  completed: [],
  failed: [],
} as const satisfies Transitions<SocialState>;

/** What the flow remembers besides the page's context: secrets for the exchange, then the identity. */
export interface SocialFlowContext extends FlowContextRecord {
  provider: SocialProvider;
  intent: SocialIntent;
  nonce: string;
  codeVerifier: string;
  /** Set once the provider answered and the identity waits for the account's password. */
  identity?: { subject: string; email: string };
}
