import type { ReactNode } from 'react';

/** No chrome: for /sso/rqx and the 'Error 404' page. Content is centred on the page. */
export const BareLayout = ({ children }: { children: ReactNode }) => (
  <main id="main" className="flex min-h-dvh w-full flex-col items-center justify-center bg-slate-50 px-4">
    {children}
  </main>
);
