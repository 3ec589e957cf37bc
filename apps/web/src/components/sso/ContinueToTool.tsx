import { Trans } from 'react-i18next';
import type { ToolDisplay } from '../../hooks/use-tool-info';
import { ToolLogo } from './ToolLogo';

/** Spec §1: a user who came from a partner tool sees where the sign-in takes them back to. */
export const ContinueToTool = ({ tool }: { tool: ToolDisplay }) => (
  <p
    data-testid="continue-to-tool"
    className="mb-5 flex min-w-0 items-center gap-2.5 rounded-xl bg-slate-50 px-3 py-2.5 text-sm text-slate-600 ring-1 ring-slate-900/5 ring-inset"
  >
    <ToolLogo logo={tool.logo} size={28} />
    <span className="min-w-0 truncate">
      {/* The name is the element's own child, never parsed as part of the translation. */}
      <Trans
        i18nKey="continueTo"
        components={{ tool: <strong className="font-semibold text-slate-900">{tool.name}</strong> }}
      />
    </span>
  </p>
);
