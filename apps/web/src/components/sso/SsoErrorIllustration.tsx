import { cx } from '../../lib/class-names';

/**
 * Spec §2 SSO error page illustration: an ID card turned away by a locked padlock, with a warning
 * badge. Drawn inline (no image request, no CSP exception) and decorative: the heading says it all.
 */
export const SsoErrorIllustration = ({ className }: { className?: string }) => (
  <svg viewBox="0 0 240 180" aria-hidden="true" className={cx('h-auto', className)} fill="none">
    <circle cx="120" cy="86" r="78" className="fill-primary-50" />
    <ellipse cx="122" cy="162" rx="76" ry="7" className="fill-slate-200" />

    {/* The ID card, slightly tilted as if pushed back. */}
    <g transform="rotate(-7 112 86)">
      <rect
        x="52"
        y="46"
        width="112"
        height="76"
        rx="11"
        className="fill-white stroke-slate-300"
        strokeWidth="2"
      />
      <rect x="52" y="46" width="112" height="16" rx="11" className="fill-primary-100" />
      <rect x="52" y="54" width="112" height="8" className="fill-primary-100" />
      <circle cx="80" cy="88" r="13" className="fill-primary-200" />
      <circle cx="80" cy="84" r="5" className="fill-primary-500" />
      <path d="M70.5 97a9.5 9.5 0 0 1 19 0" className="fill-primary-500" />
      <rect x="102" y="76" width="46" height="6" rx="3" className="fill-slate-200" />
      <rect x="102" y="88" width="34" height="6" rx="3" className="fill-slate-200" />
      <rect x="102" y="100" width="40" height="6" rx="3" className="fill-slate-100" />
    </g>

    {/* The padlock that stays shut. */}
    <path
      d="M156 110V98a16 16 0 0 1 32 0v12"
      className="stroke-slate-600"
      strokeWidth="7"
      strokeLinecap="round"
    />
    <rect x="144" y="106" width="56" height="46" rx="10" className="fill-primary-700" />
    <rect x="144" y="106" width="56" height="10" rx="5" className="fill-primary-600" />
    <circle cx="172" cy="126" r="6" className="fill-white" />
    <rect x="169.5" y="128" width="5" height="13" rx="2.5" className="fill-white" />

    {/* The warning badge. */}
    <circle cx="66" cy="40" r="17" className="fill-red-500" />
    <circle cx="66" cy="40" r="17" className="stroke-white" strokeWidth="3" />
    <rect x="63.5" y="29" width="5" height="14" rx="2.5" className="fill-white" />
    <circle cx="66" cy="49" r="2.8" className="fill-white" />

    {/* Sparkles. */}
    <path d="M206 52v12M200 58h12" className="stroke-business-400" strokeWidth="3" strokeLinecap="round" />
    <path d="M34 104v8M30 108h8" className="stroke-primary-300" strokeWidth="2.5" strokeLinecap="round" />
    <circle cx="214" cy="120" r="4" className="fill-primary-200" />
    <circle cx="30" cy="70" r="3" className="fill-business-300" />
  </svg>
);
