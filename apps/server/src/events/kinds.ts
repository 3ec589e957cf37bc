/**
 * The kinds of event the hub sends to tools and platform sites (docs/events.md). Every event is
 * about one account; its `data` always carries `account_id`, plus what the kind names below.
 */
export const EVENT_KINDS = [
  /** The account was erased (its deletion came due): forget the person. */
  'account.deleted',
  /** The sign-in email changed; `data.email` is the new address. */
  'account.email_changed',
  /** Names or other profile fields changed; read them again through the platform API. */
  'account.profile_updated',
  /** An operator locked the account (the console); its sessions end, sign-ins are refused. */
  'account.locked',
  'account.unlocked',
  /** The person signed out of the hub (single sign-out): end the tool's own session. */
  'session.ended',
  /** The account became a member of the tool (`data.tid`) or lost it. */
  'membership.added',
  'membership.removed',
  /** The account was linked to another platform (`data.platform`). */
  'platform.linked',
] as const;

export type EventKind = (typeof EVENT_KINDS)[number];

export const isEventKind = (value: string): value is EventKind =>
  (EVENT_KINDS as readonly string[]).includes(value);

/** The body every endpoint receives, the Standard Webhooks shape: type, timestamp, data. */
export interface EventBody {
  type: EventKind;
  /** ISO 8601, when the change happened. */
  timestamp: string;
  data: { account_id: string } & Record<string, string | number | boolean | null>;
}
