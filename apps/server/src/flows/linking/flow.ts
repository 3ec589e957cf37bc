import type { FlowContextRecord } from '../flow-context.js';
import type { Transitions } from '../transitions.js';

/**
 * Switching option2 (spec §2, §6): the signed-in account is linked under a parent account.
 *
 *   identified --(the parent's right password)--> completed
 *
 * The flow's account is the parent (whose password is asked: the parent's consent); the child is
 * the account signed in when the flow started, and must still be the one signed in at the end.
 * An account has at most one parent (account_links is unique on child and kind), so two flows
 * that race to link one child leave one link.
 */
export const linkingStates = { identified: 'identified', completed: 'completed' } as const;
export type LinkingState = (typeof linkingStates)[keyof typeof linkingStates];
export const linkingInitial = linkingStates.identified;
/** The legal moves: moveFlow accepts no other, at compile time and when it runs. */
export const linkingTransitions = {
  identified: ['completed'],
  completed: [],
} as const satisfies Transitions<LinkingState>;

/** What a linking flow remembers besides the page's context: the server's own decision of the child. */
export interface LinkingContext extends FlowContextRecord {
  childAccountId?: string;
}
