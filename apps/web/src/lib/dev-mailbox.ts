/**
 * Where the dev mailbox is, when this hub has one (local and development without SMTP_URL): the
 * server names it in the page (`<meta name="hub-dev-mailbox">`, http/static.ts), so the code step
 * can point a newcomer at the code. Only a path of this origin is taken.
 */
export const devMailboxPath = (): string | undefined => {
  const content = document.querySelector('meta[name="hub-dev-mailbox"]')?.getAttribute('content');
  return content && /^\/[\w/-]*$/.test(content) ? content : undefined;
};
