import { decodeBase64Account, decodeSainfo, type Sainfo, stripAccountPrefix } from '@hub/core';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Spec §3 sainfo.account: the account text a raw sainfo carries (base64-decoded, its prefix still
 * on) and its kind (va). Undefined when sainfo is absent or malformed or carries no account.
 */
export const sainfoAccountText = (
  rawSainfo: string | null,
): { text: string; va: Sainfo['va'] } | undefined => {
  const sainfo = decodeSainfo(rawSainfo);
  if (!sainfo.ok || sainfo.value.account === undefined) return undefined;
  const account = decodeBase64Account(sainfo.value.account);
  return account.ok ? { text: account.value, va: sainfo.value.va } : undefined;
};

/**
 * The account a `sainfo` parameter carries (e.g. a marketplace direct checkout, spec §4), to
 * pre-fill an account field with. Only the field's starting value: the user still submits it.
 */
export const useSainfoAccount = (): string | undefined => {
  const [params] = useSearchParams();
  const raw = params.get('sainfo');
  return useMemo(() => {
    const carried = sainfoAccountText(raw);
    const value = carried && stripAccountPrefix(carried.text).trim();
    return value || undefined;
  }, [raw]);
};
