import { cx } from '../lib/class-names';

interface SpinnerProps {
  /** Announced to screen readers; omit when a surrounding element already announces the wait. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** `inverse` is for a spinner on a coloured button. */
  tone?: 'accent' | 'inverse';
  className?: string;
}

const sizes = { sm: 'size-4 border-2', md: 'size-6 border-[3px]', lg: 'size-10 border-4' } as const;
const tones = {
  accent: 'border-accent-200 border-t-accent-600',
  inverse: 'border-white/40 border-t-white',
} as const;

/** The loading animation (spec §2 busy screens). With a label it is a live status region. */
export const Spinner = ({ label, size = 'md', tone = 'accent', className }: SpinnerProps) => {
  const ring = (
    <span
      aria-hidden="true"
      className={cx('inline-block animate-spin rounded-full', tones[tone], sizes[size], className)}
    />
  );
  if (!label) return ring;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      {ring}
    </span>
  );
};
