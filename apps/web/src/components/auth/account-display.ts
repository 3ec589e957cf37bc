import { formatAccountForDisplay } from '@hub/core';
import { sainfoAccountText } from '../../hooks/use-sainfo-account';

/**
 * Spec §2 password screens: the account shown at the top, decoded from sainfo.account (base64),
 * its prefix stripped by the screen's rule (core stripSetupPrefix or stripResetPrefix), with
 * +63 when sainfo.va is mobile_num. Undefined when sainfo is absent or malformed.
 */
export const accountFromSainfo = (
  rawSainfo: string | null,
  stripPrefix: (decoded: string) => string,
): string | undefined => {
  const carried = sainfoAccountText(rawSainfo);
  if (!carried) return undefined;
  const account = stripPrefix(carried.text);
  return account === '' ? undefined : formatAccountForDisplay(account, carried.va ?? 'username');
};
