import type { RouteId } from '@hub/core';

// Its own module, apart from the lazy registry: components name screens without importing the
// registry, which imports every screen (and so, through them, the components again).
export type ScreenId = RouteId | 'not_found';
