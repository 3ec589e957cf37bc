import { errorMessage } from '@hub/core';
import { fil } from '@hub/core/i18n/fil';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../i18n';
import { useApiProblem } from './use-api-problem';

describe('useApiProblem', () => {
  afterEach(() => setLanguage('en'));

  it('puts a field error under its field, anything else in the banner with its action', () => {
    const { result } = renderHook(() => useApiProblem());
    const fail = vi.fn();
    const retry = vi.fn();
    act(() => {
      result.current.show(
        { code: 'password.incorrect', message: '', field: 'password' },
        { password: fail },
        { retry },
      );
    });
    expect(fail).toHaveBeenCalledWith(errorMessage('password.incorrect'));
    expect(result.current.problem).toBeNull();

    act(() => {
      result.current.show({ code: 'network.unreachable', message: '' }, {}, { retry });
    });
    expect(result.current.problem?.message).toBe(errorMessage('network.unreachable'));
    act(() => result.current.problem?.tryAgain());
    expect(retry).toHaveBeenCalledOnce();
    expect(result.current.problem).toBeNull();
  });

  it('words the banner again when the language is switched while it shows', async () => {
    const { result } = renderHook(() => useApiProblem());
    act(() => {
      result.current.show({ code: 'network.unreachable', message: '' }, {}, { retry: () => {} });
    });
    expect(result.current.problem?.message).toBe(errorMessage('network.unreachable'));
    await act(() => setLanguage('fil'));
    expect(result.current.problem?.message).toBe(fil.errors['network.unreachable']);
  });
});
