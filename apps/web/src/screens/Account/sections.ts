import type { AccountRouteId } from '@hub/core';

/** The account center's pages, as its navigation lists them. */
export const accountSections: ReadonlyArray<{ id: AccountRouteId; label: string; description: string }> = [
  { id: 'account', label: 'Profile', description: 'Your name, how you sign in and your platforms.' },
  {
    id: 'account_security',
    label: 'Sign-in & security',
    description: 'Your password, email, linked Google or Facebook, and two-step sign-in.',
  },
  {
    id: 'account_sessions',
    label: 'Devices',
    description: 'Where you are signed in, and your sign-in history.',
  },
  {
    id: 'account_access',
    label: 'Platforms & tools',
    description: 'Your platforms, linked accounts, and the tools and apps that can use your account.',
  },
  { id: 'account_data', label: 'Your data', description: 'Download your data or delete your account.' },
];
