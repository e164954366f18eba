import { useEffect, useState } from 'react';
import type { PreferenceNamespace, Preferences } from '../../../../domain/commerce/preferences.js';
import { OwnerApiError, ownerFetch, TEXT } from '../../api.js';

const API = '/api/v1/commerce-preferences';

export interface NamespaceForm<T> {
  /** The form's values (undefined while loading). */
  value: T | undefined;
  loadError: string;
  set: <K extends keyof T>(key: K, v: T[K]) => void;
  save: () => Promise<boolean>;
  saving: boolean;
  errors: Record<string, string>;
  failure: string;
  /** True when the form differs from what the server last answered. */
  dirty: boolean;
}

/**
 * One commerce-preferences namespace as a form: GET fills it (websiteId dropped, as SPEC §7
 * says the client does), save() PUTs the whole object and takes the answer as the new state.
 * `extra` keys the GET answers that the PUT must not send (read-only facts such as a key's last four).
 */
export function useNamespace<N extends PreferenceNamespace, X extends object = object>(namespace: N, readOnly: readonly string[] = []): NamespaceForm<Preferences<N> & Partial<X>> {
  type T = Preferences<N> & Partial<X>;
  const [value, setValue] = useState<T | undefined>();
  const [saved, setSaved] = useState<string>('');
  const [loadError, setLoadError] = useState('');
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');

  const take = (answer: Record<string, unknown>) => {
    const { websiteId: _dropped, ...rest } = answer;
    setValue(rest as T);
    setSaved(JSON.stringify(rest));
  };
  useEffect(() => {
    let live = true;
    ownerFetch<Record<string, unknown>>('GET', `${API}/${namespace}`).then(
      (a) => live && take(a),
      (e: unknown) => live && setLoadError(e instanceof OwnerApiError ? e.message : TEXT.loadRetry),
    );
    return () => {
      live = false;
    };
  }, [namespace]);

  return {
    value,
    loadError,
    saving,
    errors,
    failure,
    dirty: value !== undefined && JSON.stringify(value) !== saved,
    set: (key, v) => {
      setValue((old) => (old ? { ...old, [key]: v } : old));
      setErrors(({ [key as string]: _fixed, ...rest }) => rest);
    },
    save: async () => {
      if (!value) return false;
      setSaving(true);
      setFailure('');
      setErrors({});
      try {
        const body = Object.fromEntries(Object.entries(value).filter(([k]) => !readOnly.includes(k)));
        take(await ownerFetch<Record<string, unknown>>('PUT', `${API}/${namespace}`, body));
        return true;
      } catch (e) {
        if (e instanceof OwnerApiError) setErrors(e.fields);
        setFailure(e instanceof OwnerApiError ? e.message : TEXT.failed);
        return false;
      } finally {
        setSaving(false);
      }
    },
  };
}
