import { defaultPlatformInitial, defaultPlatformTransitions } from './default-platform/flow.js';
import { emailChangeInitial, emailChangeTransitions } from './email-change/flow.js';
import { linkingInitial, linkingTransitions } from './linking/flow.js';
import { loginInitial, loginTransitions } from './login/flow.js';
import { resetInitial, resetTransitions } from './reset/flow.js';
import { secondFactorInitial, secondFactorTransitions } from './second-factor/flow.js';
import { signupInitial, signupTransitions } from './signup/flow.js';
import { socialInitial, socialTransitions } from './social/flow.js';
import { switchingInitial, switchingTransitions } from './switching/flow.js';
import { workAccountInitial, workAccountTransitions } from './work-account/flow.js';

export type { Transitions } from './transitions.js';

/** Every kind of flow, with the state it starts in and its transition table. */
export const flowMachines = {
  login: { initial: loginInitial, transitions: loginTransitions },
  signup: { initial: signupInitial, transitions: signupTransitions },
  reset: { initial: resetInitial, transitions: resetTransitions },
  switching: { initial: switchingInitial, transitions: switchingTransitions },
  linking: { initial: linkingInitial, transitions: linkingTransitions },
  default_platform: { initial: defaultPlatformInitial, transitions: defaultPlatformTransitions },
  work_account: { initial: workAccountInitial, transitions: workAccountTransitions },
  social: { initial: socialInitial, transitions: socialTransitions },
  email_change: { initial: emailChangeInitial, transitions: emailChangeTransitions },
  second_factor: { initial: secondFactorInitial, transitions: secondFactorTransitions },
} as const;
type Machines = typeof flowMachines;

/**
 * Login, sign-up and reset; switching, linking, the default platform, a work account; a provider
 * sign-in; an email change; the second step of a sign-in. Each kind's definition (states and
 * transition table) is `flows/<kind>/flow.ts`.
 */
export type FlowKind = keyof Machines;
/** The states a flow of kind K can be in. */
export type FlowStateOf<K extends FlowKind> = keyof Machines[K]['transitions'] & string;
/** The state a new flow of kind K starts in. */
export type InitialStateOf<K extends FlowKind> = Machines[K]['initial'];
/** The states a flow of kind K may move to from `F`. */
export type NextStateOf<
  K extends FlowKind,
  F extends FlowStateOf<K>,
> = Machines[K]['transitions'][F] extends readonly (infer S)[] ? S : never;

/**
 * A legal move of a flow of kind K, with the other columns it writes. For several kinds at once
 * (a step shared by sign-up and reset), a move legal for one of them.
 */
export type FlowMove<K extends FlowKind> = K extends FlowKind
  ? {
      [F in FlowStateOf<K>]: { from: F; to: NextStateOf<K, F>; changes?: FlowMoveChanges };
    }[FlowStateOf<K>]
  : never;

/** What a move may write besides the state: never the id, kind or state themselves. */
export interface FlowMoveChanges {
  account_id?: string | null;
  context?: string;
  binding_hash?: string;
}

const tableOf = (kind: FlowKind): Readonly<Record<string, readonly string[]>> =>
  flowMachines[kind].transitions;

export const isFlowKind = (kind: string): kind is FlowKind => Object.hasOwn(flowMachines, kind);

/** Whether a flow of this kind has this state: a row with any other is treated as gone. */
export const isFlowState = <K extends FlowKind>(kind: K, state: string): state is FlowStateOf<K> =>
  Object.hasOwn(tableOf(kind), state);

/** Whether the table lets a flow of this kind move from one state to the other (checked again at run time). */
export const isLegalMove = (kind: FlowKind, from: string, to: string): boolean =>
  isFlowState(kind, from) && (tableOf(kind)[from] ?? []).includes(to);
