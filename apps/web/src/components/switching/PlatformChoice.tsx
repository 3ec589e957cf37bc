import { type Platform, platformProductNames } from '@hub/core';
import { useId } from 'react';
import type { DefaultPlatformState } from '../../api/switching';
import { cx } from '../../lib/class-names';

interface PlatformChoiceProps {
  platforms: DefaultPlatformState['platforms'];
  selected: Platform;
  onSelect: (platform: Platform) => void;
  error?: string | undefined;
  disabled?: boolean;
}

const linkedOn = new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium' });

/** Option3: the account's platforms as radio choices, the current default marked. */
export const PlatformChoice = ({
  platforms,
  selected,
  onSelect,
  error,
  disabled = false,
}: PlatformChoiceProps) => {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} disabled={disabled} className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">Default platform</legend>
      <div className="mt-2 flex flex-col gap-3">
        {platforms.map((membership) => (
          <label
            key={membership.platform}
            className={cx(
              'flex cursor-pointer items-center gap-3 rounded-xl px-4 py-3 ring-1 transition-colors',
              'has-checked:bg-accent-50 has-checked:ring-2 has-checked:ring-accent-600',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2',
              error ? 'ring-red-500' : 'ring-slate-300 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name="platform"
              value={membership.platform}
              checked={selected === membership.platform}
              onChange={() => onSelect(membership.platform)}
              className="size-4 accent-accent-700"
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="font-semibold text-slate-900">
                {platformProductNames[membership.platform]}
              </span>
              <span className="text-xs text-slate-600">Linked {linkedOn.format(membership.linkedAt)}</span>
            </span>
            {membership.isDefault && (
              <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                Current default
              </span>
            )}
          </label>
        ))}
      </div>
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="mt-1.5 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
};
