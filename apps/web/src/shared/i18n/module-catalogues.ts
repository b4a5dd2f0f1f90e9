import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from './index';

/** A dotted key of a catalogue's texts, e.g. 'users.create' for { users: { create: '…' } }. */
export type CatalogueKey<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${CatalogueKey<T[K]>}` }[keyof T & string];

/** A module's translate function: keys relative to its prefix. */
export type ModuleT<K extends string> = (key: K, options?: Record<string, unknown>) => string;

/** Registers a module's texts per language under `prefix.` (dotted: nested) of the app's translation namespace (deep merge). */
export function addModuleCatalogues(prefix: string, catalogues: Record<string, object>): void {
  for (const [lng, catalogue] of Object.entries(catalogues)) {
    const nested = prefix.split('.').reduceRight<object>((inner, part) => ({ [part]: inner }), catalogue);
    i18n.addResourceBundle(lng, 'translation', nested, true, true);
  }
}

/** `own` for a module's texts (keys relative to `prefix.`), and the app's `t` for shared ones. */
export function useModuleTranslation<K extends string>(prefix: string) {
  const { t, i18n: instance } = useTranslation();
  const loose = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const own = useCallback<ModuleT<K>>((key, options) => loose(`${prefix}.${key}`, options), [loose, prefix]);
  return { own, t, i18n: instance };
}

/** A module's catalogues: one per language, each of the zh-CN catalogue's shape. */
export type ModuleCatalogues<C> = { readonly 'zh-CN': C; readonly 'zh-TW': C; readonly en: C };

/** What a module's translation hook gives: `name` for its own texts, `t` and `i18n` of the app. */
export type ModuleTranslation<N extends string, C> = { [P in N]: ModuleT<CatalogueKey<C>> } & Omit<ReturnType<typeof useModuleTranslation>, 'own'>;

/**
 * Registers a module's catalogues under `prefix.` and returns its translation hook, which gives the
 * module's own translate function under `name` (e.g. `ad` for admin: `ad('users.create')`).
 */
export function moduleTranslation<N extends string, C extends object>(prefix: string, catalogues: ModuleCatalogues<C>, name: N): () => ModuleTranslation<N, C> {
  addModuleCatalogues(prefix, catalogues);
  return function useModuleTexts() {
    const { own, ...rest } = useModuleTranslation<CatalogueKey<C>>(prefix);
    return { ...rest, [name]: own } as ModuleTranslation<N, C>;
  };
}
