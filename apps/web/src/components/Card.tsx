import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';

interface CardProps {
  children: ReactNode;
  /** `form` is the spec's card (460 px on tablet, 496 px on desktop); `wide` is for documents and the landing page. */
  width?: 'form' | 'wide';
  className?: string;
}

/** A white panel on the soft page background; full width on mobile. */
export const Card = ({ children, width = 'form', className }: CardProps) => (
  <div
    className={cx(
      'w-full rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/5 tablet:p-8',
      width === 'form' ? 'tablet:max-w-card-tablet desktop:max-w-card' : 'max-w-3xl',
      className,
    )}
  >
    {children}
  </div>
);
