import { TOOL_SESSION_SECONDARY_STORAGE_KEY, TOOL_SESSION_STORAGE_KEY } from '@hub/core';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PRODUCT_NAME } from '../../lib/brand';
import {
  type BeforeInstallPromptEvent,
  clearInstallPrompt,
  type InstallPromptType,
} from '../../lib/install-prompt';
import { browserStorage } from '../../lib/tool-session';
import { ToolLogo } from '../sso/ToolLogo';

export interface InstallDialogProps {
  prompt: BeforeInstallPromptEvent;
  type: InstallPromptType;
}

interface DialogTool {
  name: string;
  /** The tool's logo (tinfo[0].logo); undefined for the hub itself or a tool without one. */
  logo: string | undefined;
}

const hubItself: DialogTool = { name: PRODUCT_NAME, logo: undefined };

/**
 * Spec §2: the dialog is titled with the tool's name (the tool session's first tinfo), else the
 * product's, and shows that tool's logo. The hub reads the stored tool session (GET /api/sso/tool,
 * core's ssoEndpoints.tool) and names the tool; the page does not decode it. Only the two strings
 * of the answer are used, checked here without a schema: zod would weigh 26 KB on the landing page.
 */
/** What GET /api/sso/tool answers, as far as the dialog reads it (checked field by field). */
interface ToolAnswer {
  tool?: { name?: unknown; logo?: unknown };
}

const useDialogTool = (): DialogTool => {
  const [tool, setTool] = useState(hubItself);
  useEffect(() => {
    const raw = browserStorage()?.getItem(TOOL_SESSION_STORAGE_KEY);
    if (!raw) return;
    const controller = new AbortController();
    // A plain fetch: the API client checks error bodies with zod, and the bundler keeps it in zod's chunk.
    fetch(`/api/sso/tool?${new URLSearchParams({ from: raw })}`, {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    })
      .then(async (response) => (response.ok ? ((await response.json()) as ToolAnswer) : undefined))
      .then((answer) => {
        const name = answer?.tool?.name;
        if (controller.signal.aborted || typeof name !== 'string' || name.trim() === '') return;
        const logo = answer?.tool?.logo;
        setTool({
          name: name.trim().slice(0, 200),
          logo: typeof logo === 'string' && logo ? logo : undefined,
        });
      })
      // Unreachable or refused: the dialog names the hub itself, as for a visit without a tool.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return tool;
};

/** Spec §3: the tool session (both keys) is cleared on logout and on install. */
const clearToolSessions = () => {
  const storage = browserStorage();
  storage?.removeItem(TOOL_SESSION_STORAGE_KEY);
  storage?.removeItem(TOOL_SESSION_SECONDARY_STORAGE_KEY);
};

/** Keeps Tab and Shift+Tab inside the dialog: from the last control to the first and back. */
const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('button:not([disabled])')];
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
};

/**
 * Spec §2 "Install dialog": a modal of at most width md, titled with the tool's name, with
 * 'Powered by', 'Before you proceed!', the invitation and 'INSTALL NOW'. The first-visit type closes
 * by a click outside (or Escape); the logout type offers 'Proceed to logout'. Closing clears the
 * prompt state; an accepted install also clears the tool session and goes to the root (spec §4).
 */
const InstallDialog = ({ prompt, type }: InstallDialogProps) => {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tool = useDialogTool();
  const [installing, setInstalling] = useState(false);

  // A layout effect, so the dialog is closed (and focus goes back where it was) before it leaves the page.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const install = async () => {
    setInstalling(true);
    try {
      await prompt.prompt();
      const { outcome } = await prompt.userChoice;
      clearInstallPrompt();
      if (outcome === 'accepted') {
        clearToolSessions();
        navigate('/');
      }
    } catch (error) {
      // The browser refuses a second prompt() on one offer; the offer is spent either way.
      console.warn('The browser did not show its install prompt', error);
      clearInstallPrompt();
    }
  };

  const proceedToLogout = () => {
    clearInstallPrompt();
    clearToolSessions();
    navigate('/');
  };

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      aria-modal="true"
      data-prompt-type={type}
      onCancel={(event) => {
        event.preventDefault();
        clearInstallPrompt();
      }}
      onClick={(event) => {
        // A click on the dialog element itself is a click on its backdrop: the panel fills the box.
        if (event.target === event.currentTarget && type === 'first') clearInstallPrompt();
      }}
      onKeyDown={keepFocusInside}
      className="m-auto w-[calc(100%-2rem)] max-w-md overflow-visible bg-transparent p-0 backdrop:bg-slate-900/60 backdrop:backdrop-blur-sm"
    >
      <div className="rounded-2xl bg-white px-6 py-8 text-center shadow-2xl ring-1 ring-slate-900/5 tablet:px-8">
        {/* The tool's own logo over its name; the hub's mark when it has none (or it fails to load). */}
        <span data-testid="install-logo" className="flex justify-center">
          <ToolLogo logo={tool.logo} size={48} />
        </span>
        <h2 id={titleId} className="mt-4 text-xl font-semibold tracking-tight text-slate-900">
          {tool.name}
        </h2>
        <p className="mt-1 text-xs font-medium text-slate-500">
          {t('poweredBy')} {PRODUCT_NAME}
        </p>
        <div id={bodyId}>
          <p className="mt-6 text-base font-semibold text-slate-900">{t('installBeforeProceed')}</p>
          <p className="mt-2 text-sm leading-6 text-slate-600">{t('installBody')}</p>
        </div>
        <button
          type="button"
          onClick={install}
          disabled={installing}
          className="mt-6 w-full rounded-lg bg-primary-700 px-5 py-3 text-sm font-bold tracking-wide text-white shadow-sm hover:bg-primary-800 disabled:cursor-wait disabled:opacity-70"
        >
          {t('installNow')}
        </button>
        {type === 'first' ? (
          <p className="mt-4 text-xs text-slate-500">{t('installClickOutside')}</p>
        ) : (
          <button
            type="button"
            onClick={proceedToLogout}
            className="mt-3 w-full rounded-lg px-5 py-3 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {t('installProceedLogout')}
          </button>
        )}
      </div>
    </dialog>
  );
};

export default InstallDialog;
