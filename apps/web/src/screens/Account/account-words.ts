import type { AccountKind } from '@hub/core';

/** Spec §3/§6 `ut` in words, as the Profile page says it. */
export const accountTypeWords = (userType: number): string => {
  switch (userType) {
    case 0:
      return 'Individual';
    case 1:
      return 'Business owner';
    case 2:
      return 'Company';
    case 5:
      return 'Client';
    default:
      return `Account type ${userType}`;
  }
};

export const identifierLabels: Record<AccountKind, string> = {
  email: 'Email',
  mobile_num: 'Mobile number',
  username: 'Username',
};

/** A name as one line: first, middle, last, suffix. */
export const fullName = (name: {
  first: string;
  middle: string | null;
  last: string;
  suffix: string | null;
}) => [name.first, name.middle, name.last, name.suffix].filter(Boolean).join(' ');
