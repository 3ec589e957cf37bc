import type { ReactNode, Ref } from 'react';

/** The Devices and Platforms & tools pages' buttons: a quiet one, and one that takes something away. */
export const secondaryButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-white px-3.5 py-2 text-sm font-semibold text-slate-900 shadow-sm ring-1 ring-slate-900/15 ring-inset hover:bg-slate-50 aria-busy:cursor-progress';
export const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-white px-3.5 py-2 text-sm font-semibold text-red-700 shadow-sm ring-1 ring-red-600/30 ring-inset hover:bg-red-50 aria-busy:cursor-progress';
export const confirmDangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-3.5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-700 aria-busy:cursor-progress';

/** A heading inside a section of the account center (its page title is the h2). */
export const SubHeading = ({
  id,
  children,
  ref,
}: {
  id: string;
  children: ReactNode;
  ref?: Ref<HTMLHeadingElement>;
}) => (
  <h3 id={id} ref={ref} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
    {children}
  </h3>
);
