import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from './index';

/** A dotted key of a catalogue's texts, e.g. 'users.create' for { users: { create: '…' } }. */
export type CatalogueKey<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${CatalogueKey<T[K]>}` }[keyof T & string];

/** A module's translate function: keys relative to its prefix. */
export type ModuleT<K extends string> = (key: K, options?: Record<string, unknown>) => string;

/** Registers a module's texts per language under `prefix.` of the app's translation namespace (deep merge). */
export function addModuleCatalogues(prefix: string, catalogues: Record<string, object>): void {
  for (const [lng, catalogue] of Object.entries(catalogues)) {
    i18n.addResourceBundle(lng, 'translation', { [prefix]: catalogue }, true, true);
  }
}

/** `own` for a module's texts (keys relative to `prefix.`), and the app's `t` for shared ones. */
export function useModuleTranslation<K extends string>(prefix: string) {
  const { t, i18n: instance } = useTranslation();
  const loose = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const own = useCallback<ModuleT<K>>((key, options) => loose(`${prefix}.${key}`, options), [loose, prefix]);
  return { own, t, i18n: instance };
}
