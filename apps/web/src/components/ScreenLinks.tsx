import type { ReactNode } from 'react';

/** The row of secondary actions under a form ("Forgot password?", "Sign up", …). */
export const ScreenLinks = ({ children }: { children: ReactNode }) => (
  <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-slate-100 pt-5 text-sm text-slate-600">
    {children}
  </div>
);
