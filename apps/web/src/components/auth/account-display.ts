import { decodeBase64Account, decodeSainfo, formatAccountForDisplay } from '@hub/core';

/**
 * Spec §2 password screens: the account shown at the top, decoded from sainfo.account (base64),
 * its prefix stripped by the screen's rule (core stripSetupPrefix or stripResetPrefix), with
 * +63 when sainfo.va is mobile_num. Undefined when sainfo is absent or malformed.
 */
export const accountFromSainfo = (
  rawSainfo: string | null,
  stripPrefix: (decoded: string) => string,
): string | undefined => {
  const sainfo = decodeSainfo(rawSainfo);
  if (!sainfo.ok || sainfo.value.account === undefined) return undefined;
  const decoded = decodeBase64Account(sainfo.value.account);
  if (!decoded.ok) return undefined;
  const account = stripPrefix(decoded.value);
  if (account === '') return undefined;
  return formatAccountForDisplay(account, sainfo.value.va ?? 'username');
};
