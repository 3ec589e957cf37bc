// Apart from flow-states.ts, which imports every flow's table: the flows import this type alone,
// so no flow.ts imports the module that imports it back.

/**
 * A flow's transition table: every state it can be in, and the states each may move to. A state
 * with no moves is final. Each flow's flow.ts declares its own table `as const satisfies
 * Transitions<ItsState>`, so a state missing from the table, or a move to a state the flow does not
 * have, is a compile error there.
 */
export type Transitions<S extends string> = { readonly [F in S]: readonly S[] };
