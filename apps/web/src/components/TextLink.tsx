import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An in-app link in the current platform's accent colour. */
export const TextLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Link to={to} className="rounded font-medium text-accent-700 underline-offset-4 hover:underline">
    {children}
  </Link>
);
