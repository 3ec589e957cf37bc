import { useState } from 'react';
import { cx } from '../../lib/class-names';
import { toolLogoSrc } from '../../lib/tool-session';
import { Logo } from '../Logo';

interface ToolLogoProps {
  /** The tool's logo (tinfo[0].logo): a path of ours or an https URL; anything else is not requested. */
  logo: string | undefined;
  /** Edge length in px. */
  size?: number;
  className?: string;
}

/**
 * A partner tool's logo, from the hub or the tool's own https address (asked for without a
 * Referer). A missing logo, one the CSP would refuse, or one that fails to load shows the hub's
 * mark instead.
 */
export const ToolLogo = ({ logo, size = 36, className }: ToolLogoProps) => {
  const [broken, setBroken] = useState(false);
  const src = toolLogoSrc(logo, window.location.origin);
  // Decorative like the image: the tool's name is always written beside it.
  if (!src || broken)
    return (
      <span aria-hidden="true" className="inline-flex shrink-0">
        <Logo size={size} className={className} />
      </span>
    );
  return (
    <img
      src={src}
      alt=""
      referrerPolicy="no-referrer"
      width={size}
      height={size}
      className={cx('shrink-0 rounded-lg object-contain', className)}
      style={{ width: size, height: size }}
      onError={() => setBroken(true)}
    />
  );
};
