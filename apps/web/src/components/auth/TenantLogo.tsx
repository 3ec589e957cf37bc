import { type Platform, platformProductNames } from '@hub/core';
import { useToolOfSession } from '../../hooks/use-tool-info';
import { cx } from '../../lib/class-names';
import { Logo } from '../Logo';
import { ToolLogo } from '../sso/ToolLogo';

/** The Personal or Business logo: the hub's mark with the platform's name in its colour. */
export const PlatformLogo = ({ platform }: { platform: Platform }) => (
  <span className="inline-flex items-center gap-2.5" data-testid="platform-logo">
    <Logo size={36} />
    <span
      className={cx(
        'text-lg font-semibold tracking-tight',
        platform === 'psl' ? 'text-primary-700' : 'text-business-700',
      )}
    >
      {platformProductNames[platform]}
    </span>
  </span>
);

/**
 * Spec §2: with a `from` tool session, the tenant's logo and name (tinfo[0], as the hub reads it);
 * without one, or when its logo cannot be shown (missing, blocked by the CSP, broken), the platform
 * logo.
 */
export const TenantLogo = ({ platform, from }: { platform: Platform; from: string | null }) => {
  // The hub reads the tool session; until it answers, the platform logo.
  const tenant = useToolOfSession(from);
  if (!tenant) return <PlatformLogo platform={platform} />;
  return (
    <span className="inline-flex min-w-0 items-center gap-2.5" data-testid="tenant-logo">
      <ToolLogo logo={tenant.logo} size={36} />
      <span className="truncate text-lg font-semibold tracking-tight text-slate-900">{tenant.name}</span>
    </span>
  );
};
