import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface FinalizeNoticeProps {
  message: string;
  actionLabel: string;
  actionHref: string;
}

/** A finalize screen that cannot set a password: the reason and one way on (e.g. 'Go to login'). */
export const FinalizeNotice = ({ message, actionLabel, actionHref }: FinalizeNoticeProps): ReactNode => (
  <div className="flex flex-col gap-5">
    <p
      role="status"
      className="rounded-xl bg-accent-50 px-4 py-3 text-sm font-medium text-slate-800 ring-1 ring-accent-200"
    >
      {message}
    </p>
    <Link
      to={actionHref}
      className="flex w-full items-center justify-center rounded-lg bg-accent-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-accent-800"
    >
      {actionLabel}
    </Link>
  </div>
);
