import type { Language } from '@hub/core';
import { escapeHtml } from '../services/html.js';

// The dev mailbox's pages escape with it too.
export { escapeHtml };

/** Collapses control characters and runs of whitespace, for text that ends up in a header line. */
export const oneLine = (value: string, max = 120): string => {
  const flat = value.replace(/[\s\p{Cc}]+/gu, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const font = 'font-family:Arial,Helvetica,sans-serif;';

/** A block of the mail's body. Every string in it is plain text and is escaped when rendered. */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'code'; code: string }
  | { kind: 'button'; label: string; href: string }
  | { kind: 'note'; text: string };

const renderBlock = (block: MailBlock): string => {
  switch (block.kind) {
    case 'paragraph':
      return `<tr><td style="padding:0 32px 16px;${font}font-size:16px;line-height:24px;color:#374151;">${escapeHtml(block.text)}</td></tr>`;
    case 'code':
      return `<tr><td align="center" style="padding:8px 32px 24px;"><div style="display:inline-block;padding:12px 12px 12px 20px;background-color:#f3f4f6;border-radius:6px;font-family:'Courier New',Courier,monospace;font-size:32px;line-height:40px;font-weight:bold;letter-spacing:8px;color:#111827;">${escapeHtml(block.code)}</div></td></tr>`;
    case 'button':
      return `<tr><td align="center" style="padding:0 32px 24px;"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:12px 24px;background-color:#1d4ed8;border-radius:6px;${font}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;">${escapeHtml(block.label)}</a></td></tr>`;
    case 'note':
      return `<tr><td style="padding:0 32px 16px;${font}font-size:13px;line-height:20px;color:#6b7280;">${escapeHtml(block.text)}</td></tr>`;
  }
};

/**
 * An email-safe HTML document: nested tables and inline styles (mail clients ignore style sheets
 * and the web app's CSP does not apply to mail). Every interpolated string is escaped.
 */
export const renderMailHtml = (input: {
  title: string;
  productName: string;
  blocks: MailBlock[];
  /** The `lang` of the mail's HTML: the language it is written in. */
  language?: Language;
}): string =>
  [
    '<!doctype html>',
    `<html lang="${input.language ?? 'en'}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(input.title)}</title></head>`,
    '<body style="margin:0;padding:0;background-color:#f4f5f7;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f5f7;">',
    '<tr><td align="center" style="padding:24px 12px;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:480px;background-color:#ffffff;border-radius:8px;">',
    `<tr><td style="padding:32px 32px 16px;${font}font-size:20px;line-height:28px;font-weight:bold;color:#111827;">${escapeHtml(input.productName)}</td></tr>`,
    ...input.blocks.map(renderBlock),
    '<tr><td style="padding:0 0 16px;"></td></tr>',
    '</table>',
    '</td></tr>',
    '</table>',
    '</body>',
    '</html>',
  ].join('\n');
