/** A screen path carrying the tool-session `from` when present (spec §2: links keep it). */
export const withFrom = (path: string, from: string | null | undefined): string =>
  from ? `${path}?${new URLSearchParams({ from }).toString()}` : path;
