/** The CSP with more sources allowed in form-action (the hub's own pages keep 'self' alone). */
export const withFormAction = (csp: string, sources: readonly string[]): string =>
  csp
    .split(';')
    .map((directive) => {
      const trimmed = directive.trim();
      return trimmed.startsWith('form-action ') ? `${trimmed} ${sources.join(' ')}` : trimmed;
    })
    .join('; ');
